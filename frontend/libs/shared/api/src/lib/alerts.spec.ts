import { DEFAULT_ERROR_TEXT, OFFLINE_TEXT } from '@frontend/shared-util';
import { alertFor, failureText } from './alert-slice';
import { toAppError } from './base-api';

describe('failure texts', () => {
  it('uses the default text for status 0 and appends it for >= 500', () => {
    expect(failureText(0)).toBe(DEFAULT_ERROR_TEXT);
    expect(failureText(500, 'boom')).toBe(`500: boom ${DEFAULT_ERROR_TEXT}`);
    expect(failureText(400, 'Invalid verification code')).toBe('400: Invalid verification code');
  });
  it('turns network failures into the yellow offline alert and 406 into the long roster alert', () => {
    expect(alertFor(0, toAppError({ status: 'TIMEOUT_ERROR', error: 'x' }).message)).toMatchObject({ kind: 'offline', text: OFFLINE_TEXT });
    expect(toAppError({ status: 'FETCH_ERROR', error: 'x' })).toMatchObject({ status: 0, message: expect.stringContaining('(aborted)') });
    expect(alertFor(406, 'bad roster')).toMatchObject({ kind: 'roster', ttlMs: 180_000 });
    expect(alertFor(409, 'exists')).toMatchObject({ kind: 'error', ttlMs: 10_000 });
  });
  it('reads the server message', () => {
    expect(toAppError({ status: 401, data: { statusCode: 401, message: 'Session Expired' } })).toEqual({ status: 401, message: 'Session Expired' });
  });
});
