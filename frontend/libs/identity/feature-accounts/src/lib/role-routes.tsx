// Builds a remote's route table from the role's route list: screens that exist are mapped, the rest show the
// later-release page; anything else under the prefix is not found.
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LaterReleasePage, NotFoundPage, ThemeScope } from '@frontend/shared-ui';
import { NAV_ENTRIES, ROLE_AREAS, ROUTES, type Role } from '@frontend/shared-util';
import { AccountsPage } from './accounts-page';

const titleOf = (role: Role, path: string) =>
  NAV_ENTRIES[role].find((e) => e.path === path)?.label ??
  path.split('/')[0].split('-').map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');

export function RoleRoutes({ role, screens = {} }: { role: Role; screens?: Record<string, ReactNode> }) {
  const all: Record<string, ReactNode> = { 'user-directory': <AccountsPage mode="directory" />, ...screens };
  return (
    <ThemeScope>
    <Routes>
      <Route index element={<Navigate to={ROLE_AREAS[role].home} replace />} />
      {ROUTES[role].map((path) => (
        <Route key={path} path={path} element={all[path] ?? <LaterReleasePage title={titleOf(role, path)} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
    </ThemeScope>
  );
}
