// Project Details for a manager viewing a surveyor (spec survey-work.md §2): contact, time zone, status,
// week / report count and earnings (never for CIMR roles).
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useReportingSurveyorsInfoQuery } from '@frontend/shared-api';
import { Box, Button, Paper, PhoneDisplay, Stack, Typography } from '@frontend/shared-ui';
import { PROJECT_STATUSES, PeriodToggle, isCimr, managerIdFor, money, percent, periodText, useSessionUser } from './shared';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 200 }}>
      <Typography variant="caption" color="text.secondary">{label}</Typography>
      <Typography>{children}</Typography>
    </Box>
  );
}

export function SurveyorProjectDetailPage() {
  const user = useSessionUser();
  const { uid, pid } = useParams();
  const surveyorId = Number(uid);
  const projectId = Number(pid);
  const valid = [surveyorId, projectId].every((n) => Number.isInteger(n) && n > 0);
  const [weekly, setWeekly] = useState(true);
  const { data, isFetching } = useReportingSurveyorsInfoQuery(
    { surveyorId, projectId, managerId: managerIdFor(user), isWeekly: weekly }, { skip: !valid },
  );
  const surveyor = data?.data.find((s) => s.id === surveyorId);
  const project = surveyor?.projects?.find((p) => p.projectId === projectId);
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <Button component={RouterLink} to={`../../projects/${surveyorId}`} relative="path" variant="outlined" size="small">Back</Button>
        <Typography variant="h5" component="h1">Project Details{project ? `: ${project.projectName}` : ''}</Typography>
      </Stack>
      <Box sx={{ mb: 2 }}><PeriodToggle weekly={weekly} onChange={setWeekly} /></Box>
      {isFetching && !data && <Typography>Loading…</Typography>}
      {(!valid || (data && !project)) && (
        <Typography>This project is not assigned to this surveyor, or is not one of yours.</Typography>
      )}
      {surveyor && project && (
        <Paper sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>Contact</Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
            <Field label="Surveyor">{surveyor.firstName} {surveyor.lastName}</Field>
            <Field label="Email">{surveyor.email ?? 'N/A'}</Field>
            <Field label="Phone"><PhoneDisplay value={surveyor.phoneNumber} /></Field>
          </Stack>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>Project</Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Field label="Time Zone">{project.timezone ?? 'N/A'}</Field>
            <Field label="Status">{PROJECT_STATUSES[project.statusId ?? 0] ?? 'N/A'}</Field>
            <Field label={weekly ? 'Week Count' : 'Report Count'}>{project.surveys} / {project.goals ?? '—'}</Field>
            <Field label="Progress">{percent(project.progress)}</Field>
            {!isCimr(user) && <Field label="Earnings">{money(project.earnings)}</Field>}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {weekly ? 'Current week' : 'Reporting period'}: {periodText(project.periodStart, project.periodEnd)}
          </Typography>
        </Paper>
      )}
    </Box>
  );
}
