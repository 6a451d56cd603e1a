// The admin area, /admin/... (spec platform.md §2.3). One line per path: the route, then the screen serving it;
// each screen is loaded when first opened.
import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { RemoteRoutes } from '@frontend/shared-ui';
import { Role } from '@frontend/shared-util';

const AccountsPage = lazy(() => import('@frontend/identity-feature-accounts').then((m) => ({ default: m.AccountsPage })));
const ClientManagementPage = lazy(() => import('@frontend/projects-feature-clients').then((m) => ({ default: m.ClientManagementPage })));
const ProjectListPage = lazy(() => import('@frontend/projects-feature-projects').then((m) => ({ default: m.ProjectListPage })));
const ProjectWizardPage = lazy(() => import('@frontend/projects-feature-projects').then((m) => ({ default: m.ProjectWizardPage })));
const ProjectManagementPage = lazy(() => import('@frontend/projects-feature-projects').then((m) => ({ default: m.ProjectManagementPage })));
const SurveyorGuidelinesPage = lazy(() => import('@frontend/projects-feature-guidelines').then((m) => ({ default: m.SurveyorGuidelinesPage })));
const SamplingPage = lazy(() => import('@frontend/rosters-feature-sampling').then((m) => ({ default: m.SamplingPage })));
const RosterUploadPage = lazy(() => import('@frontend/rosters-feature-rosters').then((m) => ({ default: m.RosterUploadPage })));
const RosterExportPage = lazy(() => import('@frontend/rosters-feature-rosters').then((m) => ({ default: m.RosterExportPage })));
const SurveyExportPage = lazy(() => import('@frontend/surveys-feature-survey-export').then((m) => ({ default: m.SurveyExportPage })));
// The project page's tabs that other contexts serve (platform.md §2.3: Details, Sampling, Roster Upload, Roster
// Export, Survey Export, Additional Info, PDF File Upload); each panel reads the project id from the route. In view
// mode (readOnly) the tabs that change the project hide those controls; the two exports only read.
const projectPanels = {
  sampling: (_id: number, readOnly: boolean) => <SamplingPage readOnly={readOnly} />,
  'roster-upload': (id: number, readOnly: boolean) => <RosterUploadPage projectId={id} readOnly={readOnly} />,
  'roster-export': (id: number) => <RosterExportPage projectId={id} />,
  'survey-export': () => <SurveyExportPage />,
  'pdf-upload': (_id: number, readOnly: boolean) => <SurveyorGuidelinesPage readOnly={readOnly} />,
};
const DashboardPage = lazy(() => import('@frontend/reporting-feature-stats').then((m) => ({ default: m.DashboardPage })));
const LanguagesPage = lazy(() => import('./languages-page').then((m) => ({ default: m.LanguagesPage })));
const ExternalLoginAttemptsPage = lazy(() => import('./external-login-attempts-page').then((m) => ({ default: m.ExternalLoginAttemptsPage })));
const PhiAccessAuditPage = lazy(() => import('./phi-access-audit-page').then((m) => ({ default: m.PhiAccessAuditPage })));

/** The admin's routes, relative to /admin. */
export function routeTable() {
  return (
    <>
      <Route path="account-management" element={<AccountsPage mode="admin" />} />
      <Route path="client-management" element={<ClientManagementPage />} />
      <Route path="languages" element={<LanguagesPage />} />
      <Route path="project-list" element={<ProjectListPage />} />
      <Route path="projects/add" element={<ProjectWizardPage />} />
      <Route path="projects/:id" element={<ProjectManagementPage panels={projectPanels} />} />
      <Route path="projects/:id/:mode" element={<ProjectManagementPage panels={projectPanels} />} />
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="external-login-attempts" element={<ExternalLoginAttemptsPage />} />
      <Route path="phi-access-audit" element={<PhiAccessAuditPage />} />
    </>
  );
}

export default function AdminRoutes() {
  return <RemoteRoutes role={Role.Admin}>{routeTable()}</RemoteRoutes>;
}
