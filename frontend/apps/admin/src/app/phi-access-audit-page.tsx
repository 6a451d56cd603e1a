// PHI Access Audit (admins only, issue 15): every read of a patient's record and every export of patients' data,
// as recorded by the service that served it (kit.phi_audit), and every sign-in (identity's audit log, with the
// second factor used). The search runs on each service of AUDITED at once and the answers are merged, newest
// first; the CSV holds what the table shows. A search by visit or patient leaves the sign-ins out. A service that
// cannot answer shows its error and no list is shown: a merge without it would look complete and is not.
import { useState } from 'react';
import {
  useLazyCallingSearchCallingPhiAuditQuery, useLazyIdentityListSignInsQuery, useLazyReportingSearchReportingPhiAuditQuery,
  useLazyRostersSearchRostersPhiAuditQuery, useLazySurveysSearchSurveysPhiAuditQuery, type AppError, type PhiAccessRead, type SignInRead,
} from '@frontend/shared-api';
import {
  Alert, Box, Button, DownloadIcon, IsoDatePicker, SimpleTable, Stack, TextField, Typography, type SimpleColumn,
} from '@frontend/shared-ui';
import { ROLE_NAMES, businessToday, centralDateTime, csvText, saveFile, type Role } from '@frontend/shared-util';

/** What each action means to an administrator. */
const ACTIONS: Record<string, string> = {
  'call_log.view': 'Call log record viewed',
  'call_log.list': 'Call log page viewed',
  'call_log.edit': 'Call log record edited',
  'call.claim': 'Patient opened on the call screen',
  'escalation.list': 'Escalations page viewed',
  'escalation.view': 'Escalation viewed',
  'escalation.edit': 'Escalation updated',
  'comment.list': 'Comments page viewed (comment cleaning)',
  'comment.edit': 'Comment opened or changed (comment cleaning)',
  'call_log.export': 'Call log exported',
  'roster.export': 'Roster exported',
  'survey.export': 'Survey answers exported',
  'client_report.export': 'Client report exported',
  'sign_in.succeeded.sms': 'Signed in (text message code)',
  'sign_in.succeeded.totp': 'Signed in (authenticator app)',
  'sign_in.succeeded.recovery': 'Signed in (recovery code)',
  'sign_in.failed': 'Sign-in failed',
  'sign_in.throttled': 'Sign-in throttled',
};
const LIMIT = 5000;

interface Filters { userId: string; visitId: string; patient: string; from: string | null; to: string | null }
const EMPTY: Filters = { userId: '', visitId: '', patient: '', from: null, to: null };

/** The search as every service's PHI audit takes it (kit.phi_audit's GET /api/phi-audit/<ctx>). */
interface SearchArg { userId?: number; visitId?: number; patient?: string; from?: string; to?: string; limit: number }

/** A lazy query hook of the generated API, as far as this screen uses it. */
type LazySearch<A, R> = () => readonly [(arg: A) => { unwrap: () => Promise<{ rows: R[] }> }, { isFetching: boolean }, ...unknown[]];

/** One audited service: its name and a hook giving its search (which answers [] when it has nothing for it). */
interface AuditedService {
  name: string;
  useSearch: () => { isFetching: boolean; search: (arg: SearchArg) => Promise<PhiAccessRead[]> };
}

function audited<A, R>(name: string, useLazy: LazySearch<A, R>, toArg: (a: SearchArg) => A | undefined,
  toRow: (r: R) => PhiAccessRead): AuditedService {
  return {
    name,
    useSearch() {
      const [trigger, { isFetching }] = useLazy();
      return {
        isFetching,
        search: (a) => {
          const arg = toArg(a);
          return arg === undefined ? Promise.resolve([]) : trigger(arg).unwrap().then((r) => r.rows.map(toRow));
        },
      };
    },
  };
}

/** A service that keeps a PHI access trail with kit.phi_audit: the search and the rows as they are. */
const phiAudit = (name: string, useLazy: LazySearch<SearchArg, PhiAccessRead>) =>
  audited(name, useLazy, (a) => a, (r) => r);

/** A sign-in as a row of the table (no patient, no export). */
const signInRow = (r: SignInRead): PhiAccessRead => ({
  id: r.id, at: r.at, service: 'identity', userId: r.userId ?? 0, userName: r.userName, userRole: r.userRole ?? -1,
  action: r.action === 'sign_in.succeeded' && r.factor ? `${r.action}.${r.factor}` : r.action,
  visitId: null, patient: null, export: null, ip: r.ip ?? '',
});

/**
 * The services searched, in this order; a service that starts keeping a trail is one more line. Fixed for the
 * module's life, so the page calls the same hooks in the same order on every render (the rules of hooks).
 */
const AUDITED: readonly AuditedService[] = [
  phiAudit('calling', useLazyCallingSearchCallingPhiAuditQuery),
  phiAudit('surveys', useLazySurveysSearchSurveysPhiAuditQuery),
  phiAudit('rosters', useLazyRostersSearchRostersPhiAuditQuery),
  phiAudit('reporting', useLazyReportingSearchReportingPhiAuditQuery),
  // sign-ins are nobody's patient read: a search by visit or patient leaves them out
  audited('identity', useLazyIdentityListSignInsQuery,
    (a) => (a.visitId !== undefined || a.patient !== undefined ? undefined : { userId: a.userId, from: a.from, to: a.to, limit: a.limit }),
    signInRow),
];

/** Why one service could not answer, in words for the administrator. */
interface ServiceError { service: string; text: string }

function errorText(e: unknown): string {
  const err = e as Partial<AppError>;
  const status = typeof err.status === 'number' && err.status > 0 ? ` (status ${err.status})` : '';
  return `${err.message || 'No answer'}${status}`;
}

const roleName = (r: number) => ROLE_NAMES[r as Role] ?? String(r);

// the rows as the table shows them; the file is dated by the business day (America/Chicago), as every export
function download(rows: PhiAccessRead[]) {
  const head = ['At (UTC)', 'Service', 'User Id', 'User', 'Role', 'Action', 'Visit Id', 'Patient', 'Export', 'Address'];
  const lines = rows.map((r) => [r.at, r.service, r.userId, r.userName, roleName(r.userRole), ACTIONS[r.action] ?? r.action,
    r.visitId, r.patient, r.export, r.ip]);
  saveFile(`phi-access-audit-${businessToday()}.csv`, csvText([head, ...lines]));
}

export function PhiAccessAuditPage() {
  const [f, setF] = useState<Filters>(EMPTY);
  const [rows, setRows] = useState<PhiAccessRead[] | null>(null);
  const [errors, setErrors] = useState<ServiceError[]>([]);
  const searches = AUDITED.map((s) => s.useSearch()); // AUDITED never changes: the same hooks on every render
  const busy = searches.some((s) => s.isFetching);
  const bad = {
    userId: f.userId !== '' && !/^[1-9]\d{0,17}$/.test(f.userId) ? 'A user id is a whole number' : undefined,
    visitId: f.visitId !== '' && !/^[1-9]\d{0,17}$/.test(f.visitId) ? 'A visit id is a whole number' : undefined,
    to: f.from && f.to && f.to < f.from ? 'To must not be before From' : undefined,
  };

  const search = async () => {
    const arg: SearchArg = {
      userId: f.userId ? Number(f.userId) : undefined, visitId: f.visitId ? Number(f.visitId) : undefined,
      patient: f.patient.trim() || undefined, from: f.from ?? undefined, to: f.to ?? undefined, limit: LIMIT,
    };
    const answers = await Promise.allSettled(searches.map((s) => s.search(arg)));
    const failed = answers.flatMap((a, i) => (a.status === 'rejected' ? [{ service: AUDITED[i].name, text: errorText(a.reason) }] : []));
    setErrors(failed);
    // one service missing would leave a list that looks complete: show none
    setRows(failed.length ? null : answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []))
      .sort((x, y) => (x.at < y.at ? 1 : x.at > y.at ? -1 : 0)));
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
      {/* gap, not spacing: spacing's left margin would stay on the first field of a wrapped row and indent it */}
      <Stack direction="row" useFlexGap sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
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
      {errors.map((e) => (
        <Alert key={e.service} severity="error" sx={{ mb: 1 }}>
          The {e.service} service could not be searched: {e.text}. No records are shown, as the list would be incomplete.
        </Alert>
      ))}
      {rows && rows.length >= LIMIT && (
        <Typography variant="body2" sx={{ mb: 1 }}>Showing the newest {LIMIT} records of each service: narrow the search to see older ones.</Typography>
      )}
      <SimpleTable caption="PHI access audit" columns={columns} rows={rows ?? []} rowKey={(r) => `${r.service}-${r.id}`}
        emptyText={errors.length ? 'Not shown: not every service answered.' : rows === null ? 'Search by user, patient or date.' : 'No records found.'} />
    </Box>
  );
}
