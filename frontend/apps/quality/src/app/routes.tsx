import { RoleRoutes } from '@frontend/identity-feature-accounts';
import { SurveyorGuidelinesPage } from '@frontend/projects-feature-guidelines';
import type { Role } from '@frontend/shared-util';

/** This remote's role family; the shell passes the signed-in role. */
export default function Routes({ role }: { role: number }) {
  return <RoleRoutes role={role as Role} screens={{ 'surveyor-guidelines/:id': <SurveyorGuidelinesPage /> }} />;
}
