import { Planned } from '@frontend/shared-ui';

/** Sampling Parameters (spec: survey-work.md §2 / platform.md §2). */
export function SamplingPage() {
  return <Planned title="Sampling Parameters" />;
}
