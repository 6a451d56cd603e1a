import { Planned } from '@frontend/shared-ui';

/** Project Details (spec: survey-work.md §2 / platform.md §2). */
export function SurveyorProjectDetailPage() {
  return <Planned title="Project Details" />;
}
