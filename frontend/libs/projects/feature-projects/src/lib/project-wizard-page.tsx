import { Planned } from '@frontend/shared-ui';

/** Add Project (spec: survey-work.md §2 / platform.md §2). */
export function ProjectWizardPage() {
  return <Planned title="Add Project" />;
}
