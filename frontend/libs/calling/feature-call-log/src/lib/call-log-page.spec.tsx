import { callLogQuery } from './call-log-page';

describe('callLogQuery', () => {
  it('turns the filter form into the server query (dates as Central days, survey status as isComplete)', () => {
    expect(callLogQuery({
      from: '2026-03-01', to: '2026-03-07', projectId: '12', surveyorId: '', responseType: '3', surveyStatus: 'complete',
      searchPhone: ' 555 ',
    })).toEqual({
      from: '2026-03-01', to: '2026-03-07', tz: 'America/Chicago', projectId: 12, surveyorId: undefined, responseType: 3,
      isComplete: true, searchPhone: '555',
    });
    expect(callLogQuery({ from: null, to: null, projectId: '', surveyorId: '7', responseType: '', surveyStatus: 'incomplete', searchPhone: '' }))
      .toMatchObject({ from: undefined, surveyorId: 7, isComplete: false, searchPhone: undefined });
  });
});
