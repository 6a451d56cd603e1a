// The business calendar (spec §9: business time zone America/Chicago). The servers count calls per business day
// in that zone, so a screen asking for "today" or "this week" names the days the same way, wherever the browser is.
export const BUSINESS_TZ = 'America/Chicago';

const ISO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TZ, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's business day as YYYY-MM-DD. */
export function businessToday(now: Date = new Date()): string {
  return ISO_DAY.format(now);
}

/** A server instant (ISO, UTC; the servers may leave out the Z) as a Date. */
const instantDate = (instant: string) => new Date(/(Z|[+-]\d\d:?\d\d)$/i.test(instant) ? instant : `${instant}Z`);

/** The business day of a server instant. */
export function businessDayOf(instant: string): string {
  return businessToday(instantDate(instant));
}

const CENTRAL_TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TZ, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h12',
});

/** A server instant as MM/DD/YYYY hh:mm:ss AM/PM in Central time, unmarked: a CSV cell, as the servers' exports
 * write it (a spreadsheet reads it as a date-time); '' without one. */
export function centralTimestamp(instant: string | null | undefined): string {
  if (!instant) return '';
  const p = Object.fromEntries(CENTRAL_TIME.formatToParts(instantDate(instant)).map((x) => [x.type, x.value]));
  return `${p['month']}/${p['day']}/${p['year']} ${p['hour']}:${p['minute']}:${p['second']} ${p['dayPeriod']}`;
}

/** A server instant as MM/DD/YYYY hh:mm:ss AM/PM in Central time, marked CST (spec §9) on screens; '' without one. */
export function centralDateTime(instant: string | null | undefined): string {
  return instant ? `${centralTimestamp(instant)} CST` : '';
}

/** MM/DD/YYYY of an ISO day (or of the day part of an ISO instant), as the date pickers show it. */
export function usDay(isoDay: string): string {
  const [y, m, d] = isoDay.slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}

/** MM/DD/YYYY of a server instant's business day (Central time); '' without one. */
export function centralDay(instant: string | null | undefined): string {
  return instant ? usDay(businessDayOf(instant)) : '';
}

/** MM/DD/YY of an ISO day (spec §9 short date). */
export function shortDay(isoDay: string): string {
  const [y, m, d] = isoDay.split('-');
  return `${m}/${d}/${y.slice(2)}`;
}

/** The day `n` days after (or before) an ISO day. */
export function addDays(isoDay: string, n: number): string {
  const [y, m, d] = isoDay.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Monday to Sunday of the business week holding the ISO day (weeks start on Monday, as in the call stats). */
export function businessWeek(isoDay: string): { from: string; to: string } {
  const [y, m, d] = isoDay.split('-').map(Number);
  const sinceMonday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  const from = addDays(isoDay, -sinceMonday);
  return { from, to: addDays(from, 6) };
}

/** A surveyor's goal for the week holding `today` (Current Week Minimum Surveys): the latest weekly goal history week
 * starting on or before it, else the assignment's weekly goal — the rule the servers use for My Projects and My
 * Surveyors, so Project Details, the call screen and the lists show one figure. */
export function currentWeekGoal(
  g: { surveyorGoals: number; assignmentHistory?: { weekDate: string; weekGoals: number }[] | null },
  today: string,
): number {
  const started = (g.assignmentHistory ?? []).filter((w) => w.weekDate.slice(0, 10) <= today);
  const latest = started.reduce<{ weekDate: string; weekGoals: number } | undefined>(
    (a, w) => (!a || w.weekDate > a.weekDate ? w : a), undefined);
  return latest?.weekGoals ?? g.surveyorGoals;
}

/** A week of the weekly goal history as shown: a saved week, or (`fromAssignment`) the current week that has no row
 * of its own and so takes the assignment's goals (what GET assignment-history/week-data reads for it). */
export type ShownWeek<W extends { weekDate: string; weekGoals: number; weekCompGoals: number }> =
  (W & { fromAssignment?: false }) | { weekDate: string; weekGoals: number; weekCompGoals: number; fromAssignment: true };

/** The weekly goal history with the current week shown even before anyone saves a week: while no saved week starts on
 * or before `today`, the assignment's goals apply to this week (`currentWeekGoal`), so the history lists this week's
 * Monday with them, first of the later weeks. Nothing is stored: Add Week (or editing a goal) saves a week. */
export function historyWithCurrentWeek<W extends { weekDate: string; weekGoals: number; weekCompGoals: number }>(
  g: { surveyorGoals: number; surveyorCompGoals: number; assignmentHistory?: W[] | null },
  today: string,
): ShownWeek<W>[] {
  const saved = [...(g.assignmentHistory ?? [])].sort((a, b) => a.weekDate.localeCompare(b.weekDate));
  if (saved.some((w) => w.weekDate.slice(0, 10) <= today)) return saved;
  const current = { weekDate: businessWeek(today).from, weekGoals: g.surveyorGoals, weekCompGoals: g.surveyorCompGoals,
    fromAssignment: true as const };
  return [current, ...saved];
}
