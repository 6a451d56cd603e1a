import { AccountsPage, RoleRoutes } from '@frontend/identity-feature-accounts';
import { Role } from '@frontend/shared-util';
import { LanguagesPage } from './languages-page';
import { ExternalLoginAttemptsPage } from './external-login-attempts-page';

/** The admin area (spec §2.3). Client Management and Project List arrive with a later release. */
export default function AdminRoutes() {
  return (
    <RoleRoutes
      role={Role.Admin}
      screens={{
        'account-management': <AccountsPage mode="admin" />,
        languages: <LanguagesPage />,
        'external-login-attempts': <ExternalLoginAttemptsPage />,
      }}
    />
  );
}
