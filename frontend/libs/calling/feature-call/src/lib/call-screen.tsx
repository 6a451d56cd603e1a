import { Planned } from '@frontend/shared-ui';

/** Call Screen (spec: survey-work.md §2 / platform.md §2). */
export function CallScreen() {
  return <Planned title="Call Screen" />;
}
