// Escalation detail (spec §2): the call, its Positive and Negative comments (read-only), the project (client,
// type, reporting period, contacts by type), notes; Resolve turns green "Resolved" and returns to the list. Go Back and
// Resolve return to the list with the filters, sort and page it was opened from (the list's query string, which the
// View Details link passes in the navigation state).
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  useCallingGetEscalationQuery, useCallingUpdateEscalationMutation, useProjectsGetClientQuery, useProjectsGetProjectQuery,
} from '@frontend/shared-api';
import {
  Box, Button, CheckCircleIcon, CircularProgress, Divider, Paper, PhoneDisplay, Stack, TextField, Typography,
} from '@frontend/shared-ui';
import {
  CONTACT_TYPES, DO_NOT_CALL, PROJECT_TYPES, centralDateTime, personName, reportingPeriod, resultName, surveyAnswerLines,
  surveyStatus,
} from '@frontend/calling-data-access';
import { tooLongText } from '@frontend/shared-util';

export const RESOLVED_RETURN_MS = 1500;

/** What calling keeps of escalation notes (EscalationUpdate.notes). */
const NOTES_MAX = 5000;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 200, flex: '1 1 200px' }}>
      <Typography variant="caption" color="text.secondary" component="div">{label}</Typography>
      <Typography variant="body2" component="div">{children === null || children === undefined || children === '' ? '—' : children}</Typography>
    </Box>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>{title}</Typography>
      {children}
    </Paper>
  );
}

type Contact = { typeId?: number; firstName?: string; lastName?: string; phoneNumber?: string; email?: string };

export function EscalationDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const listSearch = (useLocation().state as { listSearch?: unknown } | null)?.listSearch;
  const list = `../escalations${typeof listSearch === 'string' && listSearch ? `?${listSearch}` : ''}`;
  const back = () => navigate(list);
  const { data, isError } = useCallingGetEscalationQuery({ escalationId: id }, { skip: !valid });
  const escalation = data?.data;
  const project = useProjectsGetProjectQuery({ projectId: escalation?.projectId ?? 0 }, { skip: !escalation });
  const clientId = project.data?.clientId ?? null;
  const client = useProjectsGetClientQuery({ clientId: clientId ?? 0 }, { skip: clientId === null });
  const [update, { isLoading: saving }] = useCallingUpdateEscalationMutation();
  const [draft, setNotes] = useState<string | null>(null); // null: not edited, the saved notes show
  const [justResolved, setJustResolved] = useState(false);

  useEffect(() => {
    if (!justResolved) return undefined;
    const timer = window.setTimeout(() => navigate(list), RESOLVED_RETURN_MS);
    return () => window.clearTimeout(timer);
  }, [justResolved, navigate, list]);

  if (!valid || isError) return <Typography sx={{ p: 3 }}>No record found.</Typography>;
  if (!escalation) return <CircularProgress sx={{ m: 3 }} aria-label="Loading escalation" />;
  const call = escalation.log;
  const answers = surveyAnswerLines(call?.survey);
  const notes = draft ?? escalation.notes ?? '';
  const notesError = tooLongText(notes, NOTES_MAX); // refused beside the field, not cut by the browser
  const notesTooLong = notesError !== null;
  const p = project.data;
  // the project's own contacts, else its client's
  const own = (p?.contacts ?? []) as Contact[];
  const contacts = (own.length ? own : ((client.data?.contacts ?? []) as Contact[])).slice().sort((a, b) => (a.typeId ?? 9) - (b.typeId ?? 9));
  const resolved = escalation.status || justResolved;

  const save = (body: { notes?: string; status?: boolean }) =>
    update({ escalationUpdate: { id: escalation.id, callHisId: escalation.callId, ...body } }).unwrap();
  const resolve = () => save({ status: true, notes: notes.trim() || undefined }).then(() => setJustResolved(true)).catch(() => undefined);

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center' }} spacing={2}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>Escalation Details</Typography>
        <Button onClick={back}>Go Back</Button>
        {resolved ? (
          <Button variant="contained" color="success" startIcon={<CheckCircleIcon />} aria-disabled="true" sx={{ pointerEvents: 'none' }}>Resolved</Button>
        ) : (
          <Button variant="contained" onClick={resolve} disabled={saving || notesTooLong}>Resolve</Button>
        )}
      </Stack>
      <Card title="Call Details">
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
          <Field label="Date/Time">{centralDateTime(escalation.surveyedOn)}</Field>
          <Field label="Surveyor">{personName(escalation.surveyor)}</Field>
          <Field label="Call ID">{escalation.callId}</Field>
          <Field label="Call Status">
            {call?.result ? <Box component="span" sx={{ color: call.result === DO_NOT_CALL ? 'error.main' : undefined }}>{resultName(call.result)}</Box> : ''}
          </Field>
          <Field label="Survey Status">{call ? surveyStatus(call) : ''}</Field>
          <Field label="Survey Language">{call?.surveyLanguage.name}</Field>
          <Field label="Patient">{call?.patientFullName}</Field>
          <Field label="Phone">{call?.phoneCell || call?.phoneHome ? <PhoneDisplay value={call?.phoneCell ?? call?.phoneHome} /> : null}</Field>
          <Field label="Provider">{call?.providerName}</Field>
          <Field label="Site">{call?.siteName}</Field>
        </Stack>
        <Divider sx={{ my: 2 }} />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField label="Positive" value={call?.positive ?? ''} multiline minRows={3} fullWidth slotProps={{ input: { readOnly: true }, htmlInput: { dir: 'auto' } }} />
          <TextField label="Negative" value={call?.negative ?? ''} multiline minRows={3} fullWidth slotProps={{ input: { readOnly: true }, htmlInput: { dir: 'auto' } }} />
        </Stack>
      </Card>
      <Card title="Project Details">
        {project.isFetching && !p ? <CircularProgress size={24} aria-label="Loading project" /> : null}
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>
          <Field label="Project">{p?.name ?? escalation.project.name}</Field>
          <Field label="Client">{p?.client?.name}</Field>
          <Field label="Project Type">{PROJECT_TYPES[p?.typeId ?? escalation.project.typeId ?? 0]}</Field>
          <Field label="Reporting Period">{reportingPeriod(p?.reportFreqId)}</Field>
        </Stack>
        <Typography variant="subtitle2" component="h3">Contacts</Typography>
        {contacts.length === 0 ? <Typography variant="body2">No contacts.</Typography> : (
          <Box component="ul" sx={{ pl: 2, my: 1 }}>
            {contacts.map((c, i) => (
              <li key={i}>
                <Typography variant="body2" component="span">
                  <strong>{CONTACT_TYPES[c.typeId ?? -1] ?? 'Contact'}:</strong> {`${c.firstName ?? ''} ${c.lastName ?? ''}`.trim()}
                  {c.phoneNumber ? <> · <PhoneDisplay value={c.phoneNumber} /></> : null}{c.email ? ` · ${c.email}` : ''}
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </Card>
      <Card title="Survey Answers">
        {answers.length === 0 ? <Typography variant="body2">No survey answers.</Typography> : (
          <Stack spacing={0.5}>
            {answers.map((l) => (
              // an answer given in Arabic keeps its own direction beside the English question title
              <Typography key={l.quesId} variant="body2"><b>{l.question}:</b> {l.answer ? <bdi>{l.answer}</bdi> : '—'}</Typography>
            ))}
          </Stack>
        )}
      </Card>
      <Card title="Notes">
        <TextField label="Escalation Notes" value={notes} onChange={(e) => setNotes(e.target.value)} multiline minRows={3} fullWidth
          error={notesTooLong} helperText={notesError ?? undefined} />
        <Button sx={{ mt: 1 }} onClick={() => save({ notes: notes.trim() }).catch(() => undefined)} disabled={saving || notesTooLong || notes === (escalation.notes ?? '')}>Save Notes</Button>
      </Card>
    </Box>
  );
}
