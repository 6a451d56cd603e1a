// My Surveyors (Project Manager) and All Surveyors (Operations, CIMR Manager): search (at least 2 characters),
// Current Week / Reporting Period toggle, paging, goals and progress; the eye opens the surveyor's projects.
import { Link as RouterLink } from 'react-router-dom';
import { useReportingListSurveyorsQuery, type SurveyorRow, answerOf, listOf } from '@frontend/shared-api';
import {
  Box, DataTable, IconButton, Stack, TextField, Tooltip, Typography, VisibilityIcon, toServerQuery, useUrlListState,
  type Column,
} from '@frontend/shared-ui';
import { PeriodToggle, goalHeaders, isCimr, managerIdFor, money, percent, periodText, useSessionUser } from './shared';

export function SurveyorsList({ title }: { title: string }) {
  const user = useSessionUser();
  // search, period, sort and page live in the address (?search=&period=reporting&orderBy=&orderDir=&page=&pageSize=):
  // a reload and Back from a surveyor's projects give the list as it was left
  const { table: state, setTable: setState, filters, setFilters } = useUrlListState({
    table: { orderBy: 'firstName', orderDir: 'ASC' }, filters: { search: '', period: '' }, sortKeys: ['firstName', 'email'] });
  const { search } = filters;
  const weekly = filters.period !== 'reporting';
  const term = search.trim();
  const surveyors = useReportingListSurveyorsQuery({
    ...toServerQuery(state), search: term.length >= 2 ? term : undefined, managerId: managerIdFor(user), isWeekly: weekly,
  });
  const list = listOf(surveyors);
  const data = answerOf(surveyors);
  const headers = goalHeaders(weekly);
  const columns: Column<SurveyorRow>[] = [
    { key: 'firstName', label: 'Surveyor', sortable: true, render: (r) => `${r.firstName} ${r.lastName}` },
    { key: 'email', label: 'Email', sortable: true },
    { key: 'projectCount', label: 'Projects', align: 'right' },
    { key: 'goals', label: headers.goals, align: 'right' },
    { key: 'surveys', label: headers.surveys, align: 'right' },
    { key: 'progress', label: 'Progress', align: 'right', render: (r) => percent(r.progress) },
    ...(isCimr(user) ? [] : [{ key: 'earnings', label: 'Earnings', align: 'right' as const, render: (r: SurveyorRow) => money(r.earnings) }]),
    {
      key: 'action', label: 'Action', align: 'center', render: (r) => (
        <Tooltip title="View projects">
          <IconButton component={RouterLink} to={`../my-surveyors/projects/${r.id}`} relative="path" aria-label={`Projects of ${r.firstName} ${r.lastName}`}>
            <VisibilityIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>{title}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField size="small" label="Search Surveyor..." value={search} sx={{ minWidth: 260 }}
          helperText={term.length === 1 ? 'Type at least 2 characters' : ' '}
          onChange={(e) => setFilters({ search: e.target.value })} />
        <PeriodToggle weekly={weekly} onChange={(w) => setFilters({ period: w ? '' : 'reporting' })} />
      </Stack>
      {data && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {weekly ? `Current week: ${periodText(data.periodStart, data.periodEnd)}`
            : "Reporting period: each project's own (its start plus its reporting frequency), to date"}
        </Typography>
      )}
      <DataTable caption={title} columns={columns} rows={list.rows} count={list.count} state={state}
        onStateChange={setState} rowKey={(r) => r.id} loading={list.loading} failed={list.failed} />
    </Box>
  );
}

/** My Surveyors: a Project Manager's surveyors (those assigned to the manager's projects). */
export function MySurveyorsPage() {
  return <SurveyorsList title="My Surveyors" />;
}

/** All Surveyors: Operations see every surveyor, a CIMR Manager the CIMR Surveyors. */
export function AllSurveyorsPage() {
  return <SurveyorsList title="All Surveyors" />;
}
