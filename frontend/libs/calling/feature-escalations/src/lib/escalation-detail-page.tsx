import { Planned } from '@frontend/shared-ui';

/** Escalation Detail (spec: survey-work.md §2 / platform.md §2). */
export function EscalationDetailPage() {
  return <Planned title="Escalation Detail" />;
}
