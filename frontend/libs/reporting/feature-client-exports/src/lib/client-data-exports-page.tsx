import { Planned } from '@frontend/shared-ui';

/** Client Data Exports (spec: survey-work.md §2 / platform.md §2). */
export function ClientDataExportsPage() {
  return <Planned title="Client Data Exports" />;
}
