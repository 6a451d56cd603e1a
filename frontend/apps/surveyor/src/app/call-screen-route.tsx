// The call screen composed with the panes other contexts own: the questionnaire (surveys) and the guidelines
// gate (projects). A feature library may not import another context's, so the remote puts them together; both
// libraries are also lazily loaded by this remote's route table, so they are loaded lazily here too.
import { lazy } from 'react';
import { CallScreen } from '@frontend/calling-feature-call';

const GuidelinesGate = lazy(() => import('@frontend/projects-feature-guidelines').then((m) => ({ default: m.GuidelinesGate })));
const QuestionnairePane = lazy(() => import('@frontend/surveys-feature-questionnaires').then((m) => ({ default: m.QuestionnairePane })));

export default function CallScreenRoute() {
  return <CallScreen questionnairePane={(props) => <QuestionnairePane {...props} />} guidelinesGate={GuidelinesGate} />;
}
