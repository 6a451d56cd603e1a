// The call screen composed with the panes other contexts own: the questionnaire (surveys) and the guidelines
// gate (projects). A feature library may not import another context's, so the remote puts them together; both
// libraries (and the call feature itself, whose saved-drafts resender the route frame loads) are also lazily
// loaded by this remote, so they are loaded lazily here too.
import { lazy } from 'react';

const CallScreen = lazy(() => import('@frontend/calling-feature-call').then((m) => ({ default: m.CallScreen })));

const GuidelinesGate = lazy(() => import('@frontend/projects-feature-guidelines').then((m) => ({ default: m.GuidelinesGate })));
const QuestionnairePane = lazy(() => import('@frontend/surveys-feature-questionnaires').then((m) => ({ default: m.QuestionnairePane })));

export default function CallScreenRoute() {
  return <CallScreen questionnairePane={(props) => <QuestionnairePane {...props} />} guidelinesGate={GuidelinesGate} />;
}
