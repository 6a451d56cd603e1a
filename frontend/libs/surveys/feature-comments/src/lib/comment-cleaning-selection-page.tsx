import { Planned } from '@frontend/shared-ui';

/** Comment Cleaning Selection (spec: survey-work.md §2 / platform.md §2). */
export function CommentCleaningSelectionPage() {
  return <Planned title="Comment Cleaning Selection" />;
}
