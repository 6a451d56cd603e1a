// Escalations list (spec §2): start/end date, status, project, surveyor and an Unresolved checkbox; sortable
// Date/Time, Status, Project Name, Surveyor Name; paging; View Details opens escalation-detail/:id. The filters, sort
// and page live in the address (?from=&to=&status=&unresolved=1&projectId=&surveyorId=&orderBy=&orderDir=&page=&
// pageSize=), so that Go Back and Resolve on the detail screen, the browser's Back and a reload return to the list as
// it was left.
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  useAppSelector, useCallingListEscalationsQuery, useReportingSurveyorsInfoQuery, useProjectsListProjectsQuery, type EscalationRead, listOf,
} from '@frontend/shared-api';
import {
  Box, Button, Checkbox, DataTable, FormControl, FormControlLabel, IconButton, InputLabel, IsoDatePicker, MenuItem,
  Select, Stack, Tooltip, Typography, VisibilityIcon, toServerQuery, type Column, type TableState,
} from '@frontend/shared-ui';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, Role } from '@frontend/shared-util';
import { BUSINESS_TZ, centralDateTime, personName, searchDay, searchId } from '@frontend/calling-data-access';

type Status = '' | 'resolved' | 'unresolved';

/** The list as the address gives it: the filters, sort and page. */
export interface EscalationListState {
  from: string | null; to: string | null; status: Status; unresolved: boolean; projectId: string; surveyorId: string; table: TableState;
}

const SORT_KEYS = ['surveyedOn', 'status', 'projectName', 'surveyorName'];
const DEFAULT_TABLE: TableState = { page: 1, pageSize: DEFAULT_PAGE_SIZE, orderBy: 'surveyedOn', orderDir: 'DESC' };

/** The list an address asks for; a value the list would not send (a malformed day or id, an unknown sort key or
 * page size) is left at its default, as the Call Log reads its linked filters. */
export function escalationListFromSearch(params: URLSearchParams): EscalationListState {
  const status = params.get('status');
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const orderBy = params.get('orderBy');
  const orderDir = params.get('orderDir');
  return {
    from: searchDay(params, 'from'), to: searchDay(params, 'to'), status: status === 'resolved' || status === 'unresolved' ? status : '',
    unresolved: params.get('unresolved') === '1', projectId: searchId(params, 'projectId'), surveyorId: searchId(params, 'surveyorId'),
    table: {
      page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_TABLE.page,
      pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_TABLE.pageSize,
      ...(orderBy && SORT_KEYS.includes(orderBy)
        ? { orderBy, orderDir: orderDir === 'ASC' || orderDir === 'DESC' ? orderDir : 'ASC' }
        : { orderBy: DEFAULT_TABLE.orderBy, orderDir: DEFAULT_TABLE.orderDir }),
    },
  };
}

/** The query string of a list state: only what differs from the defaults. */
export function escalationListSearch(s: EscalationListState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.from) p.set('from', s.from);
  if (s.to) p.set('to', s.to);
  if (s.status) p.set('status', s.status);
  if (s.unresolved) p.set('unresolved', '1');
  if (s.projectId) p.set('projectId', s.projectId);
  if (s.surveyorId) p.set('surveyorId', s.surveyorId);
  if (s.table.orderBy !== DEFAULT_TABLE.orderBy || s.table.orderDir !== DEFAULT_TABLE.orderDir) {
    p.set('orderBy', s.table.orderBy ?? ''); p.set('orderDir', s.table.orderDir);
  }
  if (s.table.page !== DEFAULT_TABLE.page) p.set('page', String(s.table.page));
  if (s.table.pageSize !== DEFAULT_TABLE.pageSize) p.set('pageSize', String(s.table.pageSize));
  return p;
}

export function EscalationsPage() {
  const user = useAppSelector((s) => s.auth.user);
  const [params, setParams] = useSearchParams();
  const listState = escalationListFromSearch(params);
  const { from, to, status, unresolved, projectId, surveyorId, table } = listState;
  // each change replaces the address (no history entry per filter click): Back leaves the list as before
  const change = (patch: Partial<EscalationListState>) => setParams(escalationListSearch({ ...listState, ...patch }), { replace: true });
  const setTable = (t: TableState) => change({ table: t });
  const projects = useProjectsListProjectsQuery({ limit: 5000, orderBy: 'name' });
  // a Project Manager picks among their own surveyors only (platform §6); Operations among all; names only
  // (surveyors-info): users/surveyors would compute every surveyor's week figures for a dropdown
  const surveyors = useReportingSurveyorsInfoQuery({ managerId: user?.role === Role.ProjectManager ? user.id : undefined });
  const badRange = Boolean(from && to && from > to);
  const effective: Status = unresolved ? 'unresolved' : status;
  const list = listOf(useCallingListEscalationsQuery({
    from: from ?? undefined, to: to ?? undefined, tz: BUSINESS_TZ,
    status: effective === '' ? undefined : effective === 'resolved',
    projectId: projectId ? Number(projectId) : undefined, surveyorId: surveyorId ? Number(surveyorId) : undefined,
    ...toServerQuery(table),
  // Escalations are resolved by others and on the detail screen: the list asks the server again on every visit
  // and filter change rather than showing a cached page.
  }, { skip: badRange, refetchOnMountOrArgChange: true }));
  // a filter change goes back to the first page
  const filter = (patch: Partial<EscalationListState>) => change({ ...patch, table: { ...table, page: 1 } });

  const columns: Column<EscalationRead>[] = [
    { key: 'surveyedOn', label: 'Date/Time', sortable: true, render: (e) => centralDateTime(e.surveyedOn) },
    {
      key: 'status', label: 'Status', sortable: true,
      render: (e) => <Box component="span" sx={{ color: e.status ? 'success.main' : 'warning.dark', fontWeight: 600 }}>{e.statusName}</Box>,
    },
    { key: 'projectName', label: 'Project Name', sortable: true, render: (e) => e.project.name ?? `Project ${e.projectId}` },
    { key: 'surveyorName', label: 'Surveyor Name', sortable: true, render: (e) => personName(e.surveyor) },
    { key: 'notes', label: 'Escalation Notes', render: (e) => e.notes ?? '' },
    {
      key: 'action', label: 'View Details', render: (e) => (
        <Tooltip title="View details">
          <IconButton size="small" component={RouterLink} to={`../escalation-detail/${e.id}`} state={{ listSearch: params.toString() }}
            aria-label={`View escalation ${e.id}`}>
            <VisibilityIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  const picker = (label: string, value: string, set: (v: string) => void, options: [string, string][], disabled = false) => (
    <FormControl size="small" sx={{ minWidth: 200 }} disabled={disabled}>
      <InputLabel id={`esc-${label}`}>{label}</InputLabel>
      <Select labelId={`esc-${label}`} label={label} value={value} onChange={(e) => set(String(e.target.value))}>
        <MenuItem value="">All</MenuItem>
        {options.map(([v, l]) => <MenuItem key={v} value={v}>{l}</MenuItem>)}
      </Select>
    </FormControl>
  );

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>Escalations</Typography>
      <Stack direction="row" useFlexGap sx={{ mb: 2, flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <IsoDatePicker label="Start Date" value={from} onChange={(v) => filter({ from: v })} />
        <IsoDatePicker label="End Date" value={to} onChange={(v) => filter({ to: v })} error={badRange ? 'End date must not be before start date' : undefined} />
        {picker('Status', unresolved ? 'unresolved' : status, (v) => filter({ status: v as Status }), [['resolved', 'Resolved'], ['unresolved', 'Unresolved']], unresolved)}
        {picker('Project', projectId, (v) => filter({ projectId: v }), (projects.data?.rows ?? []).map((p) => [String(p.id), p.name]))}
        {picker('Surveyor', surveyorId, (v) => filter({ surveyorId: v }), (surveyors.data?.data ?? []).map((u) => [String(u.id), `${u.firstName} ${u.lastName}`]))}
        <FormControlLabel control={<Checkbox checked={unresolved} onChange={(e) => filter({ unresolved: e.target.checked })} />} label="Unresolved" />
        {/* Reset clears the filters and the page; the sort stays, as before */}
        <Button onClick={() => filter({ from: null, to: null, status: '', unresolved: false, projectId: '', surveyorId: '' })}>Reset</Button>
      </Stack>
      <DataTable caption="Escalations" columns={columns} rows={list.rows} count={list.count} state={table}
        onStateChange={setTable} rowKey={(e) => e.id} loading={list.loading} failed={list.failed} emptyText="No records found." />
    </Box>
  );
}
