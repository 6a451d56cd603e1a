import { Planned } from '@frontend/shared-ui';

/** Project List (spec: survey-work.md §2 / platform.md §2). */
export function ProjectListPage() {
  return <Planned title="Project List" />;
}
