import { Planned } from '@frontend/shared-ui';

/** Surveyor Call Stats (spec: survey-work.md §2 / platform.md §2). */
export function SurveyorCallStatsPage() {
  return <Planned title="Surveyor Call Stats" />;
}
