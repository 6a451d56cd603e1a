import { Planned } from '@frontend/shared-ui';

/** My Surveyors (spec: survey-work.md §2 / platform.md §2). */
export function MySurveyorsPage() {
  return <Planned title="My Surveyors" />;
}
