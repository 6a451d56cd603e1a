import { Planned } from '@frontend/shared-ui';

/** Surveyor's Projects (spec: survey-work.md §2 / platform.md §2). */
export function SurveyorProjectsPage() {
  return <Planned title="Surveyor's Projects" />;
}
