// The CIMR Manager's area, /cimr/... (spec platform.md §2.4, survey-work.md §2). One line per path: the route,
// then the screen serving it; each screen is loaded when first opened.
import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { RemoteRoutes } from '@frontend/shared-ui';
import { Role } from '@frontend/shared-util';

const UserDirectoryPage = lazy(() => import('@frontend/identity-feature-accounts').then((m) => ({ default: m.AccountsPage })));
const AssignmentsPage = lazy(() => import('@frontend/projects-feature-assignments').then((m) => ({ default: m.AssignmentsPage })));
const ProjectAssignmentPage = lazy(() => import('@frontend/projects-feature-assignments').then((m) => ({ default: m.ProjectAssignmentPage })));
const CallLogPage = lazy(() => import('@frontend/calling-feature-call-log').then((m) => ({ default: m.CallLogPage })));
const CallQualityPage = lazy(() => import('@frontend/calling-feature-call-log').then((m) => ({ default: m.CallQualityPage })));
const QuestionnaireViewerPage = lazy(() => import('@frontend/surveys-feature-questionnaires').then((m) => ({ default: m.QuestionnaireViewerPage })));
const DashboardPage = lazy(() => import('@frontend/reporting-feature-stats').then((m) => ({ default: m.DashboardPage })));
const SurveyorCallStatsPage = lazy(() => import('@frontend/reporting-feature-stats').then((m) => ({ default: m.SurveyorCallStatsPage })));
const AllSurveyorsPage = lazy(() => import('@frontend/reporting-feature-surveyors').then((m) => ({ default: m.AllSurveyorsPage })));
const SurveyorProjectsPage = lazy(() => import('@frontend/reporting-feature-surveyors').then((m) => ({ default: m.SurveyorProjectsPage })));
const SurveyorProjectDetailPage = lazy(() => import('@frontend/reporting-feature-surveyors').then((m) => ({ default: m.SurveyorProjectDetailPage })));

/** The CIMR Manager's routes, relative to /cimr. */
export function routeTable() {
  return (
    <>
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="all-surveyors" element={<AllSurveyorsPage />} />
      <Route path="user-directory" element={<UserDirectoryPage mode="directory" />} />
      <Route path="assignments" element={<AssignmentsPage />} />
      <Route path="assignments/:id" element={<ProjectAssignmentPage />} />
      <Route path="questionnaire-viewer/:id" element={<QuestionnaireViewerPage />} />
      <Route path="call-quality" element={<CallQualityPage />} />
      <Route path="call-log" element={<CallLogPage />} />
      <Route path="my-surveyors/projects/:id" element={<SurveyorProjectsPage />} />
      <Route path="my-surveyors/:uid/:pid" element={<SurveyorProjectDetailPage />} />
      <Route path="surveyor-call-stats" element={<SurveyorCallStatsPage />} />
    </>
  );
}

export default function CimrRoutes() {
  return <RemoteRoutes role={Role.CimrManager}>{routeTable()}</RemoteRoutes>;
}
