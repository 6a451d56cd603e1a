import { vi } from 'vitest';
import { DEFAULT_ERROR_TEXT, NO_QUESTIONNAIRE_TEXT } from '@frontend/shared-util';
import { alertMiddleware } from './alert-middleware';

const rejected = (endpointName: string, status: number, message: string) => ({
  type: 'api/executeQuery/rejected',
  payload: { status, message },
  meta: { requestId: 'r1', requestStatus: 'rejected', rejectedWithValue: true, arg: { endpointName, type: 'query' } },
});

function run(action: unknown) {
  const dispatch = vi.fn();
  alertMiddleware({ dispatch, getState: () => ({}) } as never)(() => undefined)(action);
  return dispatch.mock.calls.map(([a]) => a.payload?.text);
}

describe('alert middleware', () => {
  it('turns a failed call into an alert', () => {
    expect(run(rejected('callingListCallLog', 403, 'Not yours'))).toEqual(['Not yours']);
  });
  it('appends the default text to the message of a server failure (>= 500, platform.md §8)', () => {
    expect(run(rejected('callingListCallLog', 500, 'boom'))).toEqual([`boom ${DEFAULT_ERROR_TEXT}`]);
  });
  it('leaves a failed Surveyors Called Roster Export to the screen, which only logs it (survey-work §8)', () => {
    expect(run(rejected('rostersCalledRosterExport', 403, 'Not yours'))).toEqual([]);
    expect(run(rejected('rostersCalledRosterExport', 500, 'boom'))).toEqual([]);
  });
  it('leaves a questionnaire missing in the chosen language to the pane (an empty state, not a red failure)', () => {
    expect(run(rejected('surveysGetQuestionnaire', 404, NO_QUESTIONNAIRE_TEXT))).toEqual([]);
    expect(run(rejected('surveysGetQuestionnaire', 404, 'Project not found'))).toEqual(['Project not found']);
  });
});
