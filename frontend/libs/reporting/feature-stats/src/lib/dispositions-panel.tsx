// AAPOR dispositions: each case's final disposition and the RR1, RR2, COOP1, REF1, CON1 rates, grouped by
// project, site, provider or surveyor (docs/decisions.md has the mapping of call results). Shown on Surveyor Call
// Stats (the page's range) and, through the remote's `dispositions` slot, on a project's detail page (own range).
import { useState } from 'react';
import { answerOf, useReportingGetCallDispositionsQuery, type DispositionRates, type DispositionRow } from '@frontend/shared-api';
import { BarChart, Box, IsoDatePicker, SimpleTable, ToggleButton, ToggleButtonGroup, Typography } from '@frontend/shared-ui';
import { usDay } from '@frontend/shared-util';

export type DispositionGroupBy = 'project' | 'site' | 'provider' | 'surveyor';
const COUNT_KEYS = ['i', 'p', 'r', 'nc', 'o', 'uh', 'uo', 'ne'] as const;
const RATE_KEYS = ['rr1', 'rr2', 'coop1', 'ref1', 'con1'] as const;
/** The rates drawn, one bar colour each: response green, cooperation blue, refusal red, contact grey. */
export const RATE_CHART_KEYS = ['rr1', 'coop1', 'ref1', 'con1'] as const;
const RATE_COLORS = ['#2e7d32', '#1976d2', '#c62828', '#757575'];
/** Groups beyond this many are in the table only; the chart would be unreadable. */
export const CHART_GROUPS = 15;

export function formatRate(v: number | null | undefined): string {
  return v == null ? '—' : `${(v * 100).toFixed(1)}%`;
}

/** Pure: the chart's categories and bars (rates in percent, a missing rate drawn as 0) for the first groups. */
export function rateChart(rows: DispositionRow[], totals?: DispositionRates) {
  const shown = rows.slice(0, CHART_GROUPS);
  const all = totals && rows.length > 1 ? [...shown, { ...totals, name: 'Total' }] : shown;
  return {
    categories: all.map((r) => r.name),
    bars: RATE_CHART_KEYS.map((k) => ({
      name: k.toUpperCase(),
      data: all.map((r) => (r[k] == null ? 0 : Math.round((r[k] as number) * 1000) / 10)),
    })),
  };
}

export interface DispositionsPanelProps {
  /** The range; when both are left out the panel offers its own From/To (the server defaults to four weeks). */
  from?: string;
  to?: string;
  projectId?: number;
  managerId?: number;
  surveyorId?: number;
  groupBys?: DispositionGroupBy[];
}

export function DispositionsPanel({ from, to, projectId, managerId, surveyorId, groupBys = ['site', 'provider', 'surveyor', 'project'] }: DispositionsPanelProps) {
  const [groupBy, setGroupBy] = useState<DispositionGroupBy>(groupBys[0]);
  const ownRange = from === undefined && to === undefined;
  const [range, setRange] = useState<{ from: string | null; to: string | null }>({ from: null, to: null });
  const dispositions = useReportingGetCallDispositionsQuery({
    // an unset date is left out of the query (the server's default range), never sent as "null"
    from: (ownRange ? range.from : from) ?? undefined, to: (ownRange ? range.to : to) ?? undefined,
    projectId, managerId, surveyorId, groupBy,
  });
  const { isFetching, isError } = dispositions;
  // the chart, the range and the table: none of another range's or grouping's figures once this one failed
  const d = answerOf(dispositions)?.data;
  const columns = [
    { key: 'name', label: groupBy[0].toUpperCase() + groupBy.slice(1) },
    { key: 'cases', label: 'Cases', align: 'right' as const },
    ...COUNT_KEYS.map((k) => ({ key: k, label: k.toUpperCase(), align: 'right' as const, render: (r: DispositionRow) => r.counts[k] })),
    ...RATE_KEYS.map((k) => ({ key: k, label: k.toUpperCase(), align: 'right' as const, render: (r: DispositionRow) => formatRate(r[k]) })),
  ];
  const totals = d ? Object.fromEntries([
    ['name', 'Total'],
    ['cases', d.totals.cases],
    ...COUNT_KEYS.map((k) => [k, d.totals.counts[k]]),
    ...RATE_KEYS.map((k) => [k, formatRate(d.totals[k])]),
  ]) : undefined;
  const chart = d && d.rows.length ? rateChart(d.rows, d.totals) : null;
  return (
    <Box component="section" aria-label="AAPOR dispositions" sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">AAPOR dispositions</Typography>
        <ToggleButtonGroup size="small" exclusive value={groupBy} onChange={(_, v) => v && setGroupBy(v)} aria-label="Group by">
          {groupBys.map((g) => <ToggleButton key={g} value={g}>{`By ${g}`}</ToggleButton>)}
        </ToggleButtonGroup>
        {ownRange && <IsoDatePicker label="From" value={range.from ?? d?.from ?? null} onChange={(v) => setRange({ ...range, from: v })} />}
        {ownRange && <IsoDatePicker label="To" value={range.to ?? d?.to ?? null} onChange={(v) => setRange({ ...range, to: v })} />}
        {d && <Typography variant="body2" color="text.secondary">{usDay(d.from)} – {usDay(d.to)}</Typography>}
        {isFetching && <Typography variant="body2">Loading…</Typography>}
      </Box>
      {isError && <Typography color="error">The dispositions could not be loaded.</Typography>}
      {chart && (
        <BarChart height={260} title="Rates (%)" categories={chart.categories} bars={chart.bars} colors={RATE_COLORS} yMax={100} />
      )}
      {d && d.rows.length > CHART_GROUPS && (
        <Typography variant="caption" color="text.secondary">The chart shows the first {CHART_GROUPS} of {d.rows.length} groups; the table has them all.</Typography>
      )}
      <SimpleTable caption="AAPOR dispositions" columns={columns} rows={d?.rows ?? []} rowKey={(r) => r.key ?? '(none)'} totals={totals} failed={isError} />
      <Typography variant="caption" color="text.secondary">
        I complete, P partial, R refusal, NC non-contact, O other, UH/UO unknown, NE not eligible (left out of the rates).
        With E = I+P+R+NC+O+UH+UO: RR1 = I / E, RR2 = (I+P) / E, COOP1 = I / (I+P+R+O), REF1 = R / E, CON1 = (I+P+R+O) / E.
      </Typography>
    </Box>
  );
}
