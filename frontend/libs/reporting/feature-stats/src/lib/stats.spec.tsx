import { afterEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@frontend/shared-util';
import { chartConfig } from '@frontend/shared-ui';
import { CHART_GROUPS, RATE_CHART_KEYS, formatRate, rateChart } from './dispositions-panel';
import { CHART_COLORS, countAxisMax, defaultFilter, statsArgs, visibleBars } from './stats-filters';

describe('stats helpers', () => {
  it('draws zero bars at 1 % of the max', () => {
    expect(visibleBars([0, 5, 0], 1000)).toEqual([10, 5, 10]);
  });
  it('tops a count axis at the highest count plus 10 %, in tens, 10 with no data', () => {
    expect([countAxisMax([]), countAxisMax([0, null]), countAxisMax([5]), countAxisMax([10]), countAxisMax([37, 2])]).toEqual([10, 10, 10, 20, 50]);
  });
  it('sends a manager their own id and nobody else one', () => {
    const f = { from: '2026-03-02', to: '2026-03-08', type: 7, surveyorId: 21, projectId: 7 };
    expect(statsArgs(f, Role.ProjectManager, 11)).toStrictEqual(
      { from: '2026-03-02', to: '2026-03-08', type: 7, surveyorId: 21, projectId: 7, managerId: 11 });
    expect(statsArgs({ ...f, projectId: null }, Role.Operations, 2).projectId).toBeUndefined();
    expect(statsArgs(f, Role.Operations, 2).managerId).toBeUndefined();
    // Operations: the manager picked in the form (spec §1); a PM's own id cannot be widened by the form
    expect(statsArgs({ ...f, managerId: 31 }, Role.Operations, 2).managerId).toBe(31);
    expect(statsArgs({ ...f, managerId: 31 }, Role.ProjectManager, 11).managerId).toBe(11);
    expect(statsArgs({ ...f, managerId: 31 }, Role.Surveyor, 21).managerId).toBeUndefined();
    expect(statsArgs({ ...f, surveyorId: null }, Role.Surveyor, 21).surveyorId).toBeUndefined();
  });
  it('defaults: daily the last 7 days, weekly 4 weeks', () => {
    const d = defaultFilter(1);
    expect((Date.parse(d.to) - Date.parse(d.from)) / 86400000).toBe(6);
    expect(defaultFilter(7).type).toBe(7);
  });
  describe('on the business calendar', () => {
    afterEach(() => vi.useRealTimers());
    it("ends on today's Central day, not the browser's: 19:30 CST on 11/25 is still 11/25", () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-26T01:30:00Z')); // 19:30 Central on 25 November, already the 26th in UTC
      expect(defaultFilter(1)).toMatchObject({ from: '2026-11-19', to: '2026-11-25' });
      expect(defaultFilter(7)).toMatchObject({ from: '2026-10-29', to: '2026-11-25' });
    });
  });
  it('formats rates and passes chart colours and max through', () => {
    expect(formatRate(0.125)).toBe('12.5%');
    expect(formatRate(null)).toBe('—');
    const { options } = chartConfig({ categories: ['a'], bars: [{ name: 'S', data: [1] }], line: { name: 'L', data: [1] }, colors: CHART_COLORS, yMax: 11 });
    expect(options.colors).toEqual(['#f57c00', '#1976d2', '#000000']);
    expect(options.yaxis).toEqual({ min: 0, max: 11 });
  });
});

describe('dispositions chart', () => {
  const row = (name: string, rr1: number | null, coop1: number | null) => ({
    key: name, name, cases: 4, rr1, rr2: rr1, coop1, ref1: 0.25, con1: 0.75,
    counts: { i: 1, p: 0, r: 1, nc: 1, o: 0, uh: 1, uo: 0, ne: 0 },
  });
  it('draws RR1, COOP1, REF1, CON1 in percent per group, a missing rate as 0, and a Total when there are several groups', () => {
    const totals = { cases: 8, rr1: 0.25, rr2: 0.25, coop1: 0.5, ref1: 0.25, con1: 0.75, counts: row('x', 0, 0).counts };
    const c = rateChart([row('North', 0.25, 0.5), row('South', null, null)], totals);
    expect(c.categories).toEqual(['North', 'South', 'Total']);
    expect(c.bars.map((b) => b.name)).toEqual(RATE_CHART_KEYS.map((k) => k.toUpperCase()));
    expect(c.bars[0].data).toEqual([25, 0, 25]);
    expect(c.bars[1].data).toEqual([50, 0, 50]);
    expect(rateChart([row('Only', 0.125, 1)], totals).categories).toEqual(['Only']);
  });
  it('charts at most CHART_GROUPS groups', () => {
    const rows = Array.from({ length: CHART_GROUPS + 5 }, (_, i) => row(`S${i}`, 0.1, 0.2));
    expect(rateChart(rows).categories).toHaveLength(CHART_GROUPS);
  });
});

describe('call stats chart', () => {
  it('puts the completion-rate line on its own 0-100 axis, the bars on the count axis', () => {
    const { options } = chartConfig({ categories: ['a'], bars: [{ name: 'Surveys', data: [2] }, { name: 'Attempts', data: [4] }],
      line: { name: 'Completion Rate (%)', data: [50] }, yMax: 14, lineMax: 100 });
    expect(options.yaxis).toEqual([
      { seriesName: 'Surveys', show: true, min: 0, max: 14 },
      { seriesName: 'Surveys', show: false, min: 0, max: 14 },
      { seriesName: 'Completion Rate (%)', opposite: true, min: 0, max: 100, title: { text: 'Completion Rate (%)' } },
    ]);
  });
});
