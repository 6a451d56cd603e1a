import { RoleRoutes } from '@frontend/identity-feature-accounts';
import type { Role } from '@frontend/shared-util';
import { QuestionnaireViewerPage } from '@frontend/surveys-feature-questionnaires';

/** This remote's role family; the shell passes the signed-in role (screens arrive with later issues). */
export default function Routes({ role }: { role: number }) {
  return <RoleRoutes role={role as Role} screens={{ 'questionnaire-viewer/:id': <QuestionnaireViewerPage /> }} />;
}
