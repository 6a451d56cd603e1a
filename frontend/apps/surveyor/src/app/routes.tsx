import { RoleRoutes } from '@frontend/identity-feature-accounts';
import { SurveyorGuidelinesPage } from '@frontend/projects-feature-guidelines';
import { ProjectDetailPage, SurveyorMyProjectsPage } from '@frontend/projects-feature-projects';
import type { Role } from '@frontend/shared-util';

/** This remote's role family (Surveyor, CIMR Surveyor, Keller); the shell passes the signed-in role. */
export default function Routes({ role }: { role: number }) {
  return (
    <RoleRoutes
      role={role as Role}
      screens={{
        'my-projects': <SurveyorMyProjectsPage />,
        'my-projects/:id': <ProjectDetailPage />,
        'surveyor-guidelines/:id': <SurveyorGuidelinesPage />,
      }}
    />
  );
}
