import { Planned } from '@frontend/shared-ui';

/** Questionnaire Viewer (spec: survey-work.md §2 / platform.md §2). */
export function QuestionnaireViewerPage() {
  return <Planned title="Questionnaire Viewer" />;
}
