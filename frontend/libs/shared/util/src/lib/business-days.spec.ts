import { addDays, businessDayOf, businessToday, businessWeek, centralDateTime, centralDay, historyWithCurrentWeek, shortDay, usDay } from './business-days';

describe('business calendar', () => {
  it('names today in Central time, whatever the browser zone', () => {
    // 03:30 UTC on 3 March is still 2 March in Chicago (CST, UTC-6); 18:00 UTC is 3 March
    expect(businessToday(new Date('2026-03-03T03:30:00Z'))).toBe('2026-03-02');
    expect(businessToday(new Date('2026-03-03T18:00:00Z'))).toBe('2026-03-03');
  });
  it('names the business day of a server instant, with or without its Z', () => {
    expect(businessDayOf('2026-03-03T03:30:00')).toBe('2026-03-02');
    expect(businessDayOf('2026-03-03T03:30:00Z')).toBe('2026-03-02');
    expect(businessDayOf('2026-03-03T03:30:00+00:00')).toBe('2026-03-02');
    expect(shortDay('2026-03-02')).toBe('03/02/26');
    expect(usDay('2026-03-02')).toBe('03/02/2026');
    expect(usDay('2026-03-02T10:00:00')).toBe('03/02/2026');
    expect(centralDay('2026-11-26T01:11:52.108071Z')).toBe('11/25/2026');
    expect(centralDay(null)).toBe('');
  });
  it('shows a server instant in Central time with seconds, marked CST (spec §9 MM/DD/YYYY hh:mm:ss)', () => {
    expect(centralDateTime('2026-07-01T17:05:09Z')).toBe('07/01/2026 12:05:09 PM CST');
    expect(centralDateTime('2026-01-15T03:00:00')).toBe('01/14/2026 09:00:00 PM CST');
    expect(centralDateTime('2026-01-15T06:30:01+00:00')).toBe('01/15/2026 12:30:01 AM CST');
    expect(centralDateTime(null)).toBe('');
  });
  it('adds days across month ends', () => {
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('gives Monday to Sunday of the week', () => {
    expect(businessWeek('2026-03-04')).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(businessWeek('2026-03-02')).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(businessWeek('2026-03-08')).toEqual({ from: '2026-03-02', to: '2026-03-08' });
  });
  it('shows the current week with the assignment\'s goals while no saved week has started (nothing stored)', () => {
    const g = { surveyorGoals: 12, surveyorCompGoals: 40, assignmentHistory: [] as { id: number; weekDate: string; weekGoals: number; weekCompGoals: number }[] };
    expect(historyWithCurrentWeek(g, '2026-03-04')).toEqual([
      { weekDate: '2026-03-02', weekGoals: 12, weekCompGoals: 40, fromAssignment: true }]);
    const later = { id: 9, weekDate: '2026-03-09', weekGoals: 5, weekCompGoals: 20 };
    expect(historyWithCurrentWeek({ ...g, assignmentHistory: [later] }, '2026-03-04')).toEqual([
      { weekDate: '2026-03-02', weekGoals: 12, weekCompGoals: 40, fromAssignment: true }, later]);
    // a saved week that has started carries over: the history is the saved weeks alone
    const started = { id: 8, weekDate: '2026-02-23', weekGoals: 7, weekCompGoals: 30 };
    expect(historyWithCurrentWeek({ ...g, assignmentHistory: [later, started] }, '2026-03-04')).toEqual([started, later]);
    expect(historyWithCurrentWeek({ ...g, assignmentHistory: null }, '2026-03-08')[0].weekDate).toBe('2026-03-02');
  });
});
