import { Planned } from '@frontend/shared-ui';

/** Call Log Download (spec: survey-work.md §2 / platform.md §2). */
export function CallLogDownloadPage() {
  return <Planned title="Call Log Download" />;
}
