import { Planned } from '@frontend/shared-ui';

/** Questionnaire Builder (spec: survey-work.md §2 / platform.md §2). */
export function QuestionnaireBuilderPage() {
  return <Planned title="Questionnaire Builder" />;
}
