import { AccountsPage, RoleRoutes } from '@frontend/identity-feature-accounts';
import { SurveyorGuidelinesPage } from '@frontend/projects-feature-guidelines';
import { AddProjectPage, AdminProjectPage, ClientManagementPage, ProjectListPage } from '@frontend/projects-feature-projects';
import { Role } from '@frontend/shared-util';
import { LanguagesPage } from './languages-page';
import { ExternalLoginAttemptsPage } from './external-login-attempts-page';

const projectPage = <AdminProjectPage panels={{ 'pdf-upload': () => <SurveyorGuidelinesPage /> }} />;

/** The admin area (spec §2.3). */
export default function AdminRoutes() {
  return (
    <RoleRoutes
      role={Role.Admin}
      screens={{
        'account-management': <AccountsPage mode="admin" />,
        languages: <LanguagesPage />,
        'external-login-attempts': <ExternalLoginAttemptsPage />,
        'client-management': <ClientManagementPage />,
        'project-list': <ProjectListPage />,
        'projects/add': <AddProjectPage />,
        'projects/:id': projectPage,
        'projects/:id/:mode': projectPage,
      }}
    />
  );
}
