import { Planned } from '@frontend/shared-ui';

/** Dashboard (spec: survey-work.md §2 / platform.md §2). */
export function DashboardPage() {
  return <Planned title="Dashboard" />;
}
