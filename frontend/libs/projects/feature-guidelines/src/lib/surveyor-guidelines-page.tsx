import { Planned } from '@frontend/shared-ui';

/** Surveyor Guidelines (spec: survey-work.md §2 / platform.md §2). */
export function SurveyorGuidelinesPage() {
  return <Planned title="Surveyor Guidelines" />;
}
