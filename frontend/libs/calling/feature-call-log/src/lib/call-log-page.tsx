import { Planned } from '@frontend/shared-ui';

/** Call Log (spec: survey-work.md §2 / platform.md §2). */
export function CallLogPage() {
  return <Planned title="Call Log" />;
}
