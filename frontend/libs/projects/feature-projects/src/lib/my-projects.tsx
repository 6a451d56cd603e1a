// My Projects for managers / Operations (search Client / Projects, PM filter for Operations, Current Week /
// Reporting Period toggle, sortable columns, paging, the seven row icons) and for the three surveyor roles
// (Project Name, goals, Action: call, guidelines, details; a locked project blocks Call Now).
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { listOf, useAppSelector, useManagerOptions } from '@frontend/shared-api';
import {
  BlockIcon, Button, DataTable, DownloadIcon, EditIcon, IconButton, MenuItem, Stack, TextField, ToggleButton,
  ToggleButtonGroup, Tooltip, Typography, VisibilityIcon, AddIcon, PersonIcon, CheckCircleIcon, toServerQuery, useTableState,
  useUrlListState, type Column,
} from '@frontend/shared-ui';
import { Role, SEARCH_MIN } from '@frontend/shared-util';
import {
  PROJECT_STATUSES, fmtDate, fmtInstantDay, useListProjectsQuery, useListSurveyorProjectsQuery, type ProjectRow, type SurveyorProjectRow,
} from '@frontend/projects-data-access';
import { SortKeyPicker, idFilter } from './admin-project-pages';

export function PeriodToggle({ weekly, onChange }: { weekly: boolean; onChange: (weekly: boolean) => void }) {
  return (
    <ToggleButtonGroup exclusive size="small" value={weekly ? 'week' : 'period'} onChange={(_e, v) => v && onChange(v === 'week')} aria-label="Period">
      <ToggleButton value="week">Current Week</ToggleButton>
      <ToggleButton value="period">Reporting Period</ToggleButton>
    </ToggleButtonGroup>
  );
}

const LIST_FILTERS = { search: '', managerId: '', period: '' };

export function MyProjectsPage() {
  const navigate = useNavigate();
  const role = useAppSelector((s) => s.auth.user?.role);
  const isOps = role === Role.Operations;
  // search, manager, period, sort and page live in the address (?search=&managerId=&period=reporting&orderBy=&
  // orderDir=&page=&pageSize=): a reload and Back from a project give the list as it was left
  const { table, setTable, filters, setFilters } = useUrlListState({ table: { orderBy: 'name' }, filters: LIST_FILTERS });
  const { search } = filters;
  // passed along to the project's screens, whose Back returns to the list as it was left
  const listSearch = useLocation().search;
  const managerId = idFilter(filters.managerId);
  const weekly = filters.period !== 'reporting';
  // the filter offers whoever may manage a project: Project Managers and Operations users, as the wizard's picker
  const managers = useManagerOptions({ skip: !isOps });
  const term = search.trim().length >= SEARCH_MIN ? search.trim() : undefined;
  // Asked again on every visit: the figures (surveys, oldest uncleaned, unresolved escalations) change by other
  // screens and people (an escalation resolved, a comment cleaned, a call saved), which no cache tag of this list sees;
  // the cached list kept showing a resolved escalation as unresolved until a reload.
  const list = listOf(useListProjectsQuery(
    { search: term, userId: managerId === '' ? undefined : managerId, isWeekly: weekly, ...toServerQuery(table) },
    { refetchOnMountOrArgChange: true }));
  // 28 px buttons (20 px icons, 4 px padding): four to a row, so the seven take two rows 112 px wide.
  // disableInteractive: a top-row icon's tooltip opens over the icon below it; an interactive one stayed open under
  // the pointer moving down and took the click meant for Call Log Export, Survey Data Export or Additional Info.
  const icon = (label: string, to: string, el: ReactNode, p: ProjectRow) => (
    <Tooltip title={label} disableInteractive><IconButton size="small" sx={{ p: 0.5 }} aria-label={`${label} ${p.name}`} onClick={() => navigate(to, { state: { projectId: p.id, projectName: p.name, listSearch } })}>{el}</IconButton></Tooltip>
  );
  const columns: Column<ProjectRow>[] = [
    { key: 'name', label: 'Project Name', sortable: true, render: (p) => <>{p.name}{p.client ? <Typography variant="caption" sx={{ display: 'block' }}>{p.client.name}</Typography> : null}</> },
    { key: 'deadline', label: 'Deadline', sortable: true, render: (p) => fmtDate(p.deadline) },
    { key: 'surveysRP', label: weekly ? 'Week-to-Date Surveys Completed' : 'Report-Period-to-Date Surveys Completed', sortable: weekly, render: (p) => `${p.surveysRP ?? 0}${p.reqGoals ? ` / ${p.reqGoals}` : ''}` },
    { key: 'statusId', label: 'Status', sortable: true, render: (p) => PROJECT_STATUSES[p.statusId ?? 0] ?? '' },
    { key: 'lastRosterUpload', label: 'Last Roster Upload', sortable: true, render: (p) => fmtInstantDay(p.lastRosterUpload) },
    { key: 'oldestUncleanedSurveyedOn', label: 'Oldest Uncleaned', sortable: true, render: (p) => fmtInstantDay(p.oldestUncleanedSurveyedOn) },
    { key: 'undefinedProviders', label: 'Undefined Providers', sortable: true, render: (p) => p.undefinedProviders ?? 'N/A' },
    { key: 'uncleanedEscalation', label: 'Unresolved Escalations', sortable: true },
    { key: 'managerId', label: 'Project Manager', render: (p) => `${p.user?.firstName ?? ''} ${p.user?.lastName ?? ''}` },
    { key: 'action', label: 'Action', render: (p) => (
      // the seven icons wrap onto two rows and the table is dense (4 px cell padding instead of 16), so its ten columns
      // fit beside the navigation at 1440 px (about 1090 px for the table); narrower (a 1366 px laptop) the table
      // scrolls sideways beneath this pinned column
      <Stack direction="row" sx={{ flexWrap: 'wrap', width: 112 }}>
        {icon('Project Detail', `../detail/${p.id}`, <VisibilityIcon fontSize="small" />, p)}
        {icon('Project Sampling', `../sampling/${p.id}`, <EditIcon fontSize="small" />, p)}
        {icon('Roster Upload', '../rosters', <AddIcon fontSize="small" />, p)}
        {icon('Surveyor Guidelines', `../surveyor-guidelines/${p.id}`, <CheckCircleIcon fontSize="small" />, p)}
        {icon('Call Log Export', '../roster-export', <DownloadIcon fontSize="small" />, p)}
        {icon('Survey Data Export', `../survey-export/${p.id}`, <DownloadIcon fontSize="small" />, p)}
        {icon('Additional Info', `../info/${p.id}`, <PersonIcon fontSize="small" />, p)}
      </Stack>
    ) },
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="h5">My Projects</Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }} aria-label="Project filters">
        <TextField size="small" label="Search Client / Projects" value={search} onChange={(e) => setFilters({ search: e.target.value })} />
        {isOps && (
          <TextField size="small" select label="Project Manager" sx={{ minWidth: 200 }} value={managerId} onChange={(e) => setFilters({ managerId: String(e.target.value) })}>
            <MenuItem value="">All</MenuItem>
            {managers.map((u) => <MenuItem key={u.id} value={u.id}>{u.firstName} {u.lastName}</MenuItem>)}
          </TextField>
        )}
        <PeriodToggle weekly={weekly} onChange={(w) => {
          setFilters({ period: w ? '' : 'reporting' });
          if (!w && table.orderBy === 'surveysRP') setTable({ ...table, page: 1, orderBy: 'name', orderDir: 'ASC' });
        }} />
        <SortKeyPicker value={table.orderBy} onChange={(k) => setTable({ ...table, page: 1, orderBy: k, orderDir: k === 'name' ? 'ASC' : 'DESC' })} />
      </Stack>
      <DataTable caption="My Projects" columns={columns} rows={list.rows} count={list.count} state={table} onStateChange={setTable} rowKey={(r) => r.id} loading={list.loading} failed={list.failed} dense
        pinLastColumn />
    </Stack>
  );
}

export function SurveyorMyProjectsPage() {
  const navigate = useNavigate();
  const role = useAppSelector((s) => s.auth.user?.role);
  const [weekly, setWeekly] = useState(true);
  const [table, setTable] = useTableState();
  // read again each time the page is shown: a surveyor comes back here from a call whose survey just counted
  // (projects learns it by event, so a cached list would show the count from before the call)
  const list = listOf(useListSurveyorProjectsQuery({ isWeekly: weekly }, { refetchOnMountOrArgChange: true, refetchOnFocus: true }));
  const { rows } = list;
  const callRoute = role === Role.KellerSurveyor ? 'survey-call' : 'project-call';
  const columns: Column<SurveyorProjectRow>[] = [
    { key: 'name', label: 'Project Name' },
    { key: 'goals', label: weekly ? 'Week-to-Date Surveys Completed / Current Week Minimum Surveys' : 'Report-Period-to-Date Surveys Completed / Current Report-Period Minimum Surveys',
      render: (p) => `${p.surveys} / ${weekly ? p.weekGoals ?? p.surveyorGoals : p.surveyorCompGoals}` },
    { key: 'action', label: 'Action', render: (p) => (
      // the three wrap under each other on a phone (390 px) instead of Guidelines and Details going off the right edge
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {p.isLocked ? (
          <Tooltip describeChild title="Calls are not allowed: the project is locked"><span><Button size="small" variant="contained" disabled startIcon={<BlockIcon />} sx={{ whiteSpace: 'nowrap' }} aria-label={`Call Now ${p.name}`}>Call Now</Button></span></Tooltip>
        ) : (
          <Button size="small" variant="contained" sx={{ whiteSpace: 'nowrap' }} aria-label={`Call Now ${p.name}`} onClick={() => navigate(`../${callRoute}/${p.id}`)}>Call Now</Button>
        )}
        <Button size="small" onClick={() => navigate(`../surveyor-guidelines/${p.id}`)} aria-label={`Guidelines ${p.name}`}>Guidelines</Button>
        <Button size="small" onClick={() => navigate(`../my-projects/${p.id}`)} aria-label={`Details ${p.name}`}>Details</Button>
      </Stack>
    ) },
  ];
  const page = rows.slice((table.page - 1) * table.pageSize, table.page * table.pageSize);
  return (
    <Stack spacing={2}>
      <Typography variant="h5">My Projects</Typography>
      <PeriodToggle weekly={weekly} onChange={setWeekly} />
      <DataTable caption="My Projects" columns={columns} rows={page} count={rows.length} state={table} onStateChange={setTable} rowKey={(r) => r.id}
        loading={list.loading} failed={list.failed} />
    </Stack>
  );
}
