import { Planned } from '@frontend/shared-ui';

/** Escalations (spec: survey-work.md §2 / platform.md §2). */
export function EscalationsPage() {
  return <Planned title="Escalations" />;
}
