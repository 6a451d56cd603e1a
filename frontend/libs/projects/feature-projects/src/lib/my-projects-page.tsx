import { Planned } from '@frontend/shared-ui';

/** My Projects (spec: survey-work.md §2 / platform.md §2). */
export function MyProjectsPage() {
  return <Planned title="My Projects" />;
}
