// The quality area, /qa/... (spec platform.md §2.4, survey-work.md §2). One line per path: the route, then the
// screen serving it; each screen is loaded when first opened.
import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { RemoteRoutes } from '@frontend/shared-ui';
import { Role } from '@frontend/shared-util';

const UserDirectoryPage = lazy(() => import('@frontend/identity-feature-accounts').then((m) => ({ default: m.AccountsPage })));
const SurveyorGuidelinesPage = lazy(() => import('@frontend/projects-feature-guidelines').then((m) => ({ default: m.SurveyorGuidelinesPage })));
const CallLogPage = lazy(() => import('@frontend/calling-feature-call-log').then((m) => ({ default: m.CallLogPage })));
const CallLogDownloadPage = lazy(() => import('@frontend/calling-feature-call-log').then((m) => ({ default: m.CallLogDownloadPage })));
const CallQualityPage = lazy(() => import('@frontend/calling-feature-call-log').then((m) => ({ default: m.CallQualityPage })));
const DashboardPage = lazy(() => import('@frontend/reporting-feature-stats').then((m) => ({ default: m.DashboardPage })));

/** Quality's routes, relative to /qa. */
export function routeTable() {
  return (
    <>
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="call-quality" element={<CallQualityPage />} />
      <Route path="user-directory" element={<UserDirectoryPage mode="directory" />} />
      <Route path="call-log" element={<CallLogPage />} />
      <Route path="call-log-download/:id" element={<CallLogDownloadPage />} />
      <Route path="surveyor-guidelines/:id" element={<SurveyorGuidelinesPage />} />
    </>
  );
}

export default function QualityRoutes() {
  return <RemoteRoutes role={Role.Quality}>{routeTable()}</RemoteRoutes>;
}
