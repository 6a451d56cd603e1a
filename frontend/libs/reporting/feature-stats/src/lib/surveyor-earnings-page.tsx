import { Planned } from '@frontend/shared-ui';

/** Surveyor Earnings (spec: survey-work.md §2 / platform.md §2). */
export function SurveyorEarningsPage() {
  return <Planned title="Surveyor Earnings" />;
}
