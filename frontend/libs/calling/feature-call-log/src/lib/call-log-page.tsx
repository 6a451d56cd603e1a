// Call Log (spec §2): filters, the table, the details dialog and the CSV export, for every role that has one.
// The server scopes the rows (a surveyor their own, a PM their projects', a CIMR Manager their CIMR
// Surveyors'); Quality also gets each call's guideline link and print page.
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  answerOf, failureAlert, infoNotice, listOf, useAppDispatch, useAppSelector, useCallingListCallLogQuery, useClearUnlistedSurveyor,
  useManagerOptions,
  useReportingSurveyorsInfoQuery, useProjectsListProjectsQuery, type CallLogRead, type CallingListCallLogApiArg,
} from '@frontend/shared-api';
import {
  Box, Button, DataTable, DownloadIcon, FormControl, IconButton, InputLabel, IsoDatePicker, MenuItem, PhoneDisplay,
  PrintIcon, Select, Stack, TextField, Tooltip, Typography, VisibilityIcon, toServerQuery, useTableState, type Column,
} from '@frontend/shared-ui';
import { Role, SEARCH_MIN, businessToday, isSurveyorRole } from '@frontend/shared-util';
import {
  BUSINESS_TZ, CALL_LOG_EMPTY_TEXT, CALL_RESULTS, centralDateTime, downloadFile, personName, queryString, resultName,
  searchDay, searchId, surveyStatus,
} from '@frontend/calling-data-access';
import { CallLogDetailsDialog } from './call-log-details-dialog';

const filterSchema = z
  .object({
    from: z.string().nullable(),
    to: z.string().nullable(),
    projectId: z.string(),
    managerId: z.string(),
    surveyorId: z.string(),
    responseType: z.string(),
    surveyStatus: z.enum(['', 'complete', 'partial']),
    searchPhone: z.string().trim().refine((v) => v === '' || v.replace(/\D/g, '').length >= SEARCH_MIN, `At least ${SEARCH_MIN} digits`),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: 'End date must not be before start date' });
type Filters = z.infer<typeof filterSchema>;
const EMPTY: Filters = { from: null, to: null, projectId: '', managerId: '', surveyorId: '', responseType: '', surveyStatus: '', searchPhone: '' };

const num = (v: string) => (v === '' ? undefined : Number(v));

/** The filter fields another screen may set through the Call Log's address (Call Quality links a surveyor's calls
 * of a period); the page applies them on arrival. */
const LINKED = ['from', 'to', 'projectId', 'surveyorId'] as const;
export type CallLogLink = Partial<Record<(typeof LINKED)[number], string | number | null>>;

/** The query string of the Call Log for a filter, e.g. `from=2026-03-02&to=2026-03-08&surveyorId=21`. */
export function callLogSearch(link: CallLogLink): string {
  const p = new URLSearchParams();
  for (const k of LINKED) {
    const v = link[k];
    if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  }
  return p.toString();
}

/** The filter an address asks for, or null when it asks for none (or for one the form would refuse). */
export function filtersFromSearch(params: URLSearchParams): Filters | null {
  const f: Filters = { ...EMPTY, from: searchDay(params, 'from'), to: searchDay(params, 'to'), projectId: searchId(params, 'projectId'),
    surveyorId: searchId(params, 'surveyorId') };
  if (!f.from && !f.to && !f.projectId && !f.surveyorId) return null;
  return filterSchema.safeParse(f).success ? f : null;
}

/** The server's query for a submitted filter form (dates are whole Central days). */
export function callLogQuery(f: Filters): Omit<CallingListCallLogApiArg, 'skip' | 'limit' | 'orderBy' | 'orderDir'> {
  return {
    from: f.from ?? undefined,
    to: f.to ?? undefined,
    tz: BUSINESS_TZ,
    projectId: num(f.projectId),
    // Operations may narrow to one project manager's projects (spec §1, §7 managerId); the server scopes a PM to
    // their own projects whatever is sent, and the form offers the filter to Operations only
    managerId: num(f.managerId),
    surveyorId: num(f.surveyorId),
    // Partial is a call saved without a completion time (survey-work §4): ticked Partial Survey or any result other
    // than Agreed to Survey, as the table says; the server's isComplete=false is exactly that
    responseType: num(f.responseType),
    isComplete: f.surveyStatus === '' ? undefined : f.surveyStatus === 'complete',
    searchPhone: f.searchPhone.trim() || undefined,
  };
}

/** Quality gets the guideline link, print and QA removal (by role, or forced with `quality`). */
export function CallLogPage({ quality: forced }: { quality?: boolean } = {}) {
  const dispatch = useAppDispatch();
  const { token, user } = useAppSelector((s) => s.auth);
  const quality = forced ?? user?.role === Role.Quality;
  const surveyor = isSurveyorRole(user?.role);
  const picksManager = user?.role === Role.Operations;
  const [search] = useSearchParams();
  const [linked] = useState(() => filtersFromSearch(search));
  const [applied, setApplied] = useState<Filters | null>(linked);
  // newest result first, as the server's default, and marked on its column: a first click there gives the oldest first
  const [table, setTable] = useTableState({ orderBy: 'surveyedOn', orderDir: 'DESC' });
  const [viewing, setViewing] = useState<number | null>(null);
  const { control, handleSubmit, reset, setValue, formState: { errors } } = useForm<Filters>({ resolver: zodResolver(filterSchema), defaultValues: linked ?? EMPTY });
  const pickedManager = num(useWatch({ control, name: 'managerId' }) ?? '');
  const chosenSurveyor = num(useWatch({ control, name: 'surveyorId' }) ?? '');

  const projects = useProjectsListProjectsQuery({ limit: 5000, orderBy: 'name' });
  // Operations' surveyors narrowed to the project manager picked in the form (the server scopes the other roles);
  // names only (surveyors-info): users/surveyors would compute every surveyor's week figures for a dropdown
  const surveyors = useReportingSurveyorsInfoQuery(
    { type: user?.role === Role.CimrManager ? Role.CimrSurveyor : undefined,
      managerId: picksManager ? pickedManager : undefined }, { skip: surveyor },
  );
  useClearUnlistedSurveyor(chosenSurveyor, picksManager && pickedManager !== undefined ? surveyors.currentData?.data : undefined,
    () => setValue('surveyorId', ''));
  // a project is managed by a Project Manager or an Operations user (the project wizard offers both)
  const managers = useManagerOptions({ skip: !picksManager });
  const query = applied ? { ...callLogQuery(applied), type: quality ? 'quality' : undefined, ...toServerQuery(table) } : undefined;
  const log = useCallingListCallLogQuery(query ?? {}, { skip: !applied });
  const list = listOf(log);

  const onFilter = handleSubmit((f) => { setApplied(f); setTable({ ...table, page: 1 }); });
  const onReset = () => { reset(EMPTY); setApplied(null); };
  const exportCsv = handleSubmit((f) => {
    const { tz, ...rest } = callLogQuery(f);
    downloadFile(`/api/calls-log/export?${queryString({ ...rest, tz })}`, `call-log-${businessToday()}.csv`, token)
      // nothing to export is an empty result (the server's 404 "No Data Found"), said as a notice, not a failure
      .catch((e: { status?: number; message?: string }) => dispatch(e.status === 404
        ? infoNotice(e.message || 'No Data Found') : failureAlert(e.status ?? 0, e.message)));
  });

  const columns: Column<CallLogRead>[] = [
    { key: 'surveyedOn', label: 'Date/Time (CST)', sortable: true, render: (c) => centralDateTime(c.surveyedOn) },
    { key: 'projectName', label: 'Project Name', sortable: true, render: (c) => c.project.name },
    ...(surveyor ? [] : [{ key: 'surveyorName', label: 'Surveyor', sortable: true, render: (c: CallLogRead) => personName(c.user) }]),
    { key: 'patientLastName', label: 'Patient Name', sortable: true, render: (c) => c.patientFullName },
    // a phone number on one line: "(678) 381-5337" broken at its spaces and hyphen reads as three numbers
    { key: 'phoneCell', label: 'Phone', render: (c) => <Box component="span" sx={{ whiteSpace: 'nowrap' }}><PhoneDisplay value={c.phoneCell ?? c.phoneHome} /></Box> },
    { key: 'surveyLanguage', label: 'Survey Language', render: (c) => c.surveyLanguage.name ?? '' },
    {
      key: 'result', label: 'Call Status', sortable: true,
      render: (c) => <Box component="span" sx={{ color: c.result === 2 ? 'error.main' : undefined }}>{resultName(c.result)}</Box>,
    },
    // a call Quality marked as a QA removal says so in the list, not only in its details dialog
    { key: 'surveyStatus', label: 'Survey Status', render: (c) => (c.isQARemoval ? (
      <Stack component="span">
        <span>{surveyStatus(c)}</span>
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>Removed by QA</Typography>
      </Stack>
    ) : surveyStatus(c)) },
    {
      key: 'action', label: 'Action', render: (c) => (
        // Print is an icon (its name the tooltip) so that Quality's three actions fit the table at 1440 px
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Tooltip title="View details">
            <IconButton size="small" aria-label={`View call ${c.callId}`} onClick={() => setViewing(c.callId)}><VisibilityIcon fontSize="small" /></IconButton>
          </Tooltip>
          {quality && <Button size="small" component={RouterLink} to={`../surveyor-guidelines/${c.projectId}`}>Guidelines</Button>}
          {quality && (
            <Tooltip title="Print">
              <IconButton size="small" aria-label={`Print call ${c.callId}`} component={RouterLink} to={`../call-log-download/${c.callId}`} target="_blank">
                <PrintIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ),
    },
  ];

  const select = (name: 'projectId' | 'managerId' | 'surveyorId' | 'responseType' | 'surveyStatus', label: string, options: [string, string][]) => (
    <Controller name={name} control={control} render={({ field }) => (
      <FormControl size="small" sx={{ minWidth: 200 }}>
        <InputLabel id={`${name}-label`}>{label}</InputLabel>
        <Select labelId={`${name}-label`} label={label} {...field}>
          <MenuItem value="">All</MenuItem>
          {options.map(([v, l]) => <MenuItem key={v} value={v}>{l}</MenuItem>)}
        </Select>
      </FormControl>
    )} />
  );

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>Call Log</Typography>
      <Box component="form" onSubmit={onFilter} aria-label="Call log filters" noValidate>
        <Stack direction="row" useFlexGap sx={{ mb: 2, flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <Controller name="from" control={control} render={({ field }) => <IsoDatePicker label="From" value={field.value} onChange={field.onChange} />} />
          <Controller name="to" control={control} render={({ field }) => <IsoDatePicker label="To" value={field.value} onChange={field.onChange} error={errors.to?.message} />} />
          {select('projectId', 'Project', (projects.data?.rows ?? []).map((p) => [String(p.id), p.name]))}
          {picksManager && select('managerId', 'Project Manager', managers.map((m) => [String(m.id), `${m.firstName} ${m.lastName}`]))}
          {!surveyor && select('surveyorId', 'Surveyor', (surveyors.data?.data ?? []).map((u) => [String(u.id), `${u.firstName} ${u.lastName}`]))}
          {select('responseType', 'Call Status', Object.entries(CALL_RESULTS))}
          {select('surveyStatus', 'Survey Status', [['complete', 'Completed'], ['partial', 'Partial']])}
          <Controller name="searchPhone" control={control} render={({ field }) => (
            <TextField size="small" label="Phone" placeholder="Digits of a phone number" {...field}
              error={Boolean(errors.searchPhone)} helperText={errors.searchPhone?.message} />
          )} />
          <Button type="submit" variant="contained">Filter</Button>
          <Button onClick={onReset}>Reset</Button>
          <Box sx={{ flex: 1 }} />
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exportCsv}>Export CSV</Button>
        </Stack>
      </Box>
      {applied ? (
        <DataTable caption="Call log" columns={columns} rows={list.rows} count={list.count}
          countIsExact={answerOf(log)?.countIsExact ?? true} state={table} dense
          onStateChange={setTable} rowKey={(c) => c.callId} loading={list.loading} failed={list.failed} emptyText="No records found." />
      ) : (
        <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary">{CALL_LOG_EMPTY_TEXT}</Typography>
      )}
      <CallLogDetailsDialog callId={viewing} quality={quality} onClose={() => setViewing(null)} />
    </Box>
  );
}
