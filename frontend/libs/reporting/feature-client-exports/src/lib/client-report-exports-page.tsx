import { Planned } from '@frontend/shared-ui';

/** Client Report Exports (spec: survey-work.md §2 / platform.md §2). */
export function ClientReportExportsPage() {
  return <Planned title="Client Report Exports" />;
}
