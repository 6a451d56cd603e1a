import { Planned } from '@frontend/shared-ui';

/** Assignments (spec: survey-work.md §2 / platform.md §2). */
export function ProjectAssignmentPage() {
  return <Planned title="Assignments" />;
}
