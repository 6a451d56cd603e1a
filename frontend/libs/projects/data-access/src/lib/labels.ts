import { centralDay, usDay } from '@frontend/shared-util';
// Spec §3 enumerations of the projects context, with their display names.
export const PROJECT_TYPES: Record<number, string> = {
  1: 'Patient Satisfaction Experience', 2: 'CG CAHPS', 3: 'Pharmacy Experience', 4: 'Market Research', 5: 'Health Plan',
  6: 'ER', 7: 'Urgent Care', 8: 'Special Program', 9: 'Provider', 10: 'Nutrition', 11: 'School Health',
  12: 'Fee Perception', 13: 'Communication', 14: 'Employee Engagement', 15: 'Provider Engagement', 16: 'Other',
};
export const PROJECT_STATUSES: Record<number, string> = {
  1: 'Not Started', 2: 'In Progress', 3: 'Final Counts', 4: 'Send To Client', 5: 'Paused', 6: 'Completed',
};
// shared with calling, which may not import this library
export { CONTACT_TYPES, REPORT_FREQUENCIES } from '@frontend/shared-util';
export const ASSIGNMENT_TYPES: Record<number, string> = { 0: 'Assigned', 1: 'Coverage' };
export const COLLAB_GROUPS = ['CHPW', 'CPG', 'ORPCA'] as const;
export const APPROVALS = [
  { value: 'PSA', label: 'Pending Signed Approval (PSA)' }, { value: 'Contract', label: 'Contract' }, { value: 'Email', label: 'Email' },
] as const;
export const SAMPLING_MODES = ['CATI', 'EMAIL', 'PAPER', 'KIOSKS', 'MAIL'] as const;
export const MODIFIER_KINDS = ['Language', 'Site', 'Service Line', 'Survey Completion Status'] as const;
export const COUNTRIES: Record<number, string> = { 1: 'USA', 2: 'Canada', 3: 'India' };
export const US_STATES = [
  'Alabama', 'Alaska', 'American Samoa', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware',
  'District of Columbia', 'Florida', 'Georgia', 'Guam', 'Hawaii', 'Idaho', 'Illinois', 'Indiana', 'Iowa', 'Kansas',
  'Kentucky', 'Louisiana', 'Maine', 'Maryland', 'Massachusetts', 'Michigan', 'Minnesota', 'Mississippi', 'Missouri',
  'Montana', 'Nebraska', 'Nevada', 'New Hampshire', 'New Jersey', 'New Mexico', 'New York', 'North Carolina',
  'North Dakota', 'Northern Mariana Islands', 'Ohio', 'Oklahoma', 'Oregon', 'Pennsylvania', 'Puerto Rico',
  'Rhode Island', 'South Carolina', 'South Dakota', 'Tennessee', 'Texas', 'U.S. Virgin Islands', 'Utah', 'Vermont',
  'Virginia', 'Washington', 'West Virginia', 'Wisconsin', 'Wyoming',
]; // 56: stateId = index + 1
export const TIMEZONES = [
  'America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage',
  'America/Puerto_Rico', 'Canada/Atlantic', 'Canada/Eastern', 'Canada/Central', 'Canada/Mountain', 'Canada/Pacific',
  'US/Hawaii', 'US/Alaska', 'US/Eastern', 'US/Central', 'US/Mountain', 'US/Pacific', 'UTC',
];
export const NO_GUIDELINES = 'No guidelines uploaded yet.';
export const GUIDELINE_CONFIRM_TEXT = 'I confirm that I have read the guidelines.';
export const GUIDELINE_RELOAD_MS = 3000;
export const stateName = (id?: number | null) => (id ? US_STATES[id - 1] ?? String(id) : '');
/** MM/DD/YYYY of a plain ISO day (a `date` field: start, deadline, week); 'N/A' without one. */
export const fmtDate = (iso?: string | null) => (iso ? usDay(iso) : 'N/A');
/** MM/DD/YYYY of an instant (an `Instant` field: uploaded, surveyed, created) on its Central business day: its UTC
 * date part would be the next day for an evening in Chicago. 'N/A' without one. */
export const fmtInstantDay = (instant?: string | null) => (instant ? centralDay(instant) : 'N/A');
