// Call Quality (spec §2 names the route, not its content; docs/decisions.md has what we show and why): per
// surveyor, for a range of business days and optionally one project, the figures a quality review starts from —
// attempts, surveys, completion rate, average survey length, very short surveys, partials, refusals, QA removals
// and escalations (GET call-stats/quality). The server scopes the rows: a surveyor sees their own, a PM their
// projects' surveyors, a CIMR Manager their CIMR Surveyors. A surveyor's name opens their Call Log for the period.
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link as RouterLink } from 'react-router-dom';
import {
  answerOf, listOf, useProjectsListProjectsQuery, useReportingGetCallQualityQuery, type CallQualityList, type QualityRow,
  type ReportingGetCallQualityApiArg,
} from '@frontend/shared-api';
import {
  Box, Button, DataTable, FigureRow, FigureTile, FormControl, InputLabel, IsoDatePicker, Link, MenuItem, Paper, Select,
  Stack, Typography, toServerQuery, useTableState, type Column,
} from '@frontend/shared-ui';
import { addDays, businessToday, formatPercent, shortDay } from '@frontend/shared-util';
import { callLogSearch } from './call-log-page';

export const CALL_QUALITY_EMPTY_TEXT = 'No record found.';

const filterSchema = z
  .object({ from: z.string().min(1, 'Required'), to: z.string().min(1, 'Required'), projectId: z.string() })
  .refine((v) => v.from <= v.to, { path: ['to'], message: 'To must not be before From' });
export type QualityFilter = z.infer<typeof filterSchema>;

/** The last seven business days, today included, all projects. */
export function defaultQualityFilter(today: string = businessToday()): QualityFilter {
  return { from: addDays(today, -6), to: today, projectId: '' };
}

export function qualityArgs(f: QualityFilter): Omit<ReportingGetCallQualityApiArg, 'skip' | 'limit' | 'orderBy' | 'orderDir'> {
  return { from: f.from, to: f.to, projectId: f.projectId === '' ? undefined : Number(f.projectId) };
}

const minutes = (v: number) => `${v.toFixed(1)} min`;

export function CallQualityPage() {
  const [filter, setFilter] = useState<QualityFilter>(() => defaultQualityFilter());
  const [table, setTable] = useTableState({ orderBy: 'surveyorName' });
  const projects = useProjectsListProjectsQuery({ onlyNames: true, limit: 5000, orderBy: 'name' });
  const quality = useReportingGetCallQualityQuery({ ...qualityArgs(filter), ...toServerQuery(table) });
  // the totals and the table: none of another filter's figures once this filter failed
  const { isError } = quality;
  const data = answerOf(quality);
  const list = listOf(quality);
  const { control, handleSubmit, formState: { errors } } = useForm<QualityFilter>({ resolver: zodResolver(filterSchema), defaultValues: filter });
  const onFilter = handleSubmit((f) => { setFilter(f); setTable({ ...table, page: 1 }); });
  const short = data?.shortSurveyMinutes;

  const callLog = (r: QualityRow) => `../call-log?${callLogSearch({ from: filter.from, to: filter.to, projectId: filter.projectId, surveyorId: r.surveyorId })}`;
  const num = (key: keyof QualityRow, label: string, render?: (r: QualityRow) => string): Column<QualityRow> =>
    ({ key, label, sortable: true, align: 'right', ...(render ? { render } : {}) });
  const columns: Column<QualityRow>[] = [
    { key: 'surveyorName', label: 'Surveyor', sortable: true, render: (r) => (
      <Link component={RouterLink} to={callLog(r)} aria-label={`Call Log of ${r.surveyorName}`} sx={{ whiteSpace: 'nowrap' }}>{r.surveyorName}</Link>
    ) },
    num('attempts', 'Attempts'),
    num('surveys', 'Surveys'),
    num('completionRate', 'Completion', (r) => formatPercent(r.completionRate)),
    num('averageSurveyLength', 'Avg Length', (r) => minutes(r.averageSurveyLength)),
    // the count and its share of the surveys in one column, sorted by the share (what tells surveyors apart)
    num('shortSurveyShare', short ? `Under ${short} min` : 'Very Short',
      (r) => `${r.shortSurveys} (${formatPercent(r.shortSurveyShare)})`),
    num('partials', 'Partials'),
    num('refusals', 'Refusals'),
    num('qaRemovals', 'QA Removals'),
    num('escalations', 'Escalations'),
  ];

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>Call Quality</Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }} component="form"
          aria-label="Call quality filters" noValidate onSubmit={onFilter}>
          <Controller name="from" control={control} render={({ field }) => (
            <IsoDatePicker label="From" value={field.value} onChange={(v) => field.onChange(v ?? '')} error={errors.from?.message} />)} />
          <Controller name="to" control={control} render={({ field }) => (
            <IsoDatePicker label="To" value={field.value} onChange={(v) => field.onChange(v ?? '')} error={errors.to?.message} />)} />
          <Controller name="projectId" control={control} render={({ field }) => (
            <FormControl size="small" sx={{ minWidth: 240 }}>
              <InputLabel id="quality-project-label">Project</InputLabel>
              <Select labelId="quality-project-label" label="Project" {...field}>
                <MenuItem value="">All projects</MenuItem>
                {(projects.data?.rows ?? []).map((p) => <MenuItem key={p.id} value={String(p.id)}>{p.name}</MenuItem>)}
              </Select>
            </FormControl>)} />
          <Button type="submit" variant="contained">Filter</Button>
        </Stack>
      </Paper>
      {isError && <Typography color="error" sx={{ mb: 2 }}>The call quality figures could not be loaded.</Typography>}
      {data && data.count > 0 && <QualityTotals data={data} />}
      <DataTable caption="Call quality" columns={columns} rows={list.rows} count={list.count} state={table}
        onStateChange={setTable} rowKey={(r) => r.surveyorId} loading={list.loading} failed={list.failed} emptyText={CALL_QUALITY_EMPTY_TEXT} dense />
      {short !== undefined && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          Attempts are calls with a result; surveys are completed (not partial) surveys; completion rate = surveys / attempts;
          very short = surveys under {short} minutes of call time; refusals include Do Not Call. QA-removed calls still count
          in attempts and surveys, as in Surveyor Call Stats.
        </Typography>
      )}
    </Box>
  );
}

function QualityTotals({ data }: { data: CallQualityList }) {
  const t = data.totals;
  return (
    <Box component="section" aria-label="Totals" sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {shortDay(data.from)} – {shortDay(data.to)} (Central), {data.count} {data.count === 1 ? 'surveyor' : 'surveyors'}
      </Typography>
      <FigureRow tileWidth={120}>
        <FigureTile label="Attempts" value={t.attempts} />
        <FigureTile label="Surveys" value={t.surveys} note={`${formatPercent(t.completionRate)} completion`} />
        <FigureTile label="Avg Length" value={minutes(t.averageSurveyLength)} note="per survey" />
        <FigureTile label="Very Short Surveys" value={t.shortSurveys} note={`${formatPercent(t.shortSurveyShare)} under ${data.shortSurveyMinutes} min`} />
        <FigureTile label="Partials" value={t.partials} />
        <FigureTile label="Refusals" value={t.refusals} />
        <FigureTile label="QA Removals" value={t.qaRemovals} />
        <FigureTile label="Escalations" value={t.escalations} />
      </FigureRow>
    </Box>
  );
}
