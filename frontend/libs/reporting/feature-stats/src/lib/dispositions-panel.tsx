// AAPOR dispositions: each case's final disposition and the RR1, RR2, COOP1, REF1, CON1 rates, grouped by
// project, site, provider or surveyor (docs/decisions.md has the mapping of call results).
import { useState } from 'react';
import { useReportingGetCallDispositionsQuery } from '@frontend/shared-api';
import { Box, SimpleTable, ToggleButton, ToggleButtonGroup, Typography } from '@frontend/shared-ui';

type GroupBy = 'project' | 'site' | 'provider' | 'surveyor';
const COUNT_KEYS = ['i', 'p', 'r', 'nc', 'o', 'uh', 'uo', 'ne'] as const;
const RATE_KEYS = ['rr1', 'rr2', 'coop1', 'ref1', 'con1'] as const;

export function formatRate(v: number | null | undefined): string {
  return v == null ? '—' : `${(v * 100).toFixed(1)}%`;
}

export interface DispositionsPanelProps {
  from?: string;
  to?: string;
  projectId?: number;
  managerId?: number;
  surveyorId?: number;
  groupBys?: GroupBy[];
}

export function DispositionsPanel({ from, to, projectId, managerId, surveyorId, groupBys = ['site', 'provider', 'surveyor', 'project'] }: DispositionsPanelProps) {
  const [groupBy, setGroupBy] = useState<GroupBy>(groupBys[0]);
  const { data, isFetching } = useReportingGetCallDispositionsQuery({ from, to, projectId, managerId, surveyorId, groupBy });
  const d = data?.data;
  type Row = NonNullable<typeof d>['rows'][number];
  const columns = [
    { key: 'name', label: groupBy[0].toUpperCase() + groupBy.slice(1) },
    ...COUNT_KEYS.map((k) => ({ key: k, label: k.toUpperCase(), align: 'right' as const, render: (r: Row) => r.counts[k] })),
    ...RATE_KEYS.map((k) => ({ key: k, label: k.toUpperCase(), align: 'right' as const, render: (r: Row) => formatRate(r[k]) })),
  ];
  const totals = d ? Object.fromEntries([
    ['name', 'Total'],
    ...COUNT_KEYS.map((k) => [k, d.totals.counts[k]]),
    ...RATE_KEYS.map((k) => [k, formatRate(d.totals[k])]),
  ]) : undefined;
  return (
    <Box component="section" aria-label="AAPOR dispositions" sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">AAPOR dispositions</Typography>
        <ToggleButtonGroup size="small" exclusive value={groupBy} onChange={(_, v) => v && setGroupBy(v)} aria-label="Group by">
          {groupBys.map((g) => <ToggleButton key={g} value={g}>{`By ${g}`}</ToggleButton>)}
        </ToggleButtonGroup>
        {isFetching && <Typography variant="body2">Loading…</Typography>}
      </Box>
      <SimpleTable caption="AAPOR dispositions" columns={columns} rows={d?.rows ?? []} rowKey={(r) => r.key ?? '(none)'} totals={totals} />
      <Typography variant="caption" color="text.secondary">
        I complete, P partial, R refusal, NC non-contact, O other, UH/UO unknown, NE not eligible (left out of the rates).
      </Typography>
    </Box>
  );
}
