import { Planned } from '@frontend/shared-ui';

/** Roster Upload (spec: survey-work.md §2 / platform.md §2). */
export function RosterUploadPage() {
  return <Planned title="Roster Upload" />;
}
