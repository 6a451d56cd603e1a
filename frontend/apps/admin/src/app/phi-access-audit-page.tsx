// PHI Access Audit (admins only, issue 15): every read of a patient's record and every export of patients' data,
// as recorded by the service that served it (kit.phi_audit), and every sign-in (identity's audit log, with the
// second factor used). The search runs on each service that keeps a trail and the answers are merged, newest
// first; the CSV holds what the table shows. A search by visit or patient leaves the sign-ins out.
import { useState } from 'react';
import {
  failureAlert, useAppDispatch, useLazyCallingSearchCallingPhiAuditQuery, useLazyIdentityListSignInsQuery,
  useLazySurveysSearchSurveysPhiAuditQuery, type AppError, type PhiAccessRead, type SignInRead,
} from '@frontend/shared-api';
import { Box, Button, DownloadIcon, IsoDatePicker, SimpleTable, Stack, TextField, Typography, type SimpleColumn } from '@frontend/shared-ui';
import { ROLE_NAMES, centralDateTime, type Role } from '@frontend/shared-util';

/** What each action means to an administrator. */
const ACTIONS: Record<string, string> = {
  'call_log.view': 'Call log record viewed',
  'call.claim': 'Patient opened on the call screen',
  'escalation.view': 'Escalation viewed',
  'call_log.export': 'Call log exported',
  'roster.export': 'Roster exported',
  'survey.export': 'Survey answers exported',
  'sign_in.succeeded.sms': 'Signed in (text message code)',
  'sign_in.succeeded.totp': 'Signed in (authenticator app)',
  'sign_in.succeeded.recovery': 'Signed in (recovery code)',
  'sign_in.failed': 'Sign-in failed',
  'sign_in.throttled': 'Sign-in throttled',
};
const LIMIT = 5000;

interface Filters { userId: string; visitId: string; patient: string; from: string | null; to: string | null }
const EMPTY: Filters = { userId: '', visitId: '', patient: '', from: null, to: null };

/** A sign-in as a row of the table (no patient, no export). */
const signInRow = (r: SignInRead): PhiAccessRead => ({
  id: r.id, at: r.at, service: 'identity', userId: r.userId ?? 0, userName: r.userName, userRole: r.userRole ?? -1,
  action: r.action === 'sign_in.succeeded' && r.factor ? `${r.action}.${r.factor}` : r.action,
  visitId: null, patient: null, export: null, ip: r.ip ?? '',
});

const roleName = (r: number) => ROLE_NAMES[r as Role] ?? String(r);

function csvCell(v: string | number | null | undefined): string {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`; // no spreadsheet formulas from stored values
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function download(rows: PhiAccessRead[]) {
  const head = ['At (UTC)', 'Service', 'User Id', 'User', 'Role', 'Action', 'Visit Id', 'Patient', 'Export', 'Address'];
  const lines = rows.map((r) => [r.at, r.service, r.userId, r.userName, roleName(r.userRole), ACTIONS[r.action] ?? r.action,
    r.visitId, r.patient, r.export, r.ip].map(csvCell).join(','));
  const url = URL.createObjectURL(new Blob(['\ufeff' + [head.join(','), ...lines].join('\n')], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: `phi-access-audit-${new Date().toISOString().slice(0, 10)}.csv` });
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

export function PhiAccessAuditPage() {
  const dispatch = useAppDispatch();
  const [f, setF] = useState<Filters>(EMPTY);
  const [rows, setRows] = useState<PhiAccessRead[] | null>(null);
  const [searchCalling, calling] = useLazyCallingSearchCallingPhiAuditQuery();
  const [searchSurveys, surveys] = useLazySurveysSearchSurveysPhiAuditQuery();
  const [searchSignIns, signIns] = useLazyIdentityListSignInsQuery();
  const busy = calling.isFetching || surveys.isFetching || signIns.isFetching;
  const bad = {
    userId: f.userId !== '' && !/^[1-9]\d{0,17}$/.test(f.userId) ? 'A user id is a whole number' : undefined,
    visitId: f.visitId !== '' && !/^[1-9]\d{0,17}$/.test(f.visitId) ? 'A visit id is a whole number' : undefined,
    to: f.from && f.to && f.to < f.from ? 'To must not be before From' : undefined,
  };

  const search = async () => {
    const arg = {
      userId: f.userId ? Number(f.userId) : undefined, visitId: f.visitId ? Number(f.visitId) : undefined,
      patient: f.patient.trim() || undefined, from: f.from ?? undefined, to: f.to ?? undefined, limit: LIMIT,
    };
    try {
      const byPatient = arg.visitId !== undefined || arg.patient !== undefined;
      const [a, b, c] = await Promise.all([searchCalling(arg).unwrap(), searchSurveys(arg).unwrap(),
        byPatient ? Promise.resolve({ rows: [] as SignInRead[] })
          : searchSignIns({ userId: arg.userId, from: arg.from, to: arg.to, limit: LIMIT }).unwrap()]);
      setRows([...a.rows, ...b.rows, ...c.rows.map(signInRow)].sort((x, y) => (x.at < y.at ? 1 : x.at > y.at ? -1 : 0)));
    } catch (e) {
      const err = e as AppError;
      dispatch(failureAlert(err.status, err.message));
    }
  };

  const columns: SimpleColumn<PhiAccessRead>[] = [
    { key: 'at', label: 'When', render: (r) => centralDateTime(r.at) },
    { key: 'user', label: 'User', render: (r) => (r.userId ? `${r.userName || '—'} (#${r.userId}, ${roleName(r.userRole)})` : 'Unknown account') },
    { key: 'action', label: 'Action', render: (r) => ACTIONS[r.action] ?? r.action },
    { key: 'visitId', label: 'Visit Id', render: (r) => r.visitId ?? '—' },
    { key: 'patient', label: 'Patient (MRN)', render: (r) => r.patient ?? '—' },
    { key: 'export', label: 'Export', render: (r) => r.export ?? '—' },
    { key: 'ip', label: 'Address' },
    { key: 'service', label: 'Service' },
  ];
  const invalid = Object.values(bad).some(Boolean);
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>PHI Access Audit</Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'flex-start', rowGap: 2 }}>
        <TextField size="small" label="User Id" value={f.userId} onChange={(e) => setF({ ...f, userId: e.target.value.trim() })}
          error={!!bad.userId} helperText={bad.userId} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 18 } }} />
        <TextField size="small" label="Visit Id" value={f.visitId} onChange={(e) => setF({ ...f, visitId: e.target.value.trim() })}
          error={!!bad.visitId} helperText={bad.visitId} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 18 } }} />
        <TextField size="small" label="Patient (MRN)" value={f.patient} onChange={(e) => setF({ ...f, patient: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 64 } }} />
        <IsoDatePicker label="From" value={f.from} onChange={(v) => setF({ ...f, from: v })} />
        <IsoDatePicker label="To" value={f.to} onChange={(v) => setF({ ...f, to: v })} error={bad.to} />
        <Button variant="contained" onClick={search} disabled={busy || invalid}>Search</Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => rows && download(rows)} disabled={!rows?.length}>
          Export CSV
        </Button>
      </Stack>
      {rows && rows.length >= LIMIT && (
        <Typography variant="body2" sx={{ mb: 1 }}>Showing the newest {LIMIT} records of each service: narrow the search to see older ones.</Typography>
      )}
      <SimpleTable caption="PHI access audit" columns={columns} rows={rows ?? []} rowKey={(r) => `${r.service}-${r.id}`}
        emptyText={rows === null ? 'Search by user, patient or date.' : 'No records found.'} />
    </Box>
  );
}
