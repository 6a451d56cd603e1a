// Call Log Details (spec §2): the call, its comments (with comment cleaning's versions once cleaned) and
// escalation, the visit info and the patient.
import type { CallLogDetail } from '@frontend/shared-api';
import { Box, Divider, PhoneDisplay, Stack, Typography } from '@frontend/shared-ui';
import { centralDateTime, personName, resultName, shortDate, surveyAnswerLines, surveyStatus, visitInfoText } from '@frontend/calling-data-access';
import type { ReactNode } from 'react';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 200, flex: '1 1 200px' }}>
      <Typography variant="caption" color="text.secondary" component="div">{label}</Typography>
      {/* dir="auto": a comment in Arabic reads right to left; figures and English read as before */}
      <Typography variant="body2" component="div" dir="auto">{children === null || children === undefined || children === '' ? '—' : children}</Typography>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 2 }} aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>{title}</Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>{children}</Stack>
      <Divider sx={{ mt: 2 }} />
    </Box>
  );
}

/** Visit-info fields shown as phone numbers, as the Patient details show them. */
const PHONES = new Set(['Cell Phone', 'Home Phone']);

export function CallLogDetails({ call }: { call: CallLogDetail }) {
  const surveyor = personName(call.user);
  const answers = surveyAnswerLines(call.survey);
  // the project's visit-info fields as the call screen had them (the server sends only what it may show)
  const visitInfo = (call.visitInfo ?? []).filter((i) => i.show !== false);
  return (
    <Box>
      <Section title="Call">
        <Field label="Call ID">{call.callId}</Field>
        <Field label="Project">{call.project.name}</Field>
        <Field label="Surveyor">{surveyor}</Field>
        <Field label="Call Status">
          <Box component="span" sx={{ color: call.result === 2 ? 'error.main' : undefined }}>{resultName(call.result)}</Box>
        </Field>
        <Field label="Survey Status">{surveyStatus(call)}</Field>
        <Field label="Survey Language">{call.surveyLanguage.name}</Field>
        <Field label="Call Date/Time">{centralDateTime(call.callStart)}</Field>
        <Field label="Survey Date/Time">{centralDateTime(call.surveyCompletedOn)}</Field>
        <Field label="Recorded">{centralDateTime(call.surveyedOn)}</Field>
        <Field label="Attempts">{call.attempts}</Field>
        {call.callbackAt && <Field label="Callback">{centralDateTime(call.callbackAt)}</Field>}
        <Field label="QA Removal">{call.isQARemoval ? 'Removed by Quality' : 'No'}</Field>
      </Section>
      <Section title="Comments">
        <Field label="Positive">{call.positive}</Field>
        {call.positiveWNSM ? <Field label="Positive (cleaned, with staff names)">{call.positiveWNSM}</Field> : null}
        {call.positiveWoNSM ? <Field label="Positive (cleaned, without staff names)">{call.positiveWoNSM}</Field> : null}
        <Field label="Negative">{call.negative}</Field>
        {call.negativeWNSM ? <Field label="Negative (cleaned, with staff names)">{call.negativeWNSM}</Field> : null}
        {call.negativeWoNSM ? <Field label="Negative (cleaned, without staff names)">{call.negativeWoNSM}</Field> : null}
        <Field label="Escalation">{call.escalation ? `${call.escalation.status ? 'Resolved' : 'Unresolved'}${call.escalation.notes ? ` — ${call.escalation.notes}` : ''}` : 'None'}</Field>
      </Section>
      <Box component="section" sx={{ mb: 2 }} aria-label="Survey Answers">
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>Survey Answers</Typography>
        {answers.length === 0 ? <Typography variant="body2">No survey answers.</Typography> : (
          <Stack spacing={0.5}>
            {answers.map((l) => (
              // an answer given in Arabic keeps its own direction beside the English question title
              <Typography key={l.quesId} variant="body2"><b>{l.question}:</b> {l.answer ? <bdi>{l.answer}</bdi> : '—'}</Typography>
            ))}
          </Stack>
        )}
        <Divider sx={{ mt: 2 }} />
      </Box>
      <Section title="Visit Info">
        {visitInfo.length === 0 ? <Typography variant="body2">No visit info.</Typography> : visitInfo.map((i) => (
          <Field key={i.field} label={i.field}>
            {PHONES.has(i.field) && typeof i.value === 'string' ? <PhoneDisplay value={i.value} /> : visitInfoText(i.value)}
          </Field>
        ))}
      </Section>
      <Section title="Patient">
        <Field label="Name">{call.patientFullName}</Field>
        <Field label="Cell Phone">{call.phoneCell ? <PhoneDisplay value={call.phoneCell} /> : null}</Field>
        <Field label="Home Phone">{call.phoneHome ? <PhoneDisplay value={call.phoneHome} /> : null}</Field>
        <Field label="Date of Birth">{shortDate(call.dob)}</Field>
        <Field label="Age">{call.age}</Field>
        <Field label="Gender">{call.gender}</Field>
        <Field label="MRN">{call.mrn}</Field>
        <Field label="Ethnicity">{call.ethnicity}</Field>
        <Field label="Race">{call.race}</Field>
      </Section>
    </Box>
  );
}
