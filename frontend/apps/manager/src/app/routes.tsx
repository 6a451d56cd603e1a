import { RoleRoutes } from '@frontend/identity-feature-accounts';
import type { Role } from '@frontend/shared-util';
import { CommentCleaningPage, CommentCleaningSelectionPage } from '@frontend/surveys-feature-comments';
import { SurveyExportPage } from '@frontend/surveys-feature-export';
import {
  QuestionBankPage, QuestionnaireViewerPage, QuestionnaireWizardPage, QuestionnairesPage,
} from '@frontend/surveys-feature-questionnaires';

/** This remote's role family; the shell passes the signed-in role (screens arrive with later issues). */
export default function Routes({ role }: { role: number }) {
  return (
    <RoleRoutes
      role={role as Role}
      screens={{
        'question-bank-manager': <QuestionBankPage />,
        questionnaires: <QuestionnairesPage />,
        'questionnaires/:id': <QuestionnaireWizardPage />,
        'questionnaire-viewer/:id': <QuestionnaireViewerPage />,
        'comment-cleaning-selection': <CommentCleaningSelectionPage />,
        'comment-cleaning': <CommentCleaningPage />,
        'survey-export/:id': <SurveyExportPage />,
      }}
    />
  );
}
