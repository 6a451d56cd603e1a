// The manager area: Project Manager at /project-manager/... and Operations at /ops/... (spec platform.md §2.4,
// survey-work.md §2). One line per path: the route, then the screen serving it; each screen is loaded when first
// opened. A path given to one role only is guarded by that role; for the other it is the not-found page.
import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { RemoteRoutes } from '@frontend/shared-ui';
import { Role } from '@frontend/shared-util';

const UserDirectoryPage = lazy(() => import('@frontend/identity-feature-accounts').then((m) => ({ default: m.AccountsPage })));
const MyProjectsPage = lazy(() => import('@frontend/projects-feature-projects').then((m) => ({ default: m.MyProjectsPage })));
const ProjectDetailPage = lazy(() => import('@frontend/projects-feature-projects').then((m) => ({ default: m.ProjectDetailPage })));
const ProjectInfoPage = lazy(() => import('@frontend/projects-feature-projects').then((m) => ({ default: m.ProjectInfoPage })));
const AssignmentsPage = lazy(() => import('@frontend/projects-feature-assignments').then((m) => ({ default: m.AssignmentsPage })));
const ProjectAssignmentPage = lazy(() => import('@frontend/projects-feature-assignments').then((m) => ({ default: m.ProjectAssignmentPage })));
const SurveyorGuidelinesPage = lazy(() => import('@frontend/projects-feature-guidelines').then((m) => ({ default: m.SurveyorGuidelinesPage })));
const RosterUploadPage = lazy(() => import('@frontend/rosters-feature-rosters').then((m) => ({ default: m.RosterUploadPage })));
const RosterExportPage = lazy(() => import('@frontend/rosters-feature-rosters').then((m) => ({ default: m.RosterExportPage })));
const RosterHistory = lazy(() => import('@frontend/rosters-feature-rosters').then((m) => ({ default: m.RosterHistory })));
const rosterHistory = (projectId: number) => <RosterHistory projectId={projectId} />;
const SamplingPage = lazy(() => import('@frontend/rosters-feature-sampling').then((m) => ({ default: m.SamplingPage })));
const CallLogPage = lazy(() => import('@frontend/calling-feature-call-log').then((m) => ({ default: m.CallLogPage })));
const CallQualityPage = lazy(() => import('@frontend/calling-feature-call-log').then((m) => ({ default: m.CallQualityPage })));
const EscalationsPage = lazy(() => import('@frontend/calling-feature-escalations').then((m) => ({ default: m.EscalationsPage })));
const EscalationDetailPage = lazy(() => import('@frontend/calling-feature-escalations').then((m) => ({ default: m.EscalationDetailPage })));
const QuestionnairesPage = lazy(() => import('@frontend/surveys-feature-questionnaires').then((m) => ({ default: m.QuestionnairesPage })));
const QuestionnaireBuilderPage = lazy(() => import('@frontend/surveys-feature-questionnaires').then((m) => ({ default: m.QuestionnaireBuilderPage })));
const QuestionnaireViewerPage = lazy(() => import('@frontend/surveys-feature-questionnaires').then((m) => ({ default: m.QuestionnaireViewerPage })));
const QuestionBankManagerPage = lazy(() => import('@frontend/surveys-feature-question-bank').then((m) => ({ default: m.QuestionBankManagerPage })));
const CommentCleaningSelectionPage = lazy(() => import('@frontend/surveys-feature-comments').then((m) => ({ default: m.CommentCleaningSelectionPage })));
const CommentCleaningPage = lazy(() => import('@frontend/surveys-feature-comments').then((m) => ({ default: m.CommentCleaningPage })));
const SurveyExportPage = lazy(() => import('@frontend/surveys-feature-survey-export').then((m) => ({ default: m.SurveyExportPage })));
const DashboardPage = lazy(() => import('@frontend/reporting-feature-stats').then((m) => ({ default: m.DashboardPage })));
const SurveyorCallStatsPage = lazy(() => import('@frontend/reporting-feature-stats').then((m) => ({ default: m.SurveyorCallStatsPage })));
const SurveyorEarningsPage = lazy(() => import('@frontend/reporting-feature-stats').then((m) => ({ default: m.SurveyorEarningsPage })));
const MySurveyorsPage = lazy(() => import('@frontend/reporting-feature-surveyors').then((m) => ({ default: m.MySurveyorsPage })));
const AllSurveyorsPage = lazy(() => import('@frontend/reporting-feature-surveyors').then((m) => ({ default: m.AllSurveyorsPage })));
const SurveyorProjectsPage = lazy(() => import('@frontend/reporting-feature-surveyors').then((m) => ({ default: m.SurveyorProjectsPage })));
const SurveyorProjectDetailPage = lazy(() => import('@frontend/reporting-feature-surveyors').then((m) => ({ default: m.SurveyorProjectDetailPage })));
const ClientReportExportsPage = lazy(() => import('@frontend/reporting-feature-client-exports').then((m) => ({ default: m.ClientReportExportsPage })));
const DispositionsPanel = lazy(() => import('@frontend/reporting-feature-stats').then((m) => ({ default: m.DispositionsPanel })));
const ClientDataExportsPage = lazy(() => import('@frontend/reporting-feature-client-exports').then((m) => ({ default: m.ClientDataExportsPage })));

/** The routes of a Project Manager (relative to /project-manager) or of Operations (relative to /ops). */
export function routeTable(role: Role) {
  const pm = role === Role.ProjectManager;
  const ops = role === Role.Operations;
  return (
    <>
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="my-projects" element={<MyProjectsPage />} />
      <Route path="detail/:id" element={
        <ProjectDetailPage rosterHistory={rosterHistory}
          dispositions={(id) => <DispositionsPanel projectId={id} groupBys={['site', 'provider', 'surveyor']} />} />} />
      <Route path="info/:id" element={<ProjectInfoPage />} />
      <Route path="surveyor-guidelines/:id" element={<SurveyorGuidelinesPage />} />
      {ops && <Route path="assignments" element={<AssignmentsPage />} />}
      {ops && <Route path="assignments/:id" element={<ProjectAssignmentPage />} />}
      <Route path="rosters" element={<RosterUploadPage />} />
      <Route path="roster-export" element={<RosterExportPage />} />
      <Route path="sampling/:id" element={<SamplingPage />} />
      <Route path="call-log" element={<CallLogPage />} />
      <Route path="call-quality" element={<CallQualityPage />} />
      <Route path="escalations" element={<EscalationsPage />} />
      <Route path="escalation-detail/:id" element={<EscalationDetailPage />} />
      <Route path="questionnaires" element={<QuestionnairesPage />} />
      <Route path="questionnaires/:id" element={<QuestionnaireBuilderPage />} />
      <Route path="questionnaire-viewer/:id" element={<QuestionnaireViewerPage />} />
      {ops && <Route path="question-bank-manager" element={<QuestionBankManagerPage />} />}
      <Route path="comment-cleaning-selection" element={<CommentCleaningSelectionPage />} />
      <Route path="comment-cleaning" element={<CommentCleaningPage />} />
      <Route path="survey-export/:id" element={<SurveyExportPage />} />
      <Route path="surveyor-call-stats" element={<SurveyorCallStatsPage />} />
      <Route path="surveyor-earnings" element={<SurveyorEarningsPage />} />
      {pm && <Route path="my-surveyors" element={<MySurveyorsPage />} />}
      {ops && <Route path="all-surveyors" element={<AllSurveyorsPage />} />}
      <Route path="my-surveyors/projects/:id" element={<SurveyorProjectsPage />} />
      <Route path="my-surveyors/:uid/:pid" element={<SurveyorProjectDetailPage />} />
      <Route path="client-report-exports" element={<ClientReportExportsPage />} />
      <Route path="client-report-exports/:id" element={<ClientDataExportsPage />} />
      <Route path="user-directory" element={<UserDirectoryPage mode="directory" />} />
    </>
  );
}

/** The shell passes the signed-in role (Project Manager or Operations). */
export default function ManagerRoutes({ role }: { role: number }) {
  return <RemoteRoutes role={role as Role}>{routeTable(role as Role)}</RemoteRoutes>;
}
