// The call screen composed with the panes other contexts own: the questionnaire (surveys) and the guidelines
// gate (projects). A feature library may not import another context's, so the remote puts them together.
import { CallScreen } from '@frontend/calling-feature-call';
import { GuidelinesGate } from '@frontend/projects-feature-guidelines';
import { QuestionnairePane } from '@frontend/surveys-feature-questionnaires';

export default function CallScreenRoute() {
  return <CallScreen questionnairePane={(props) => <QuestionnairePane {...props} />} guidelinesGate={GuidelinesGate} />;
}
