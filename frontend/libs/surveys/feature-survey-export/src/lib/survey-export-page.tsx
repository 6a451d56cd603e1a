import { Planned } from '@frontend/shared-ui';

/** Survey Export (spec: survey-work.md §2 / platform.md §2). */
export function SurveyExportPage() {
  return <Planned title="Survey Export" />;
}
