// Assignments (Operations and CIMR Manager): the Project Assignments list, and assignments/:id with the surveyor
// search (2 characters; "No such surveyor."), the assigned table (Surveyor, Email, Weekly Goal, Action with the
// "Delete Surveyor" / "Yes, Delete" confirmation) and the weekly goal history, a table per surveyor (Week, Weekly Goal,
// Report-Period Goal, Action), with add week and delete week; beside each surveyor's history, the report-period goal,
// the assignment type (Assigned / Coverage) and the priority.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { listOf, useAppSelector, useIdentityListUsersQuery } from '@frontend/shared-api';
import {
  AddIcon, Autocomplete, Button, ConfirmDialog, DataTable, DeleteIcon, IconButton, MenuItem, Paper, SimpleTable, Stack, TextField, Typography,
  VisibilityIcon, toServerQuery, useTableState, useUrlListState, type Column,
} from '@frontend/shared-ui';
import { Role, SEARCH_MIN, businessToday, historyWithCurrentWeek } from '@frontend/shared-util';
import {
  ASSIGNMENT_TYPES, PROJECT_STATUSES, fmtDate, useAddAssignmentWeekMutation, useCreateAssignmentMutation, useDeleteAssignmentMutation,
  useDeleteAssignmentWeekMutation, useGetProjectQuery, useListAssignmentsQuery, useListProjectsQuery, useUpdateAssignmentMutation,
  useUpdateAssignmentWeekMutation, type AssignmentRead, type AssignmentWeek, type ProjectRow,
} from '@frontend/projects-data-access';

export function AssignmentsPage() {
  const navigate = useNavigate();
  // search, sort and page live in the address (?search=&orderBy=&orderDir=&page=&pageSize=): a reload and Back
  // from a project's assignments give the list as it was left
  const { table, setTable, filters, setFilters } = useUrlListState({ table: { orderBy: 'name' }, filters: { search: '' },
    sortKeys: ['name', 'startDate', 'deadline', 'statusId', 'timezone'] });
  const { search } = filters;
  const term = search.trim().length >= SEARCH_MIN ? search.trim() : undefined;
  const list = listOf(useListProjectsQuery({ search: term, ...toServerQuery(table) }));
  const columns: Column<ProjectRow>[] = [
    { key: 'name', label: 'Project Name', sortable: true },
    { key: 'startDate', label: 'Started On', sortable: true, render: (p) => fmtDate(p.startDate) },
    { key: 'deadline', label: 'Project Deadline', sortable: true, render: (p) => fmtDate(p.deadline) },
    { key: 'goals', label: 'Goals', render: (p) => `${p.surveysRP ?? 0}${p.reqGoals ? ` / ${p.reqGoals}` : ''}` },
    { key: 'statusId', label: 'Status', sortable: true, render: (p) => PROJECT_STATUSES[p.statusId ?? 0] ?? '' },
    { key: 'timezone', label: 'Timezone', sortable: true, render: (p) => p.timezone ?? 'N/A' },
    { key: 'managerId', label: 'Project Manager', render: (p) => `${p.user?.firstName ?? ''} ${p.user?.lastName ?? ''}` },
    { key: 'action', label: 'Action', render: (p) => <IconButton aria-label={`Assign surveyors to ${p.name}`} onClick={() => navigate(`../assignments/${p.id}`)}><VisibilityIcon /></IconButton> },
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="h5">Project Assignments</Typography>
      <TextField size="small" placeholder="Search Project..." sx={{ maxWidth: 320 }} value={search} slotProps={{ htmlInput: { 'aria-label': 'Search Project...' } }}
        onChange={(e) => setFilters({ search: e.target.value })} />
      <DataTable caption="Project Assignments" columns={columns} rows={list.rows} count={list.count} state={table} onStateChange={setTable} rowKey={(r) => r.id} loading={list.loading} failed={list.failed} />
    </Stack>
  );
}

/** The projects service's page limit: all of a project's assignments in one read. */
const ASSIGNED_MAX = 5000;

/** The projects service's bound on every goal (surveyorGoals, surveyorCompGoals, weekGoals). */
const GOAL_MAX = 100_000;

/** The projects service's bound on an assignment's priority. */
const PRIORITY_MAX = 1000;

/** A weekly goal (or another count) typed in place (digits only), saved on blur or Enter; an empty field says Required
 * and a number above `max` says so beside it, and neither is saved; a refused save shows the saved number again. */
function GoalInput({ label, goal, width, onSave, max = GOAL_MAX }: {
  label: string; goal: number; width: number; onSave: (goal: number) => Promise<unknown>; max?: number;
}) {
  const [value, setValue] = useState(String(goal));
  const error = value === '' ? 'Required' : Number(value) > max ? `At most ${max}` : undefined;
  const save = () => {
    if (!error && Number(value) !== goal) onSave(Number(value)).catch(() => setValue(String(goal)));
  };
  return <TextField size="small" sx={{ width }} value={value} error={!!error} helperText={error}
    slotProps={{ htmlInput: { 'aria-label': label, inputMode: 'numeric' } }}
    onChange={(e) => /^\d{0,6}$/.test(e.target.value) && setValue(e.target.value)} onBlur={save} onKeyDown={(e) => { if (e.key === 'Enter') save(); }} />;
}

function GoalCell({ a }: { a: AssignmentRead }) {
  const [update] = useUpdateAssignmentMutation();
  return <GoalInput label={`Weekly goal of ${a.surveyor?.email}`} goal={a.surveyorGoals} width={100}
    onSave={(goal) => update({ assignmentUpdate: { id: a.id, surveyorGoals: goal, expected: { surveyorGoals: a.surveyorGoals } } }).unwrap()} />;
}

/** The surveyor's Current Report-Period Minimum Surveys (the assignment's surveyorCompGoals), which the call screen
 * and Project Details show beside the weekly goal. */
function ReportGoalCell({ a }: { a: AssignmentRead }) {
  const [update] = useUpdateAssignmentMutation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2">Report-period goal</Typography>
      <GoalInput label={`Report-period goal of ${a.surveyor?.email}`} goal={a.surveyorCompGoals} width={100}
        onSave={(goal) => update({ assignmentUpdate: { id: a.id, surveyorCompGoals: goal, expected: { surveyorCompGoals: a.surveyorCompGoals } } }).unwrap()} />
    </Stack>
  );
}

/** A week's weekly goal; only it is sent (the week's report-period goal shown beside it may be older than the one
 * another manager has saved since, which the server keeps). */
/** The assignment's type (Assigned 0 / Coverage 1: the Admin project list's Assignment Type counts them) and priority
 * (the default order of the assigned surveyors); neither changes who may call or their goals. */
function TypeAndPriority({ a }: { a: AssignmentRead }) {
  const [update] = useUpdateAssignmentMutation();
  const email = a.surveyor?.email;
  return (
    <>
      <TextField select size="small" label="Type" sx={{ width: 140 }} value={a.typeId ?? 0}
        slotProps={{ select: { SelectDisplayProps: { 'aria-label': `Assignment type of ${email}`, 'aria-labelledby': undefined } } }}
        onChange={(e) => { const typeId = Number(e.target.value); if (typeId !== a.typeId) update({ assignmentUpdate: { id: a.id, typeId, expected: { typeId: a.typeId } } }).unwrap().catch(() => undefined); }}>
        {Object.entries(ASSIGNMENT_TYPES).map(([id, name]) => <MenuItem key={id} value={Number(id)}>{name}</MenuItem>)}
      </TextField>
      <Typography variant="body2">Priority</Typography>
      <GoalInput key={`${a.id}-${a.priority}`} label={`Priority of ${email}`} goal={a.priority ?? 1} width={80} max={PRIORITY_MAX}
        onSave={(priority) => update({ assignmentUpdate: { id: a.id, priority, expected: { priority: a.priority } } }).unwrap()} />
    </>
  );
}

function WeekGoalCell({ w }: { w: AssignmentWeek }) {
  const [update] = useUpdateAssignmentWeekMutation();
  return <GoalInput label={`Goal for week ${w.weekDate}`} goal={w.weekGoals} width={90}
    onSave={(goal) => update({ weekUpdate: { id: w.id, weekGoals: goal, expected: { weekGoals: w.weekGoals } } }).unwrap()} />;
}

export function ProjectAssignmentPage() {
  const projectId = Number(useParams().id);
  const role = useAppSelector((s) => s.auth.user?.role);
  const cimr = role === Role.CimrManager;
  const { data: project } = useGetProjectQuery({ projectId }, { skip: !projectId });
  const [table, setTable] = useTableState();
  const list = listOf(useListAssignmentsQuery({ projectId, ...toServerQuery(table) }));
  const [query, setQuery] = useState('');
  const term = query.trim().length >= SEARCH_MIN ? query.trim() : '';
  const roles = cimr ? [Role.CimrSurveyor] : [Role.Surveyor, Role.CimrSurveyor, Role.KellerSurveyor];
  // 20 more than are assigned, so that the assigned ones left out below never hide 20 that are not
  const limit = Math.min(20 + list.count, ASSIGNED_MAX);
  const s1 = useIdentityListUsersQuery({ search: term, role: roles[0], limit }, { skip: !term });
  const s2 = useIdentityListUsersQuery({ search: term, role: roles[1] ?? roles[0], limit }, { skip: !term || cimr });
  const s3 = useIdentityListUsersQuery({ search: term, role: roles[2] ?? roles[0], limit }, { skip: !term || cimr });
  // Only surveyors not yet assigned are offered (assigning one again is refused with 409): every assignment of the
  // project, not just the table's page, is read while a term is typed.
  const assigned = useListAssignmentsQuery({ projectId, limit: ASSIGNED_MAX }, { skip: !term });
  const assignedIds = new Set((assigned.data?.rows ?? []).map((a) => a.surveyorId));
  const found = term ? [...(s1.data?.rows ?? []), ...(cimr ? [] : [...(s2.data?.rows ?? []), ...(s3.data?.rows ?? [])])] : [];
  const options = found.filter((u) => !assignedIds.has(u.id));
  // "No such surveyor." only once every search for the term has answered; until then the list says it is loading.
  const searches = cimr ? [s1, assigned] : [s1, s2, s3, assigned];
  const searching = !!term && searches.some((q) => q.isFetching);
  const searchFailed = !!term && searches.some((q) => q.isError);
  const [assign] = useCreateAssignmentMutation();
  const [unassign, { isLoading: removing }] = useDeleteAssignmentMutation();
  const [addWeek] = useAddAssignmentWeekMutation();
  const [deleteWeek, { isLoading: deletingWeek }] = useDeleteAssignmentWeekMutation();
  const [pending, setPending] = useState<AssignmentRead | null>(null);
  const [pendingWeek, setPendingWeek] = useState<AssignmentWeek | null>(null);
  const today = businessToday();
  const { rows } = list;
  const columns: Column<AssignmentRead>[] = [
    { key: 'firstName', label: 'Surveyor', sortable: true, render: (a) => `${a.surveyor?.firstName ?? ''} ${a.surveyor?.lastName ?? ''}` },
    { key: 'email', label: 'Email', sortable: true, render: (a) => a.surveyor?.email ?? '' },
    { key: 'surveyorGoals', label: 'Weekly Goal', sortable: true, render: (a) => <GoalCell key={`${a.id}-${a.surveyorGoals}`} a={a} /> },
    { key: 'action', label: 'Action', render: (a) => <IconButton aria-label={`Delete ${a.surveyor?.email}`} onClick={() => setPending(a)}><DeleteIcon /></IconButton> },
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="h5">Assignments{project ? `: ${project.name}` : ''}</Typography>
      <Autocomplete options={options} sx={{ maxWidth: 420 }} value={null} filterOptions={(x) => x}
        getOptionLabel={(u) => `${u.firstName} ${u.lastName} (${u.email})`} onInputChange={(_e, v) => setQuery(v)}
        loading={searching} loadingText="Searching..."
        noOptionsText={!term ? 'Type at least 2 characters' : searchFailed ? 'The search failed. Try again.' : 'No such surveyor.'}
        onChange={(_e, u) => { if (u) assign({ assignmentCreate: { projectId, surveyorId: u.id } }).unwrap().catch(() => undefined); }}
        renderInput={(p) => <TextField {...p} label="Search surveyors" />} />
      <DataTable caption="Assigned surveyors" columns={columns} rows={rows} count={list.count} state={table} onStateChange={setTable} rowKey={(r) => r.id} loading={list.loading} failed={list.failed} />
      <Paper variant="outlined" sx={{ p: 2 }} aria-label="Weekly goal history">
        <Typography variant="subtitle1">Weekly Goal History</Typography>
        {rows.map((a) => (
          <Stack key={a.id} spacing={1} sx={{ my: 1 }}>
            {/* wraps on a narrow screen rather than widening the page */}
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ minWidth: 240 }}>{a.surveyor?.firstName} {a.surveyor?.lastName}</Typography>
              <ReportGoalCell key={`${a.id}-${a.surveyorCompGoals}`} a={a} />
              <TypeAndPriority a={a} />
              <Button size="small" startIcon={<AddIcon />} aria-label={`Add week for ${a.surveyor?.email}`}
                onClick={() => { addWeek({ addWeek: { assignmentId: a.id } }).unwrap().catch(() => undefined); }}>Add Week</Button>
            </Stack>
            {/* this week is listed before any week is saved, with the assignment's goals that apply to it; nothing is
                stored until Add Week saves a week */}
            <SimpleTable caption={`Weekly goal history of ${a.surveyor?.email ?? ''}`} rows={historyWithCurrentWeek(a, today)}
              rowKey={(w) => (w.fromAssignment ? `current-${w.weekDate}` : w.id)} emptyText="No record found." columns={[
                { key: 'weekDate', label: 'Week', render: (w) => (w.fromAssignment
                  ? <>{fmtDate(w.weekDate)}<Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>This week: the assignment&apos;s goals apply (Add Week saves it)</Typography></>
                  : fmtDate(w.weekDate)) },
                { key: 'weekGoals', label: 'Weekly Goal', render: (w) => (w.fromAssignment ? w.weekGoals : <WeekGoalCell key={`${w.id}-${w.weekGoals}`} w={w} />) },
                { key: 'weekCompGoals', label: 'Report-Period Goal', align: 'right' },
                { key: 'action', label: 'Action', render: (w) => (w.fromAssignment ? null : (
                  <IconButton size="small" aria-label={`Delete week ${w.weekDate} of ${a.surveyor?.email}`} onClick={() => setPendingWeek(w)}><DeleteIcon /></IconButton>
                )) },
              ]} />
          </Stack>
        ))}
      </Paper>
      <ConfirmDialog open={!!pending} title="Delete Surveyor" confirmLabel="Yes, Delete" busy={removing}
        message={pending ? `Un-assign ${pending.surveyor?.firstName ?? ''} ${pending.surveyor?.lastName ?? ''} from this project?` : ''}
        onCancel={() => setPending(null)} onConfirm={() => { if (pending) unassign({ id: pending.id }).unwrap().catch(() => undefined).finally(() => setPending(null)); }} />
      <ConfirmDialog open={!!pendingWeek} title="Delete Week" confirmLabel="Yes, Delete" busy={deletingWeek}
        message={pendingWeek ? `Delete the week of ${fmtDate(pendingWeek.weekDate)}?` : ''}
        onCancel={() => setPendingWeek(null)} onConfirm={() => { if (pendingWeek) deleteWeek({ id: pendingWeek.id, assignmentId: pendingWeek.assignmentId }).unwrap().catch(() => undefined).finally(() => setPendingWeek(null)); }} />
    </Stack>
  );
}
