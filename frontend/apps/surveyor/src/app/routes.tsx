import { RoleRoutes } from '@frontend/identity-feature-accounts';
import { CallScreen } from '@frontend/calling-feature-call';
import { ROLE_AREAS, type Role } from '@frontend/shared-util';

/** This remote's role family (Surveyor, CIMR Surveyor, Keller Surveyor); the shell passes the signed-in role. */
export default function Routes({ role }: { role: number }) {
  const home = `${ROLE_AREAS[role as Role].prefix}/my-projects`;
  const call = <CallScreen myProjectsPath={home} />;
  return <RoleRoutes role={role as Role} screens={{ 'project-call/:id': call, 'survey-call/:id': call }} />;
}
