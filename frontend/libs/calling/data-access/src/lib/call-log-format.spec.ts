import { CONTACT_TYPES, centralDateTime, reportingPeriod, resultName, shortDate, surveyAnswerLines, surveyStatus, visitInfoText } from './call-log-format';
import { queryString } from './download';

describe('call log formatting', () => {
  it('names results, with Agreed to Survey shown as Survey Complete', () => {
    expect(resultName(1)).toBe('Survey Complete');
    expect(resultName(2)).toBe('Do Not Call');
    expect(resultName(6)).toBe('Scheduled Another Time to Contact');
    expect(resultName(null)).toBe('');
  });

  it('ends a call partial when Partial Survey is ticked or the result is not Agreed to Survey (spec §4)', () => {
    expect(surveyStatus({ result: 1, isPartial: false })).toBe('Completed');
    expect(surveyStatus({ result: 1, isPartial: true })).toBe('Partial');
    expect(surveyStatus({ result: 4, isPartial: true })).toBe('Partial');
    expect(surveyStatus({ result: 3, isPartial: false })).toBe('Partial');
    expect(surveyStatus({ result: null, isPartial: false })).toBe('');
  });

  it('shows instants in Central time, summer and winter', () => {
    expect(centralDateTime('2026-07-01T17:05:09Z')).toBe('07/01/2026 12:05:09 PM CST');
    expect(centralDateTime('2026-01-15T03:00:00Z')).toBe('01/14/2026 09:00:00 PM CST');
    expect(centralDateTime(null)).toBe('');
    expect(shortDate('2026-01-05')).toBe('01/05/26');
  });

  it('shows a visit-info date (DOS) as MM/DD/YY and any other value as it is', () => {
    expect(visitInfoText('2026-11-21')).toBe('11/21/26');
    expect(visitInfoText('Established')).toBe('Established');
    expect(visitInfoText(42)).toBe('42');
    expect(visitInfoText('2026-11-21 clinic')).toBe('2026-11-21 clinic');
    expect(visitInfoText(null)).toBe('');
  });

  it('builds query strings of the defined values only', () => {
    expect(queryString({ from: '2026-01-01', projectId: 7, searchPhone: '', surveyorId: undefined, isComplete: false }))
      .toBe('from=2026-01-01&projectId=7&isComplete=false');
  });
  it('names the reporting frequency and the contact types as the projects screens do (spec §3)', () => {
    expect([1, 2, 3, 6, 12].map(reportingPeriod)).toEqual(['Monthly', 'BiMonthly', 'Quarterly', 'SemiAnnually', 'Annually']);
    expect(reportingPeriod(null)).toBe('');
    expect([0, 1, 2, 3, 4].map((t) => CONTACT_TYPES[t]))
      .toEqual(['Primary Contact', 'IT Contact', 'Billing Contact', 'Reporting Contact', 'SR Contact']);
  });
  it('shows survey answers one line per question, in order, a Multiple question joined', () => {
    expect(surveyAnswerLines([
      { quesId: 5, sequence: 3, question: 'How scheduled', answer: 'Phone' },
      { quesId: 2, sequence: 1, question: 'Overall care rating', answer: 'Excellent' },
      { quesId: 5, sequence: 3, question: 'How scheduled', answer: 'Website' },
      { quesId: 7, sequence: 2, question: null, answer: null, openEnded: 'Kind nurses' },
    ])).toEqual([
      { quesId: 2, question: 'Overall care rating', answer: 'Excellent' },
      { quesId: 7, question: 'Question 7', answer: 'Kind nurses' },
      { quesId: 5, question: 'How scheduled', answer: 'Phone; Website' },
    ]);
    expect(surveyAnswerLines(undefined)).toEqual([]);
  });
});
