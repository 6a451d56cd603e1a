// Surveyor's Projects (spec survey-work.md §2): a manager's view of one surveyor's projects with columns
// Project Name, goals, Status; each project links to its Project Details (my-surveyors/:uid/:pid).
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { answerOf, useReportingSurveyorsInfoQuery, type SurveyorProject } from '@frontend/shared-api';
import { Box, Button, Link, SimpleTable, Stack, Typography } from '@frontend/shared-ui';
import {
  PROJECT_STATUSES, PeriodToggle, goalHeaders, isCimr, managerIdFor, money, percent, periodText, surveyorListPath, useSessionUser,
} from './shared';

export function SurveyorProjectsPage() {
  const user = useSessionUser();
  const { id } = useParams();
  const surveyorId = Number(id);
  const valid = Number.isInteger(surveyorId) && surveyorId > 0;
  const [weekly, setWeekly] = useState(true);
  const info = useReportingSurveyorsInfoQuery(
    { surveyorId, managerId: managerIdFor(user), isWeekly: weekly }, { skip: !valid },
  );
  const { isFetching, isError } = info;
  const data = answerOf(info); // not the other period's projects once this one failed
  const surveyor = data?.data.find((s) => s.id === surveyorId);
  const headers = goalHeaders(weekly);
  const columns = [
    {
      key: 'projectName', label: 'Project Name', render: (p: SurveyorProject) => (
        <Link component={RouterLink} to={`../../${surveyorId}/${p.projectId}`} relative="path">{p.projectName}</Link>
      ),
    },
    { key: 'goals', label: headers.goals, align: 'right' as const, render: (p: SurveyorProject) => p.goals ?? '—' },
    { key: 'surveys', label: headers.surveys, align: 'right' as const },
    { key: 'progress', label: 'Progress', align: 'right' as const, render: (p: SurveyorProject) => percent(p.progress) },
    ...(weekly ? [] : [{ key: 'period', label: 'Reporting Period', render: (p: SurveyorProject) => periodText(p.periodStart, p.periodEnd) }]),
    ...(isCimr(user) ? [] : [{ key: 'earnings', label: 'Earnings', align: 'right' as const, render: (p: SurveyorProject) => money(p.earnings) }]),
    { key: 'statusId', label: 'Status', render: (p: SurveyorProject) => PROJECT_STATUSES[p.statusId ?? 0] ?? '' },
  ];
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        {/* my-surveyors/projects/:id is shared by every manager role; back goes to the list each role has */}
        <Button component={RouterLink} to={`../../../${surveyorListPath(user)}`} relative="path" variant="outlined" size="small">Back</Button>
        <Typography variant="h5" component="h1">
          {surveyor ? `${surveyor.firstName} ${surveyor.lastName}'s Projects` : "Surveyor's Projects"}
        </Typography>
      </Stack>
      <Box sx={{ mb: 2 }}><PeriodToggle weekly={weekly} onChange={setWeekly} /></Box>
      {!valid || (data && !surveyor) ? (
        <Typography>This surveyor is not one of yours, or is not known to the reporting service yet.</Typography>
      ) : (
        <SimpleTable caption="Surveyor's projects" columns={columns} rows={surveyor?.projects ?? []}
          rowKey={(p) => p.projectId} emptyText={isFetching ? 'Loading…' : undefined} failed={isError && !isFetching} />
      )}
    </Box>
  );
}
