import { Planned } from '@frontend/shared-ui';

/** Question Bank Manager (spec: survey-work.md §2 / platform.md §2). */
export function QuestionBankManagerPage() {
  return <Planned title="Question Bank Manager" />;
}
