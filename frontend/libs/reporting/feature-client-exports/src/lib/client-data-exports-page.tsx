// One project's client report exports (spec survey-work.md §2, §7, §9): history with From / To (default: seven
// days before today to yesterday) and Filter; a toggle opens the header-key editor (multi-select of header keys,
// Only SR, FileName; Save disabled without a FileName). Row actions: edit, download (confirm "Download"),
// delete (confirm "Yes, Delete"). A download saves the CSV the server streams (POST service-recoveries/report with
// format "csv": BOM, formula cells neutralised) and records the download; an empty export shows the server's message
// instead (its 404 "No Data Found": no file, no download recorded).
// Download Date: Central time with seconds, marked CST (spec §9).
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  failureAlert, listOf, notice, projectsGenerated as G, useAppDispatch, useAppSelector, useReportingDeleteServiceRecoveryMutation,
  useReportingGetServiceRecoveryHeaderKeysQuery, useReportingListServiceRecoveriesQuery, useReportingSaveServiceRecoveryMutation,
  type ServiceRecoveryHistoryRow,
} from '@frontend/shared-api';
import {
  Autocomplete, Box, Button, ConfirmDialog, DataTable, DeleteIcon, DownloadIcon, EditIcon, FormControlLabel, IconButton,
  IsoDatePicker, Paper, Stack, Switch, TextField, Tooltip, Typography, toServerQuery, useTableState, type Column,
} from '@frontend/shared-ui';
import { addDays, businessToday, centralDateTime, usDay } from '@frontend/shared-util';
import { ReportDownloadError, downloadReportCsv } from '@frontend/reporting-data-access';

/** The server's answer (404) when the export has no survey in the range. */
const NO_DATA = 'No Data Found';

/** Seven days before today to yesterday, on the business calendar (America/Chicago) the servers count days in. */
export function defaultRange(today = businessToday()) {
  return { from: addDays(today, -7), to: addDays(today, -1) };
}

interface Editor { id?: number; srKeys: string[]; onlySr: boolean; filename: string }
const blank: Editor = { srKeys: [], onlySr: false, filename: '' };

export function ClientDataExportsPage() {
  const { id } = useParams();
  const projectId = Number(id);
  const valid = Number.isInteger(projectId) && projectId > 0;
  const dispatch = useAppDispatch();
  const [range, setRange] = useState(defaultRange);
  const [applied, setApplied] = useState(range);
  const [state, setState] = useTableState({ orderBy: 'createdAt', orderDir: 'DESC' });
  const [editorOpen, setEditorOpen] = useState(false);
  const [editor, setEditor] = useState<Editor>(blank);
  const [toDownload, setToDownload] = useState<ServiceRecoveryHistoryRow | null>(null);
  const [toDelete, setToDelete] = useState<ServiceRecoveryHistoryRow | null>(null);
  const history = useReportingListServiceRecoveriesQuery({ ...toServerQuery(state), projectId, ...applied }, { skip: !valid });
  const keys = useReportingGetServiceRecoveryHeaderKeysQuery({ projectId }, { skip: !valid || !editorOpen });
  const keyOptions = keys.data?.data ?? [];  // in the server's catalogue order, then the questions
  const keyLabels: Record<string, string> = keys.data?.labels ?? {};  // "Question 12: <its title>"
  const [save, saving] = useReportingSaveServiceRecoveryMutation();
  const token = useAppSelector((s) => s.auth.token);
  const [downloading, setDownloading] = useState(false);
  const [remove, removing] = useReportingDeleteServiceRecoveryMutation();
  const list = listOf(history);
  const rows = list.rows as ServiceRecoveryHistoryRow[];
  // the heading names the project before its first export is saved too (no history row to take the name from)
  const named = G.useProjectsGetProjectNameQuery({ id: projectId }, { skip: !valid });
  const projectName = rows[0]?.projectName ?? named.data?.name;
  // the range is also what a download covers: the server refuses one ending after today (no survey is dated later)
  const rangeError = range.from && range.to && range.from > range.to ? 'From must not be after To'
    : range.to && range.to > businessToday() ? 'To must not be after today' : undefined;

  const onSave = async () => {
    await save({ serviceRecoveryBody: { id: editor.id ?? null, projectId, srKeys: editor.srKeys, onlySr: editor.onlySr, filename: editor.filename.trim() } }).unwrap();
    setEditor(blank);
    setEditorOpen(false);
    history.refetch();
  };
  const onDownload = async (row: ServiceRecoveryHistoryRow) => {
    setToDownload(null);
    if (!row.srKeys.length) {
      dispatch(notice({ kind: 'error', text: 'No Header Keys Selected' }));
      return;
    }
    setDownloading(true);
    try {
      await downloadReportCsv({ id: row.id, ...applied }, token);
    } catch (e) {
      const { status, message } = e instanceof ReportDownloadError ? e : { status: 0, message: '' };
      // spec §8: an empty export shows the server's message ("No Data Found"), as a notice like the Call Log's (an
      // empty result, not a failure); nothing was downloaded to record
      if (status === 404 && message === NO_DATA) dispatch(notice({ kind: 'info', text: NO_DATA }));
      else dispatch(failureAlert(status, message)); // "No Header Keys Selected" (400) too
      return;
    } finally {
      setDownloading(false);
    }
    await save({ serviceRecoveryBody: { id: row.id, ...applied } }).unwrap();
    history.refetch();
  };
  const onDelete = async (row: ServiceRecoveryHistoryRow) => {
    await remove({ id: row.id }).unwrap();
    setToDelete(null);
    history.refetch();
  };

  const columns: Column<ServiceRecoveryHistoryRow>[] = [
    { key: 'clientName', label: 'Client Name' },
    { key: 'projectName', label: 'Project Name' },
    { key: 'name', label: 'Name', sortable: true },
    { key: 'downloadedOn', label: 'Download Date', sortable: true, render: (r) => centralDateTime(r.downloadedOn) || 'N/A' },
    { key: 'fromTo', label: 'From - To', render: (r) => r.fromTo ?? 'N/A' },
    {
      key: 'action', label: 'Action', align: 'center', render: (r) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'center' }}>
          <Tooltip title="Edit"><IconButton aria-label={`Edit ${r.name}`} onClick={() => {
            setEditor({ id: r.id, srKeys: r.srKeys, onlySr: r.onlySr, filename: r.filename || r.name });
            setEditorOpen(true);
          }}><EditIcon fontSize="small" /></IconButton></Tooltip>
          <Tooltip title="Download"><IconButton aria-label={`Download ${r.name}`} onClick={() => setToDownload(r)}><DownloadIcon fontSize="small" /></IconButton></Tooltip>
          <Tooltip title="Delete"><IconButton aria-label={`Delete ${r.name}`} onClick={() => setToDelete(r)}><DeleteIcon fontSize="small" /></IconButton></Tooltip>
        </Stack>
      ),
    },
  ];

  if (!valid) return <Typography sx={{ p: 3 }}>No record found.</Typography>;
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <Button component={RouterLink} to=".." relative="path" variant="outlined" size="small">Back</Button>
        <Typography variant="h5" component="h1">Client Data Exports{projectName ? `: ${projectName}` : ''}</Typography>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <IsoDatePicker label="From" value={range.from} onChange={(v) => setRange({ ...range, from: v ?? '' })} />
        <IsoDatePicker label="To" value={range.to} onChange={(v) => setRange({ ...range, to: v ?? '' })} error={rangeError} />
        <Button variant="contained" disabled={!range.from || !range.to || !!rangeError}
          onClick={() => { setApplied(range); setState({ ...state, page: 1 }); }}>Filter</Button>
        <FormControlLabel label="Header Keys" control={
          <Switch checked={editorOpen} onChange={(e) => { setEditorOpen(e.target.checked); if (!e.target.checked) setEditor(blank); }} />
        } />
      </Stack>
      {editorOpen && (
        <Paper sx={{ p: 2, mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{editor.id ? 'Edit Export' : 'New Export'}</Typography>
          <Stack spacing={2}>
            {/* 55 catalogue keys plus one per question: typing filters the list (anywhere in the name), it stays
                open while picking, picked keys leave it, and the field shows the first few chips only */}
            <Autocomplete multiple options={keyOptions} value={editor.srKeys} loading={keys.isFetching}
              disableCloseOnSelect filterSelectedOptions limitTags={8} getOptionLabel={(k) => keyLabels[k] ?? k}
              onChange={(_e, v) => setEditor({ ...editor, srKeys: v })}
              renderInput={(params) => <TextField {...params} label="Header Keys" placeholder="Search header keys..." />} />
            <Stack direction="row" spacing={1}>
              <Button size="small" disabled={!keyOptions.length || editor.srKeys.length === keyOptions.length}
                onClick={() => setEditor({ ...editor, srKeys: [...editor.srKeys, ...keyOptions.filter((k) => !editor.srKeys.includes(k))] })}>
                Select All Keys
              </Button>
              <Button size="small" disabled={!editor.srKeys.length} onClick={() => setEditor({ ...editor, srKeys: [] })}>Clear Keys</Button>
              <Typography variant="body2" sx={{ alignSelf: 'center', color: 'text.secondary' }}>
                {editor.srKeys.length} of {keyOptions.length} selected
              </Typography>
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <TextField label="FileName" size="small" value={editor.filename} required
                slotProps={{ htmlInput: { maxLength: 100 } }}
                onChange={(e) => setEditor({ ...editor, filename: e.target.value })} />
              <FormControlLabel label="Only SR" control={
                <Switch checked={editor.onlySr} onChange={(e) => setEditor({ ...editor, onlySr: e.target.checked })} />
              } />
              <Button variant="contained" disabled={!editor.filename.trim() || saving.isLoading} onClick={() => { void onSave().catch(() => undefined); }}>Save</Button>
            </Stack>
          </Stack>
        </Paper>
      )}
      <DataTable caption="Export history" columns={columns} rows={rows} count={list.count} state={state}
        onStateChange={setState} rowKey={(r) => r.id} loading={list.loading} failed={list.failed} />
      <ConfirmDialog open={toDownload != null} title="Download Export"
        message={`Download "${toDownload?.name ?? ''}" for ${usDay(applied.from)} to ${usDay(applied.to)}?`} confirmLabel="Download"
        busy={downloading} onCancel={() => setToDownload(null)}
        onConfirm={() => { if (toDownload) void onDownload(toDownload).catch(() => undefined); }} />
      <ConfirmDialog open={toDelete != null} title="Delete Export" message={`Delete "${toDelete?.name ?? ''}"? This cannot be undone.`}
        confirmLabel="Yes, Delete" busy={removing.isLoading} onCancel={() => setToDelete(null)}
        onConfirm={() => { if (toDelete) void onDelete(toDelete).catch(() => undefined); }} />
    </Box>
  );
}
