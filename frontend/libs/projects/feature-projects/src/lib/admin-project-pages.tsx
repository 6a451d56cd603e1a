// Admin: Project List management table, /admin/projects/add (the wizard; without a client in the navigation
// state it goes back to the clients), and /admin/projects/:id(/:mode) with its tabs (spec §2.3, §2.6).
import { useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  BlockIcon, Box, ConfirmDialog, DataTable, DeleteIcon, EditIcon, IconButton, MenuItem, NotFoundPage, Paper, RestoreIcon, Stack,
  TextField, ToggleButton, ToggleButtonGroup, Tooltip, Typography, VisibilityIcon, toServerQuery, useUrlListState, type Column,
} from '@frontend/shared-ui';
import { SEARCH_MIN } from '@frontend/shared-util';
import { listOf, useSurveysGetQuestionnaireQuery, type QuestionnaireProjectRead } from '@frontend/shared-api';
import {
  ASSIGNMENT_TYPES, PROJECT_STATUSES, PROJECT_TYPES, fmtDate, fmtInstantDay, useDeleteProjectMutation, useGetProjectQuery,
  useListProjectsQuery, type ClientRead, type ProjectRow,
} from '@frontend/projects-data-access';
import { ProjectWizard } from './project-wizard';
import { VisitInfoPanel } from './visit-info';

type Pending = { kind: 'deactivate' | 'reactivate' | 'delete'; project: ProjectRow } | null;
const CONFIRM = {
  deactivate: { title: 'Deactivate Project', label: 'Yes, Deactivate', message: (n: string) => `Deactivate ${n}?` },
  reactivate: { title: 'Reactivate Project', label: 'Yes, Reactivate', message: (n: string) => `Reactivate ${n}?` },
  delete: { title: 'Delete Project', label: 'Yes, Delete', message: (n: string) => `Delete ${n} permanently?` },
};
export const SORT_KEYS = [
  { key: 'name', label: 'Project Name' }, { key: 'lastRosterUpload', label: 'Last Roster Upload' },
  { key: 'oldestUncleanedSurveyedOn', label: 'Oldest Uncleaned Surveyed On' }, { key: 'undefinedProviders', label: 'Undefined Sampling Providers' },
  { key: 'uncleanedEscalation', label: 'Unresolved Escalations' },
];

function assignmentTypes(p: ProjectRow): string {
  const parts = [[p.assignedSurveyors ?? 0, ASSIGNMENT_TYPES[0]], [p.coverageSurveyors ?? 0, ASSIGNMENT_TYPES[1]]] as const;
  return parts.filter(([n]) => n > 0).map(([n, label]) => `${n} ${label}`).join(', ') || 'Unassigned';
}

const LIST_FILTERS = { search: '', typeId: '' };

/** A numeric filter of the address: its id, or '' (all) for none or for what is not an id. */
export const idFilter = (v: string): number | '' => (/^\d+$/.test(v) ? Number(v) : '');

export function ProjectListPage() {
  const navigate = useNavigate();
  // search, type, sort and page live in the address, as on My Projects
  const { table, setTable, filters, setFilters } = useUrlListState({ table: { orderBy: 'name' }, filters: LIST_FILTERS });
  const { search } = filters;
  const typeId = idFilter(filters.typeId);
  // passed along to the project's screens, whose Cancel / Update returns to the list as it was left
  const listSearch = useLocation().search;
  const [pending, setPending] = useState<Pending>(null);
  const [remove, { isLoading }] = useDeleteProjectMutation();
  const term = search.trim().length >= SEARCH_MIN ? search.trim() : undefined;
  const list = listOf(useListProjectsQuery({ isAdmin: true, search: term, typeId: typeId === '' ? undefined : typeId, ...toServerQuery(table) }));
  // the page's questionnaires in one call (the surveys service owns them; one per project, named after it)
  const pageIds = list.rows.map((p) => p.id).join(',');
  const { data: questionnaires } = useSurveysGetQuestionnaireQuery({ projectIds: pageIds, isPaginated: false }, { skip: !pageIds });
  const questionnaireOf = new Map(((questionnaires?.rows ?? []) as QuestionnaireProjectRead[]).map((q) => [q.projectId, q]));
  const columns: Column<ProjectRow>[] = [
    { key: 'name', label: 'Project Name', sortable: true },
    { key: 'deadline', label: 'Project Deadline', sortable: true, render: (p) => fmtDate(p.deadline) },
    { key: 'progress', label: 'Progress', render: (p) => `${p.surveysRP ?? 0}${p.reqGoals ? ` / ${p.reqGoals}` : ''}` },
    { key: 'statusId', label: 'Status', sortable: true, render: (p) => (p.deletedAt ? 'Deactivated' : PROJECT_STATUSES[p.statusId ?? 0] ?? '') },
    // the last review of one of the project's calls in the call log (Quality's removal or comment edit)
    { key: 'lastQA', label: 'Last QA', render: (p) => fmtInstantDay(p.lastQA) },
    { key: 'managerId', label: 'Project Manager', render: (p) => `${p.user?.firstName ?? ''} ${p.user?.lastName ?? ''}` },
    { key: 'timezone', label: 'Tz', sortable: true, render: (p) => p.timezone ?? 'N/A' },
    // the project's surveyors by assignment type (Assigned / Coverage); the project type is the filter above
    { key: 'assignmentType', label: 'Assignment Type', render: (p) => assignmentTypes(p) },
    // plain text: the admin area has no questionnaire viewer route (spec platform.md §2.3)
    { key: 'questionnaire', label: 'Questionnaire(s)', render: (p) => {
      const q = questionnaireOf.get(p.id);
      return q ? `${q.name || p.name} (${q.questionCount} question${q.questionCount === 1 ? '' : 's'})` : 'None';
    } },
    // small 28 px buttons in a dense table, as on My Projects: the ten columns then fit beside the navigation at 1440 px
    { key: 'action', label: 'Action', render: (p) => (
      <Stack direction="row">
        <Tooltip title="View"><IconButton size="small" sx={{ p: 0.5 }} aria-label={`View ${p.name}`} onClick={() => navigate(`../projects/${p.id}/view`, { state: { listSearch } })}><VisibilityIcon fontSize="small" /></IconButton></Tooltip>
        {!p.deletedAt && <Tooltip title="Edit"><IconButton size="small" sx={{ p: 0.5 }} aria-label={`Edit ${p.name}`} onClick={() => navigate(`../projects/${p.id}`, { state: { listSearch } })}><EditIcon fontSize="small" /></IconButton></Tooltip>}
        {p.deletedAt
          ? <Tooltip title="Reactivate"><IconButton size="small" sx={{ p: 0.5 }} aria-label={`Reactivate ${p.name}`} onClick={() => setPending({ kind: 'reactivate', project: p })}><RestoreIcon fontSize="small" /></IconButton></Tooltip>
          : <Tooltip title="Deactivate"><IconButton size="small" sx={{ p: 0.5 }} aria-label={`Deactivate ${p.name}`} onClick={() => setPending({ kind: 'deactivate', project: p })}><BlockIcon fontSize="small" /></IconButton></Tooltip>}
        <Tooltip title="Delete"><IconButton size="small" sx={{ p: 0.5 }} aria-label={`Delete ${p.name}`} onClick={() => setPending({ kind: 'delete', project: p })}><DeleteIcon fontSize="small" /></IconButton></Tooltip>
      </Stack>
    ) },
  ];
  const c = pending ? CONFIRM[pending.kind] : null;
  return (
    <Stack spacing={2}>
      <Typography variant="h5">Project List</Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Project filters">
        <TextField size="small" label="Search Client / Projects" value={search} onChange={(e) => setFilters({ search: e.target.value })} />
        <TextField size="small" select label="Project Type" sx={{ minWidth: 220 }} value={typeId} onChange={(e) => setFilters({ typeId: String(e.target.value) })}>
          <MenuItem value="">All</MenuItem>
          {Object.entries(PROJECT_TYPES).map(([k, v]) => <MenuItem key={k} value={Number(k)}>{v}</MenuItem>)}
        </TextField>
        <SortKeyPicker value={table.orderBy} onChange={(k) => setTable({ ...table, page: 1, orderBy: k, orderDir: k === 'name' ? 'ASC' : 'DESC' })} />
      </Stack>
      {/* ten columns: on a narrower window (1000 px) the table scrolls sideways beneath its pinned Action column */}
      <DataTable caption="Projects" columns={columns} rows={list.rows} count={list.count} state={table} onStateChange={setTable} rowKey={(r) => r.id} loading={list.loading} failed={list.failed} dense
        pinLastColumn />
      <ConfirmDialog open={!!pending} title={c?.title ?? ''} message={pending && c ? c.message(pending.project.name) : ''} confirmLabel={c?.label} busy={isLoading}
        onCancel={() => setPending(null)}
        onConfirm={() => { if (pending) remove({ id: pending.project.id, isDeactivated: pending.kind === 'delete' ? undefined : pending.kind === 'deactivate' }).unwrap().catch(() => undefined).finally(() => setPending(null)); }} />
    </Stack>
  );
}

export function SortKeyPicker({ value, onChange }: { value?: string; onChange: (key: string) => void }) {
  return (
    <TextField size="small" select label="Sort by" sx={{ minWidth: 260 }} value={SORT_KEYS.some((k) => k.key === value) ? value : ''} onChange={(e) => onChange(e.target.value)}>
      {SORT_KEYS.map((k) => <MenuItem key={k.key} value={k.key}>{k.label}</MenuItem>)}
    </TextField>
  );
}

/** /admin/projects/add. */
export function ProjectWizardPage() {
  const navigate = useNavigate();
  const client = (useLocation().state as { client?: ClientRead } | null)?.client;
  if (!client) return <Navigate to="../client-management" replace />;
  return (
    <Stack spacing={2}>
      <Typography variant="h5">Add Project</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ProjectWizard project={null} client={client} onDone={(id) => navigate(id ? `../projects/${id}/view` : '../client-management')} />
      </Paper>
    </Stack>
  );
}

export const PROJECT_TABS = [
  { key: 'details', label: 'Details' }, { key: 'sampling', label: 'Sampling' }, { key: 'roster-upload', label: 'Roster Upload' },
  { key: 'roster-export', label: 'Roster Export' }, { key: 'survey-export', label: 'Survey Export' },
  { key: 'additional-info', label: 'Additional Info' }, { key: 'pdf-upload', label: 'PDF File Upload' },
] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number]['key'];
/** The `:mode`s this page serves (spec §2.3): `view` (read-only Details) and each other tab's sub-view; Details
 * itself is /admin/projects/:id, so any other mode (`edit`, a typo) is a path that does not exist. */
const MODES: ReadonlySet<string> = new Set(['view', ...PROJECT_TABS.filter((t) => t.key !== 'details').map((t) => t.key)]);

/** /admin/projects/:id (Details, editable) and /admin/projects/:id/:mode (view = read-only Details, or a tab).
 * `panels` lets the remote fill the tabs other contexts own (sampling, rosters, exports, guidelines); each gets
 * readOnly to hide what would change the project. */
export function ProjectManagementPage({ panels = {} }: { panels?: Partial<Record<ProjectTab, (projectId: number, readOnly: boolean) => ReactNode>> }) {
  const { id, mode } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // the Project List's query (search, type, sort, page), kept through the tabs: Cancel / Update go back to it
  const listSearch = (useLocation().state as { listSearch?: string } | null)?.listSearch ?? '';
  const projectId = Number(id);
  const known = (mode === undefined || MODES.has(mode)) && Number.isInteger(projectId) && projectId > 0;
  const { data: project, isError, refetch } = useGetProjectQuery({ projectId, isAdmin: true }, { skip: !known });
  if (!known) return <NotFoundPage />;
  if (isError) return <Typography color="text.secondary">No record found.</Typography>;
  if (!project) return null;
  const tab: ProjectTab = !mode || mode === 'view' ? 'details' : (mode as ProjectTab);
  // A sub-view's route has no room for the mode, so one opened from view mode carries `?view` and stays read-only;
  // Details from there goes back to /view, not to the editable /admin/projects/{id}.
  const readOnly = mode === 'view' || search.has('view') || !!project.deletedAt;
  const go = (t: ProjectTab) => navigate(t === 'details' ? `../projects/${projectId}${readOnly ? '/view' : ''}` : `../projects/${projectId}/${t}${readOnly ? '?view' : ''}`, { replace: true, state: { listSearch } });
  return (
    <Stack spacing={2}>
      <Typography variant="h5">{project.name}{project.deletedAt ? ' (deactivated)' : ''}</Typography>
      <ToggleButtonGroup exclusive size="small" value={tab} onChange={(_e, v) => v && go(v)} aria-label="Project tabs" sx={{ flexWrap: 'wrap' }}>
        {PROJECT_TABS.map((t) => <ToggleButton key={t.key} value={t.key}>{t.label}</ToggleButton>)}
      </ToggleButtonGroup>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {tab === 'details' && (
          <ProjectWizard key={`${project.id}-${project.updatedAt}-${readOnly}`} project={project} client={project.client ?? null} readOnly={readOnly}
            onDone={() => navigate(`../project-list${listSearch}`)} onReload={() => { void refetch(); }} />
        )}
        {tab === 'additional-info' && <VisitInfoPanel projectId={projectId} readOnly={readOnly} />}
        {tab !== 'details' && tab !== 'additional-info' && (panels[tab]?.(projectId, readOnly) ?? (
          <Box><Typography color="text.secondary">{PROJECT_TABS.find((t) => t.key === tab)?.label} is served by its own screen.</Typography></Box>
        ))}
      </Paper>
    </Stack>
  );
}

