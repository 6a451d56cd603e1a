// How the call log and escalations show calls (spec §3, §9): result names, survey status, Central time.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { BUSINESS_TZ, CONTACT_TYPES, REPORT_FREQUENCIES } from '@frontend/shared-util';

dayjs.extend(utc);
dayjs.extend(timezone);

// the business calendar's zone is shared-util's; re-exported for the calling screens that import it from here
export { BUSINESS_TZ };
export const PRINT_DELAY_MS = 1500;
export const CALL_LOG_EMPTY_TEXT = "Use the filter options above and click 'Filter' to view calls";

export const CALL_RESULTS: Record<number, string> = {
  1: 'Survey Complete',
  2: 'Do Not Call',
  3: 'Respondent Refused',
  4: 'No Answer or Voicemail Recording',
  5: 'Respondent Unavailable',
  6: 'Scheduled Another Time to Contact',
  7: 'Incorrect Roster Information',
};
export const DO_NOT_CALL = 2;

export const resultName = (result: number | null | undefined) => (result ? CALL_RESULTS[result] ?? String(result) : '');

// a call's Survey Status (shared-util's: the called-roster export says it the same way), re-exported for the calling screens
export { surveyStatus } from '@frontend/shared-util';

// MM/DD/YYYY hh:mm:ss AM/PM in Central time, marked CST (spec §9): shared-util's, re-exported for the calling screens
export { centralDateTime } from '@frontend/shared-util';

/** MM/DD/YY for dates without a time (date of service, birth). */
export function shortDate(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('MM/DD/YY') : '';
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A visit-info value as shown (call screen, Call Log Details): a date (DOS, as the roster gives it) MM/DD/YY
 * like the other dates without a time; anything else as it is. */
export function visitInfoText(value: unknown): string {
  if (value == null) return '';
  return typeof value === 'string' && ISO_DATE.test(value) ? shortDate(value) : String(value);
}

// Project facts the escalation detail shows (spec §3 Project fields; platform §3 project types).
export const PROJECT_TYPES: Record<number, string> = {
  1: 'Patient Satisfaction Experience', 2: 'CG CAHPS', 3: 'Pharmacy Experience', 4: 'Market Research', 5: 'Health Plan',
  6: 'ER', 7: 'Urgent Care', 8: 'Special Program', 9: 'Provider', 10: 'Nutrition', 11: 'School Health',
  12: 'Fee Perception', 13: 'Communication', 14: 'Employee Engagement', 15: 'Provider Engagement', 16: 'Other',
};
// shared-util's, the same names as the projects screens; re-exported for the escalation detail
export { CONTACT_TYPES };
/** The project's reporting frequency by name (Quarterly for 3 months); an unlisted one by its months. */
export const reportingPeriod = (months: number | null | undefined) =>
  !months ? '' : REPORT_FREQUENCIES[months] ?? `Every ${months} months`;

/** A surveyor's name, or their id while calling has not heard of them yet. */
export const personName = (p: { id?: number | null; firstName?: string | null; lastName?: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ') || (p.id ? `Surveyor #${p.id}` : '');

export interface SurveyAnswerLike {
  quesId: number;
  sequence?: number | null;
  question?: string | null;
  answer?: string | null;
  openEnded?: string | null;
}

/** A call's survey answers as the details show them: one line per question in questionnaire order, the answers of
 * a Multiple question joined, open-ended text as written. */
export function surveyAnswerLines(survey: SurveyAnswerLike[] | null | undefined): { quesId: number; question: string; answer: string }[] {
  const lines = new Map<number, { quesId: number; sequence: number; question: string; answers: string[] }>();
  for (const a of survey ?? []) {
    const line = lines.get(a.quesId) ?? { quesId: a.quesId, sequence: a.sequence ?? Number.MAX_SAFE_INTEGER,
      question: a.question || `Question ${a.quesId}`, answers: [] };
    const text = a.openEnded ?? a.answer;
    if (text) line.answers.push(text);
    lines.set(a.quesId, line);
  }
  return [...lines.values()].sort((x, y) => x.sequence - y.sequence)
    .map(({ quesId, question, answers }) => ({ quesId, question, answer: answers.join('; ') }));
}
