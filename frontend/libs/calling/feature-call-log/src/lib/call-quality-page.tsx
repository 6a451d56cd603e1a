import { Planned } from '@frontend/shared-ui';

/** Call Quality (spec: survey-work.md §2 / platform.md §2). */
export function CallQualityPage() {
  return <Planned title="Call Quality" />;
}
