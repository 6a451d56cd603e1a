import { Planned } from '@frontend/shared-ui';

/** Project Roster Additional Info (spec: survey-work.md §2 / platform.md §2). */
export function ProjectInfoPage() {
  return <Planned title="Project Roster Additional Info" />;
}
