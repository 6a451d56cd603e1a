import { Planned } from '@frontend/shared-ui';

/** Comment Cleaning (spec: survey-work.md §2 / platform.md §2). */
export function CommentCleaningPage() {
  return <Planned title="Comment Cleaning" />;
}
