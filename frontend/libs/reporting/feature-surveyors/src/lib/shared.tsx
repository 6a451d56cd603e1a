// Helpers of the surveyor screens (spec survey-work.md §2 My Surveyors / All Surveyors, Surveyor's Projects,
// Project Details for a manager viewing a surveyor).
import { dollarText, percentText } from '@frontend/reporting-data-access';
import { useAppSelector } from '@frontend/shared-api';
import { Role, shortDay } from '@frontend/shared-util';
import { ToggleButton, ToggleButtonGroup } from '@frontend/shared-ui';

export const PROJECT_STATUSES: Record<number, string> = {
  1: 'Not Started', 2: 'In Progress', 3: 'Final Counts', 4: 'Send To Client', 5: 'Paused', 6: 'Completed',
};

export interface SessionUser { id: number; role: Role }

export function useSessionUser(): SessionUser | null {
  return useAppSelector((s) => s.auth.user) as SessionUser | null;
}

/** A Project Manager and a CIMR Manager see their own surveyors; Operations and Admin see all. */
export function managerIdFor(user: SessionUser | null): number | undefined {
  return user && (user.role === Role.ProjectManager || user.role === Role.CimrManager) ? user.id : undefined;
}

/** The surveyor list a user reaches the surveyor screens from: My Surveyors is a Project Manager's only; Operations
 * and the CIMR Manager have All Surveyors (their apps have no my-surveyors list). */
export function surveyorListPath(user: SessionUser | null): 'my-surveyors' | 'all-surveyors' {
  return user?.role === Role.ProjectManager ? 'my-surveyors' : 'all-surveyors';
}

export function isCimr(user: SessionUser | null): boolean {
  return user?.role === Role.CimrManager || user?.role === Role.CimrSurveyor;
}

/** Progress: the server's ratio (4 decimals) as a percentage with 2 decimals (spec §9). */
export const percent = percentText;
export const money = (v: number | null | undefined) => dollarText(v, '—');

/** The goal headers of the spec (survey-work.md §3), as Project Details and My Projects head their goal columns. */
export function goalHeaders(weekly: boolean): { goals: string; surveys: string } {
  return weekly
    ? { goals: 'Current Week Minimum Surveys', surveys: 'Week-to-Date Surveys Completed' }
    : { goals: 'Current Report-Period Minimum Surveys', surveys: 'Report-Period-to-Date Surveys Completed' };
}

/** "MM/DD/YY – MM/DD/YY" of a week or reporting period (ISO days). */
export function periodText(start: string | null | undefined, end: string | null | undefined): string {
  return start && end ? `${shortDay(start)} – ${shortDay(end)}` : '';
}

/** Current Week (weekly goals) or Reporting Period (completion goals). */
export function PeriodToggle({ weekly, onChange }: { weekly: boolean; onChange: (weekly: boolean) => void }) {
  return (
    <ToggleButtonGroup exclusive size="small" value={weekly ? 'week' : 'period'} aria-label="Goals period"
      onChange={(_e, v: string | null) => { if (v) onChange(v === 'week'); }}>
      <ToggleButton value="week">Current Week</ToggleButton>
      <ToggleButton value="period">Reporting Period</ToggleButton>
    </ToggleButtonGroup>
  );
}
