// Surveyors Called Roster Export (survey-work.md §2, §3 "Roster export row"): a date range (default the last week)
// and Export Csv: a CSV with a BOM, formula-like cells neutralised, times in America/Chicago (MM/DD/YYYY hh:mm:ss AM,
// unmarked, as the servers' exports write them).
// Opened with route state { projectId, projectName }.
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { infoNotice, successNotice, useAppDispatch, useLazyIdentityListUsersQuery, type AppError } from '@frontend/shared-api';
import { downloadCsv, useLazyRostersCalledRosterExportQuery, type CalledRow } from '@frontend/rosters-data-access';
import { Box, Button, IsoDatePicker, Paper, Stack, Typography } from '@frontend/shared-ui';
import { formatPhone } from '@frontend/shared-phone';
import { centralTimestamp, surveyStatus, usDay } from '@frontend/shared-util';

dayjs.extend(utc);
dayjs.extend(timezone);

const TZ = 'America/Chicago';
const PAGE = 5000;
// An export with no rows downloads nothing and says so, as a notice, not a failure: the server's message, else
// the spec's empty state (survey-work.md §8).
const NO_DATA = 'No Data Found';
const RESULTS: Record<number, string> = {
  1: 'Survey Complete', 2: 'Do Not Call', 3: 'Respondent Refused', 4: 'No Answer or Voicemail Recording',
  5: 'Respondent Unavailable', 6: 'Scheduled Another Time to Contact', 7: 'Incorrect Roster Information',
};
const CELL_HEADERS = ['Name', 'Required', 'Surveys', 'Remaining', 'Encounters', 'Eligible Encounters', 'Last Encounter'];
const HEADER = [
  'Project Name', 'Surveyor', 'Patient First Name', 'Patient Last Name', 'Age', 'DOB', 'DOS', 'Sex', 'Ethnicity', 'Race',
  'Language', 'Payer Type', 'Cell Phone', 'Home Phone', 'Visit Purpose', 'Patient Type', 'Call Status', 'Survey Status',
  // surveyedOn (the result's time) by the survey export's name for it; "Call Date/Time" is a call's start elsewhere
  'Surveyed On', 'Survey Date/Time',
  ...['Provider', 'Department', 'Site'].flatMap((g) => CELL_HEADERS.map((h) => `${g} ${h}`)),
];

// The roster's Patient Type (a visit's typeId) by name, as the call screen and the client report show it: a bare
// code in the CSV means nothing to its reader.
const PATIENT_TYPES: Record<number, string> = { 1: 'Established', 2: 'New' };
// Days (DOB, DOS, last encounters) as MM/DD/YYYY, as the call and survey times beside them (survey-work §9); the
// server sends ISO days. Phones as (###) ###-####, as every screen and the client report show them (platform §2.7).
const day = (d: string | null | undefined) => (d ? usDay(d) : '');
const phone = (p: string | null | undefined) => (p ? formatPhone(p) : '');

const cells = (c: CalledRow['provider']) =>
  [c.name, c.required, c.surveys, c.remaining, c.encounters, c.eligibleEnc, day(c.lastEncounter)];

// The rows carry the surveyor's id only (rosters keeps no names): the CSV names them from the user directory.
const SURVEYOR_ROLES = [3, 7, 9]; // Surveyor, CIMR Surveyor, Keller Surveyor

function toLine(r: CalledRow, names: Map<number, string>): unknown[] {
  const uid = r.user?.['id'] as number | undefined;
  return [
    r.project.name, uid === undefined ? '' : names.get(uid) ?? uid, r.firstName, r.lastName, r.age, day(r.dob), day(r.dos), r.gender, r.ethnicity, r.race,
    r.language?.name ?? '', r.payerType, phone(r.phoneCell), phone(r.phoneHome), r.visitPurpose,
    r.typeId == null ? '' : PATIENT_TYPES[r.typeId] ?? r.typeId,
    r.result ? RESULTS[r.result] ?? r.result : '', surveyStatus(r),
    centralTimestamp(r.surveyedOn), centralTimestamp(r.surveyCompletedOn), ...cells(r.provider), ...cells(r.department), ...cells(r.site),
  ];
}

export function RosterExportPage({ projectId: fixedProjectId }: { projectId?: number } = {}) {
  const location = useLocation();
  const state = (location.state ?? {}) as { projectId?: number; projectName?: string };
  const projectId = fixedProjectId ?? state.projectId;
  const dispatch = useAppDispatch();
  const today = dayjs().tz(TZ);
  const [from, setFrom] = useState<string | null>(today.subtract(7, 'day').format('YYYY-MM-DD'));
  const [to, setTo] = useState<string | null>(today.format('YYYY-MM-DD'));
  const [busy, setBusy] = useState(false);
  const [fetchPage] = useLazyRostersCalledRosterExportQuery();
  const [fetchUsers] = useLazyIdentityListUsersQuery();
  if (!projectId) return <Navigate to="../my-projects" replace />;

  const rangeError = from && to && from > to ? 'From must not be after To' : undefined;

  /** id -> "First Last" of every surveyor; empty if the directory cannot be read (the CSV then shows ids). */
  const surveyorNames = async () => {
    const names = new Map<number, string>();
    await Promise.all(SURVEYOR_ROLES.map((role) => fetchUsers({ role, paginated: false }, true).unwrap()
      .then((r) => r.rows.forEach((u) => names.set(u.id, `${u.firstName} ${u.lastName}`)))
      .catch(() => undefined)));
    return names;
  };

  const exportCsv = async () => {
    setBusy(true);
    try {
      const rows: CalledRow[] = [];
      let message = '';
      for (let skip = 0; ; skip += PAGE) {
        const r = await fetchPage({ projectId, from: from ?? undefined, to: to ?? undefined, skip, limit: PAGE }).unwrap();
        rows.push(...r.data.rows);
        message = r.message ?? '';
        if (rows.length >= r.data.count || r.data.rows.length === 0) break;
      }
      if (rows.length === 0) {
        dispatch(infoNotice(message || NO_DATA));
        return;
      }
      const names = await surveyorNames();
      downloadCsv(`called-roster-${projectId}-${from}-${to}.csv`, HEADER, rows.map((r) => toLine(r, names)));
      dispatch(successNotice(message));
    } catch (e) {
      // spec §8: a failed roster export is only logged, with the loader closing - no alert (the call is also
      // quiet in the alert middleware). Only the status is logged: the rows and messages may carry patient data.
      console.error('roster export failed', { status: (e as Partial<AppError>).status });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Surveyors Called Roster Export{state.projectName ? ` — ${state.projectName}` : ''}
      </Typography>
      <Paper sx={{ p: 2, maxWidth: 640 }}>
        <Stack sx={{ alignItems: 'flex-start' }} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <IsoDatePicker label="From" value={from} onChange={setFrom} />
          <IsoDatePicker label="To" value={to} onChange={setTo} error={rangeError} />
          {/* one line at the date fields' height: a shrinking flex item broke "Export Csv" onto two */}
          <Button variant="contained" onClick={exportCsv} disabled={busy || !from || !to || !!rangeError}
                  sx={{ flexShrink: 0, whiteSpace: 'nowrap', minHeight: 40 }}>
            {busy ? 'Exporting…' : 'Export Csv'}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
