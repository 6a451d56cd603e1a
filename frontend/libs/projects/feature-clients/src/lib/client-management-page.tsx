import { Planned } from '@frontend/shared-ui';

/** Client Management (spec: survey-work.md §2 / platform.md §2). */
export function ClientManagementPage() {
  return <Planned title="Client Management" />;
}
