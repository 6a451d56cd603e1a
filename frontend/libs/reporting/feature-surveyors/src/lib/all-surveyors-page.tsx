import { Planned } from '@frontend/shared-ui';

/** All Surveyors (spec: survey-work.md §2 / platform.md §2). */
export function AllSurveyorsPage() {
  return <Planned title="All Surveyors" />;
}
