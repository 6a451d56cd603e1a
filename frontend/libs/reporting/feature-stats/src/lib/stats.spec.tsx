import { describe, expect, it } from 'vitest';
import { Role } from '@frontend/shared-util';
import { chartConfig } from '@frontend/shared-ui';
import { formatRate } from './dispositions-panel';
import { CHART_COLORS, defaultFilter, statsArgs, visibleBars } from './stats-filters';

describe('stats helpers', () => {
  it('draws zero bars at 1 % of the max', () => {
    expect(visibleBars([0, 5, 0], 1000)).toEqual([10, 5, 10]);
  });
  it('sends a manager their own id and nobody else one', () => {
    const f = { from: '2026-03-02', to: '2026-03-08', type: 7, surveyorId: 21 };
    expect(statsArgs(f, Role.ProjectManager, 11)).toEqual({ from: '2026-03-02', to: '2026-03-08', type: 7, surveyorId: 21, managerId: 11 });
    expect(statsArgs(f, Role.Operations, 2).managerId).toBeUndefined();
    expect(statsArgs({ ...f, surveyorId: null }, Role.Surveyor, 21).surveyorId).toBeUndefined();
  });
  it('defaults: daily the last 7 days, weekly 4 weeks', () => {
    const d = defaultFilter(1);
    expect((Date.parse(d.to) - Date.parse(d.from)) / 86400000).toBe(6);
    expect(defaultFilter(7).type).toBe(7);
  });
  it('formats rates and passes chart colours and max through', () => {
    expect(formatRate(0.125)).toBe('12.5%');
    expect(formatRate(null)).toBe('—');
    const { options } = chartConfig({ categories: ['a'], bars: [{ name: 'S', data: [1] }], line: { name: 'L', data: [1] }, colors: CHART_COLORS, yMax: 11 });
    expect(options.colors).toEqual(['#f57c00', '#1976d2', '#000000']);
    expect(options.yaxis).toEqual({ min: 0, max: 11 });
  });
});
