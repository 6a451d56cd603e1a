import { Planned } from '@frontend/shared-ui';

/** Surveyors Called Roster Export (spec: survey-work.md §2 / platform.md §2). */
export function RosterExportPage() {
  return <Planned title="Surveyors Called Roster Export" />;
}
