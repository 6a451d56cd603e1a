import { RoleRoutes } from '@frontend/identity-feature-accounts';
import { CallLogPage } from '@frontend/calling-feature-call-log';
import type { Role } from '@frontend/shared-util';

/** This remote's role family; the shell passes the signed-in role (screens arrive with later issues). */
export default function Routes({ role }: { role: number }) {
  return <RoleRoutes role={role as Role} screens={{ 'call-log': <CallLogPage /> }} />;
}
