// Roster Upload (survey-work.md §2, §4): drop a .csv, preview Language / Providers / Sites / Departments, Confirm or
// Cancel; the roster history with undo and delete; the final count. Opened with route state { projectId, projectName }.
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { failureAlert, listOf, successNotice, useAppDispatch, useAppSelector } from '@frontend/shared-api';
import {
  ROSTER_STATUS, ROSTER_STATUS_NAMES, rosters, uploadRoster, useRostersDeleteRosterMutation, useRostersListRostersQuery,
  useRostersSamplingOperationsMutation, useRostersUndoRosterMutation, type RosterPreview, type RosterRead,
} from '@frontend/rosters-data-access';
import {
  Alert, Box, Button, CheckCircleIcon, CircularProgress, ConfirmDialog, DataTable, DeleteIcon, ErrorIcon, FileDropZone,
  IconButton, NotYetKnownNotice, notYetKnown, Paper, Stack, Tooltip, Typography, UndoIcon, toServerQuery, useTableState, type Column,
} from '@frontend/shared-ui';
import { centralDateTime, usDay } from '@frontend/shared-util';

type Pending = { kind: 'undo' | 'delete'; roster: RosterRead } | { kind: 'final' } | null;
type NameCount = { name: string; count: number };

function Summary({ title, items }: { title: string; items: NameCount[] }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: 1, minWidth: 200, maxHeight: 260, overflow: 'auto' }}>
      <Typography variant="subtitle2" component="h3">{title} ({items.length})</Typography>
      {items.map((i) => (
        <Stack key={i.name} direction="row" sx={{ justifyContent: 'space-between', fontSize: 14 }}>
          <span>{i.name}</span><span>{i.count}</span>
        </Stack>
      ))}
    </Paper>
  );
}

function StatusIcon({ status }: { status: number }) {
  const label = ROSTER_STATUS_NAMES[status] ?? String(status);
  if (status === ROSTER_STATUS.PROCESSING) return <CircularProgress size={18} aria-label={label} />;
  if (status === ROSTER_STATUS.READY) return <CheckCircleIcon color="success" aria-label={label} />;
  if (status === ROSTER_STATUS.ERRORED) return <ErrorIcon color="error" aria-label={label} />;
  return <Typography variant="body2" color="text.secondary">{label}</Typography>;
}

async function commitRoster(projectId: number, uploadId: string, token: string | null) {
  const form = new FormData();
  form.append('onlyParse', 'false');
  form.append('uploadId', uploadId);
  const res = await fetch(`/api/roster/${projectId}`, {
    method: 'POST', body: form, credentials: 'include', headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const body = (await res.json().catch(() => ({}))) as { message?: string };
  if (!res.ok) throw Object.assign(new Error(body.message ?? res.statusText), { status: res.status });
  return body.message ?? 'Roster uploaded successfully';
}

/** The columns of the roster history, shared by the upload screen (which adds the actions) and Project Details.
 * Uploaded On is an instant, shown in Central time whatever the browser's zone; the range ends are plain days. */
const HISTORY_COLUMNS: Column<RosterRead>[] = [
  { key: 'uploadedOn', label: 'Uploaded On', sortable: true, render: (r) => centralDateTime(r.uploadedOn) },
  { key: 'fileName', label: 'File', render: (r) => r.fileName },
  { key: 'rangeStartDate', label: 'Range Start', sortable: true, render: (r) => (r.rangeStartDate ? usDay(r.rangeStartDate) : '') },
  { key: 'rangeEndDate', label: 'Range End', sortable: true, render: (r) => (r.rangeEndDate ? usDay(r.rangeEndDate) : '') },
  { key: 'totalEnc', label: 'Total Encounters', sortable: true, align: 'right', render: (r) => r.totalEnc },
  { key: 'status', label: 'Status', sortable: true, align: 'center', render: (r) => (
    // role img: the tooltip's text names the icon for a screen reader (a plain span may not carry a name)
    <Tooltip title={r.error ?? ROSTER_STATUS_NAMES[r.status] ?? ''}><span role="img"><StatusIcon status={r.status} /></span></Tooltip>
  ) },
];

/** The server's own order of the roster history (newest upload first), stated so that the header's arrow says it. */
export const HISTORY_ORDER = { orderBy: 'uploadedOn', orderDir: 'DESC' } as const;

/** The read-only roster history with paging, as Project Details shows it (spec survey-work.md §2 Project Details). */
export function RosterHistory({ projectId }: { projectId: number }) {
  const [table, setTable] = useTableState(HISTORY_ORDER);
  const list = listOf(useRostersListRostersQuery({ projectId, ...toServerQuery(table) }));
  return (
    <Box>
      <Typography variant="subtitle1">Roster History</Typography>
      <DataTable columns={HISTORY_COLUMNS} rows={list.rows} count={list.count} state={table} onStateChange={setTable}
                 rowKey={(r) => r.id} loading={list.loading} failed={list.failed} caption="Roster history" />
    </Box>
  );
}

/** readOnly (the admin's project view mode): the roster history alone, without upload, undo, delete or final count. */
export function RosterUploadPage({ projectId: fixedProjectId, readOnly = false }: { projectId?: number; readOnly?: boolean } = {}) {
  const location = useLocation();
  const state = (location.state ?? {}) as { projectId?: number; projectName?: string };
  const projectId = fixedProjectId ?? state.projectId;
  if (!projectId) return <Navigate to="../my-projects" replace />;
  return <RosterUpload projectId={projectId} projectName={state.projectName} readOnly={readOnly} />;
}

function RosterUpload({ projectId, projectName, readOnly }: { projectId: number; projectName?: string; readOnly: boolean }) {
  const dispatch = useAppDispatch();
  const token = useAppSelector((s) => s.auth.token);
  const [progress, setProgress] = useState<number | undefined>();
  const [preview, setPreview] = useState<RosterPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [table, setTable] = useTableState(HISTORY_ORDER);
  const history = useRostersListRostersQuery({ projectId, ...toServerQuery(table) });
  const { error, isFetching, refetch } = history;
  const list = listOf(history);
  const notYet = notYetKnown(error); // a project created a moment ago, not yet in the rosters service
  const [undo, { isLoading: undoing }] = useRostersUndoRosterMutation();
  const [remove, { isLoading: removing }] = useRostersDeleteRosterMutation();
  const [operations, { isLoading: submitting }] = useRostersSamplingOperationsMutation();

  const fail = (e: { status?: number; message?: string }) => dispatch(failureAlert(e.status ?? 0, e.message));

  const onFile = (file: File) => {
    setPreview(null);
    setProgress(0);
    uploadRoster(projectId, file, token, setProgress)
      .then((r) => setPreview(r.data))
      .catch(fail)
      .finally(() => setProgress(undefined));
  };

  const confirm = () => {
    if (!preview?.uploadId) return;
    setBusy(true);
    commitRoster(projectId, preview.uploadId, token)
      .then((message) => { dispatch(successNotice(message)); setPreview(null); })
      .catch(fail)
      .finally(() => { setBusy(false); refetch(); dispatch(rosters.util.invalidateTags(['Sampling'])); });
  };

  const cancel = () => {
    if (preview?.uploadId) remove({ projectId, uploadId: preview.uploadId });
    setPreview(null);
  };

  const onConfirmPending = async () => {
    if (!pending) return;
    if (pending.kind === 'undo') await undo({ rosterUndo: { id: pending.roster.id, projectId } });
    if (pending.kind === 'delete') await remove({ projectId, id: pending.roster.id });
    if (pending.kind === 'final') await operations({ samplingOperations: { projectId, finalCount: true } });
    setPending(null);
  };

  const columns: Column<RosterRead>[] = readOnly ? HISTORY_COLUMNS : [
    ...HISTORY_COLUMNS,
    { key: 'actions', label: 'Actions', align: 'center', render: (r) => (
      <Stack sx={{ justifyContent: 'center' }} direction="row">
        {/* a row without Undo keeps its place empty, so that every row's Delete sits in one column */}
        {r.isUndoable ? (
          <Tooltip title="Undo"><IconButton aria-label={`Undo roster ${r.id}`} onClick={() => setPending({ kind: 'undo', roster: r })}><UndoIcon /></IconButton></Tooltip>
        ) : <Box aria-hidden data-testid="undo-placeholder" sx={{ width: 40, flexShrink: 0 }} />}
        {r.status !== ROSTER_STATUS.PROCESSING && (
          <Tooltip title="Delete"><IconButton aria-label={`Delete roster ${r.id}`} onClick={() => setPending({ kind: 'delete', roster: r })}><DeleteIcon /></IconButton></Tooltip>
        )}
      </Stack>
    ) },
  ];

  const dialog = pending?.kind === 'undo'
    ? { title: 'Undo roster', message: "Undo this roster? Its patients leave the call queue; calls already made stay in the call log." }
    : pending?.kind === 'delete'
      ? { title: 'Delete roster', message: 'Delete this roster from the history? Its patients leave the call queue.' }
      : { title: 'Submit final count', message: "Submitting the final count resets this project's roster. This cannot be undone. Continue?" };

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h5" component="h1">Roster Upload{projectName ? ` — ${projectName}` : ''}</Typography>
        {!readOnly && <Button color="warning" variant="outlined" onClick={() => setPending({ kind: 'final' })}>Submit Final Count</Button>}
      </Stack>
      {notYet && <NotYetKnownNotice message={notYet} busy={isFetching} onRetry={() => refetch()} />}
      {!preview && !readOnly && <FileDropZone onFile={onFile} progress={progress} disabled={progress !== undefined}
                                 onReject={(m) => dispatch(failureAlert(415, m))} />}
      {progress === 100 && (
        // the file is sent; the server reads and checks every row before it answers (seconds for a large roster)
        <Stack role="status" direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
          <CircularProgress size={18} aria-hidden />
          <Typography>File uploaded; checking the roster's rows…</Typography>
        </Stack>
      )}
      {preview && (
        <Paper sx={{ p: 2, mb: 2 }} aria-label="Roster preview">
          <Typography variant="h6" component="h2">Preview</Typography>
          <Typography sx={{ mb: 1 }}>
            {preview.rowCount} encounters{preview.rangeStartDate ? `, dates of service ${usDay(preview.rangeStartDate)} to ${preview.rangeEndDate ? usDay(preview.rangeEndDate) : ''}` : ''}
          </Typography>
          {preview.encoding && preview.encoding !== 'UTF-8' && (
            <Alert severity="info" sx={{ mb: 1 }}>
              The file was saved as {preview.encoding}, not UTF-8, and was read as such: check that accented letters in
              the names below look right before you confirm.
            </Alert>
          )}
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', mb: 2 }} useFlexGap>
            <Summary title="Language" items={preview.languages.map((l) => ({ name: l.name, count: l.count }))} />
            <Summary title="Providers" items={preview.providers} />
            <Summary title="Sites" items={preview.sites} />
            <Summary title="Departments" items={preview.departments} />
          </Stack>
          {preview.errorCount > 0 && (
            <Box role="alert" sx={{ color: 'error.main', mb: 2 }}>
              <Typography>{preview.errorCount} error(s): fix the file and upload it again.</Typography>
              <ul>{preview.errors.map((e) => <li key={`${e.row}-${e.column}-${e.message}`}>{e.message}</li>)}</ul>
            </Box>
          )}
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={confirm} disabled={busy || !preview.uploadId}>{busy ? 'Importing…' : 'Confirm'}</Button>
            <Button onClick={cancel} disabled={busy}>Cancel</Button>
          </Stack>
        </Paper>
      )}
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>Roster History</Typography>
      <DataTable columns={columns} rows={list.rows} count={list.count} state={table} onStateChange={setTable}
                 rowKey={(r) => r.id} loading={list.loading} failed={list.failed && !notYet} caption="Roster history" />
      <ConfirmDialog open={pending !== null} title={dialog.title} message={dialog.message}
                     busy={undoing || removing || submitting} onConfirm={onConfirmPending} onCancel={() => setPending(null)} />
    </Box>
  );
}
