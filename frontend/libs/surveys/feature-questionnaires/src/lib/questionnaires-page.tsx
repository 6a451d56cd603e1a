import { Planned } from '@frontend/shared-ui';

/** Questionnaires (spec: survey-work.md §2 / platform.md §2). */
export function QuestionnairesPage() {
  return <Planned title="Questionnaires" />;
}
