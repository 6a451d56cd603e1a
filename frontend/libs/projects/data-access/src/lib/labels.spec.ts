import { fmtDate, fmtInstantDay } from './labels';

describe('date labels', () => {
  it('shows a plain ISO day as it is, MM/DD/YYYY', () => {
    expect(fmtDate('2026-11-26')).toBe('11/26/2026');
    expect(fmtDate(null)).toBe('N/A');
  });

  it('shows an instant on its Chicago business day: 01:08 UTC on 11/26 is still 11/25 there', () => {
    expect(fmtInstantDay('2026-11-26T01:08:27Z')).toBe('11/25/2026');
    expect(fmtInstantDay('2026-11-26T01:08:27')).toBe('11/25/2026'); // the servers may leave out the Z
    expect(fmtInstantDay('2026-11-26T07:00:00Z')).toBe('11/26/2026');
    expect(fmtInstantDay(undefined)).toBe('N/A');
  });
});
