// The comment cleaner's area, /cc/... (spec platform.md §2.4, survey-work.md §2). One line per path: the route,
// then the screen serving it; each screen is loaded when first opened.
import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { RemoteRoutes } from '@frontend/shared-ui';
import { Role } from '@frontend/shared-util';

const UserDirectoryPage = lazy(() => import('@frontend/identity-feature-accounts').then((m) => ({ default: m.AccountsPage })));
const CommentCleaningSelectionPage = lazy(() => import('@frontend/surveys-feature-comments').then((m) => ({ default: m.CommentCleaningSelectionPage })));
const CommentCleaningPage = lazy(() => import('@frontend/surveys-feature-comments').then((m) => ({ default: m.CommentCleaningPage })));
const DashboardPage = lazy(() => import('@frontend/reporting-feature-stats').then((m) => ({ default: m.DashboardPage })));

/** The comment cleaner's routes, relative to /cc. */
export function routeTable() {
  return (
    <>
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="comment-cleaning" element={<CommentCleaningPage />} />
      <Route path="comment-cleaning-selection" element={<CommentCleaningSelectionPage />} />
      <Route path="user-directory" element={<UserDirectoryPage mode="directory" />} />
    </>
  );
}

export default function CleanerRoutes() {
  return <RemoteRoutes role={Role.CommentCleaner}>{routeTable()}</RemoteRoutes>;
}
