import { RoleRoutes } from '@frontend/identity-feature-accounts';
import { SurveyorGuidelinesPage } from '@frontend/projects-feature-guidelines';
import {
  AssignmentDetailPage, AssignmentsPage, MyProjectsPage, ProjectDetailPage, VisitInfoPage,
} from '@frontend/projects-feature-projects';
import type { Role } from '@frontend/shared-util';

/** This remote's role family (Project Manager, Operations); the shell passes the signed-in role. */
export default function Routes({ role }: { role: number }) {
  return (
    <RoleRoutes
      role={role as Role}
      screens={{
        'my-projects': <MyProjectsPage />,
        'detail/:id': <ProjectDetailPage />,
        'info/:id': <VisitInfoPage />,
        'surveyor-guidelines/:id': <SurveyorGuidelinesPage />,
        assignments: <AssignmentsPage />,
        'assignments/:id': <AssignmentDetailPage />,
      }}
    />
  );
}
