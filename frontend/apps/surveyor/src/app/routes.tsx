// The surveyor area: Surveyor at /surveyor/..., CIMR Surveyor at /ccs/..., Keller Surveyor at /keller/...
// (spec platform.md §2.4, survey-work.md §2). One line per path: the route, then the screen serving it; each
// screen is loaded when first opened. A path some of the three roles lack is guarded by the roles that have it.
import { lazy, Suspense, useState } from 'react';
import { Route } from 'react-router-dom';
import { RemoteRoutes } from '@frontend/shared-ui';
import { Role, hasUnsentCallDrafts } from '@frontend/shared-util';

const SurveyorMyProjectsPage = lazy(() => import('@frontend/projects-feature-projects').then((m) => ({ default: m.SurveyorMyProjectsPage })));
const MyProjectDetailPage = lazy(() => import('@frontend/projects-feature-projects').then((m) => ({ default: m.MyProjectDetailPage })));
const SurveyorGuidelinesPage = lazy(() => import('@frontend/projects-feature-guidelines').then((m) => ({ default: m.SurveyorGuidelinesPage })));
const CallScreen = lazy(() => import('./call-screen-route'));
const SavedDraftsResubmitter = lazy(() => import('@frontend/calling-feature-call').then((m) => ({ default: m.SavedDraftsResubmitter })));
const CallLogPage = lazy(() => import('@frontend/calling-feature-call-log').then((m) => ({ default: m.CallLogPage })));
const CallQualityPage = lazy(() => import('@frontend/calling-feature-call-log').then((m) => ({ default: m.CallQualityPage })));
const QuestionnaireViewerPage = lazy(() => import('@frontend/surveys-feature-questionnaires').then((m) => ({ default: m.QuestionnaireViewerPage })));
const SurveyorCallStatsPage = lazy(() => import('@frontend/reporting-feature-stats').then((m) => ({ default: m.SurveyorCallStatsPage })));
const SurveyorEarningsPage = lazy(() => import('@frontend/reporting-feature-stats').then((m) => ({ default: m.SurveyorEarningsPage })));

/** The routes of a Surveyor (/surveyor), CIMR Surveyor (/ccs) or Keller Surveyor (/keller). */
export function routeTable(role: Role) {
  const keller = role === Role.KellerSurveyor;
  const cimr = role === Role.CimrSurveyor;
  return (
    <>
      <Route path="my-projects" element={<SurveyorMyProjectsPage />} />
      <Route path="my-projects/:id" element={<MyProjectDetailPage />} />
      {!keller && <Route path="project-call/:id" element={<CallScreen />} />}
      <Route path="survey-call/:id" element={<CallScreen />} />
      <Route path="call-log" element={<CallLogPage />} />
      {!keller && <Route path="call-quality" element={<CallQualityPage />} />}
      {!cimr && <Route path="surveyor-earnings" element={<SurveyorEarningsPage />} />}
      <Route path="surveyor-guidelines/:id" element={<SurveyorGuidelinesPage />} />
      <Route path="surveyor-call-stats" element={<SurveyorCallStatsPage />} />
      <Route path="questionnaire-viewer/:id" element={<QuestionnaireViewerPage />} />
    </>
  );
}

/** The shell passes the signed-in role (Surveyor, CIMR Surveyor or Keller Surveyor). Saves left unsent by an
 * outage are sent from here as soon as the browser is online, whichever page opens first (the call feature is
 * loaded for it only when there are some). */
export default function SurveyorRoutes({ role }: { role: number }) {
  const [unsent] = useState(hasUnsentCallDrafts);
  return (
    <>
      {unsent && <Suspense fallback={null}><SavedDraftsResubmitter /></Suspense>}
      <RemoteRoutes role={role as Role}>{routeTable(role as Role)}</RemoteRoutes>
    </>
  );
}
