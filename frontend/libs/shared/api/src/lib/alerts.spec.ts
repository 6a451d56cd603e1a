import { DEFAULT_ERROR_TEXT, OFFLINE_TEXT } from '@frontend/shared-util';
import {
  alertFor, alertSlice, backOnline, failureAlert, failureText, infoNotice, notice, pageLeft, SESSION_EXPIRED_TEXT,
  sessionExpiredNotice, successNotice,
} from './alert-slice';
import { signedIn } from './auth-slice';
import { toAppError } from './base-api';

describe('failure texts', () => {
  it('speaks to people: the message without the status, the default text without a message and appended for 0 and >= 500', () => {
    expect(failureText(0)).toBe(DEFAULT_ERROR_TEXT);
    // platform.md §8: the default text "is appended for status 500 or higher or 0" (a 502's own message, e.g. the
    // code could not be sent, still tells the user what failed)
    expect(failureText(500, 'boom')).toBe(`boom ${DEFAULT_ERROR_TEXT}`);
    expect(failureText(502, 'The verification code could not be sent.')).toBe(`The verification code could not be sent. ${DEFAULT_ERROR_TEXT}`);
    expect(alertFor(500, 'boom')).toMatchObject({ kind: 'error', text: `boom ${DEFAULT_ERROR_TEXT}`, detail: 'Status 500' });
    expect(failureText(503)).toBe(DEFAULT_ERROR_TEXT);
    expect(failureText(0, 'no answer')).toBe(`no answer ${DEFAULT_ERROR_TEXT}`);
    expect(failureText(400, 'Invalid verification code')).toBe('Invalid verification code');
    expect(alertFor(401, 'Invalid email or password')).toMatchObject({ kind: 'error', text: 'Invalid email or password', detail: 'Status 401' });
    expect(alertFor(0, 'no answer')).not.toHaveProperty('detail');
  });
  it('turns network failures into the yellow offline alert and 406 into the long roster alert', () => {
    expect(alertFor(0, toAppError({ status: 'TIMEOUT_ERROR', error: 'x' }).message)).toMatchObject({ kind: 'offline', text: OFFLINE_TEXT });
    expect(toAppError({ status: 'FETCH_ERROR', error: 'x' })).toMatchObject({ status: 0, message: expect.stringContaining('(aborted)') });
    expect(alertFor(406, 'bad roster')).toMatchObject({ kind: 'roster', ttlMs: 180_000 });
    expect(alertFor(409, 'exists')).toMatchObject({ kind: 'error', ttlMs: 10_000 });
  });
  it('shows the comment-cleaning conflicts as warnings without a status line (survey-work §8)', () => {
    for (const text of ['Warning! This comment is being cleaned by someone else!!!', 'Warning! This comment is already cleaned.']) {
      const alert = alertFor(409, text);
      expect(alert).toEqual({ kind: 'warning', text, ttlMs: 10_000 });
    }
  });
  it('reads the server message', () => {
    expect(toAppError({ status: 401, data: { statusCode: 401, message: 'Session Expired' } })).toEqual({ status: 401, message: 'Session Expired' });
  });
  it('shows the default text, not markup nor "HTTP 500", for a failure without a message of its own', () => {
    const nginx = '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>';
    const html = toAppError({ status: 'PARSING_ERROR', originalStatus: 502, data: nginx, error: 'SyntaxError' });
    expect(html).toEqual({ status: 502, message: '' });
    expect(alertFor(html.status, html.message)).toMatchObject({ text: DEFAULT_ERROR_TEXT, detail: 'Status 502' });
    const empty = toAppError({ status: 500, data: {} });
    expect(alertFor(empty.status, empty.message)).toMatchObject({ text: DEFAULT_ERROR_TEXT, detail: 'Status 500' });
    const forbidden = toAppError({ status: 403, data: null });
    expect(alertFor(forbidden.status, forbidden.message).text).toBe(DEFAULT_ERROR_TEXT);
    // a proxy's plain-text reason is still a message
    expect(toAppError({ status: 'PARSING_ERROR', originalStatus: 413, data: 'Request Entity Too Large\n', error: 'x' }))
      .toEqual({ status: 413, message: 'Request Entity Too Large' });
  });
});

describe('the alert list', () => {
  const run = (...actions: Parameters<typeof alertSlice.reducer>[1][]) =>
    actions.reduce(alertSlice.reducer, alertSlice.getInitialState()).items.map((a) => [a.kind, a.text]);

  it('lets a new success notice replace the last one instead of piling up', () => {
    expect(run(successNotice('User created'), successNotice('User updated'))).toEqual([['success', 'User updated']]);
    expect(run(failureAlert(409, 'Email exists'), successNotice('Saved'))).toEqual([['error', 'Email exists'], ['success', 'Saved']]);
  });
  it('drops the failures of a page when the user leaves it, keeping success notices and the offline alert', () => {
    const items = run(
      failureAlert(401, 'Invalid email or password'),
      failureAlert(406, 'Row 3: bad date'),
      notice({ kind: 'offline', text: OFFLINE_TEXT }),
      successNotice('A reset link was sent'),
      pageLeft(),
    );
    expect(items).toEqual([['offline', OFFLINE_TEXT], ['success', 'A reset link was sent']]);
  });
  it('keeps a failure raised as the page sends the user on (carry) through that one page change', () => {
    // survey-work §4: a failed call fetch returns the surveyor to My Projects; the server's reason must arrive there
    const carried = notice({ ...alertFor(423, 'This project is locked; calls are not allowed'), carry: true });
    expect(run(carried, pageLeft())).toEqual([['error', 'This project is locked; calls are not allowed']]);
    expect(run(carried, pageLeft(), pageLeft())).toEqual([]);
  });
  it('keeps an info notice (an empty export) apart from failures, and drops it with its page', () => {
    expect(run(infoNotice('No Data Found'))).toEqual([['info', 'No Data Found']]);
    expect(run(infoNotice('No Data Found'), pageLeft())).toEqual([]);
  });
  it('says Session Expired on the sign-in page, whatever redirects the logout makes, and no longer once signed in', () => {
    const user = { id: 3, firstName: 'Paul', lastName: 'Manager', email: 'pm@demo.test', role: 1 };
    const said = [['warning', SESSION_EXPIRED_TEXT]];
    // carried through the change to the sign-in page; it may be raised before or after that change
    expect(run(sessionExpiredNotice(), pageLeft())).toEqual(said);
    expect(run(pageLeft(), sessionExpiredNotice())).toEqual(said);
    // the sign-in takes it away, though a page change may not have used up its carry
    expect(run(pageLeft(), sessionExpiredNotice(), signedIn({ token: 't', user }), pageLeft())).toEqual([]);
    expect(run(sessionExpiredNotice(), signedIn({ token: 't', user }))).toEqual([]);
  });
  it('drops the offline alert once a resubmit landed back online', () => {
    expect(run(notice({ kind: 'offline', text: OFFLINE_TEXT }), successNotice('Saved'), backOnline())).toEqual([['success', 'Saved']]);
  });
});
