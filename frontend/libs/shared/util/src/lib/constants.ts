// Business constants from the platform spec §9. One place, so screens and tests agree.
export const APP_VERSION = '0.5.2';
export const DEFAULT_ERROR_TEXT =
  'Something went wrong. Please try again later with/after a refresh. If you continue to see this error contact system administrator.';
export const OFFLINE_TEXT = 'You are offline. Your answers are saved and will auto-resubmit when back online.';
export const NOT_FOUND_TEXT = 'the page you are looking for is not found';
/** Said on the role's home page after opening an address of another role (spec §2.1 sends the user to /, which is their home). */
export const NOT_ALLOWED_TEXT = 'You do not have access to that page, so you are on your home page.';
export const ALERT_MS = 10_000;
export const ROSTER_ALERT_MS = 180_000;
export const PAGE_SIZES = [1, 5, 10, 25, 50, 100, 200, 500, 1000, 5000] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const SEARCH_MIN = 2;
export const NAV_EXPANDED = 300;
export const NAV_COLLAPSED = 75;
export const MOBILE_MAX_WIDTH = 1300;
/** The statistics charts' colours (spec §9): orange (surveys), blue (attempts), the black line (a rate or a count). */
export const CHART_COLORS = ['#f57c00', '#1976d2', '#000000'];
export const IDLE = {
  normal: { wait: 600, warnAt: 60 },
  survey: { wait: 90, warnAt: 30 },
  cimrSurveyor: { wait: 1800, warnAt: 60 },
} as const;
export const TOKEN_REFRESH_S = 360;
export const OTP_LIFETIME_S = 300;
export const OTP_START_S = 299; // the dialog opens at 4:59
export const OTP_RESEND_BELOW_S = 240;
export const RESPONSE_TIMEOUT_MS = 120_000;
export const TOTAL_TIMEOUT_MS = 180_000;
export const USER_KEY_STORAGE = 'userKey';
/** Environment flag (development, beta, staging, production) baked in at build time. */
declare const __APP_ENV__: string | undefined;
export const APP_ENV: string = typeof __APP_ENV__ !== 'undefined' ? __APP_ENV__ : 'production';
/** The call dispositions a surveyor chooses from (survey-work §3), the same list on the call screen and the
 * questionnaire viewer. Result 1 is chosen as "Agreed to Survey"; a saved result 1 is shown as "Survey Complete"
 * (the calling data-access's result names). */
export const CALL_DISPOSITIONS: readonly { id: number; label: string }[] = [
  { id: 1, label: 'Agreed to Survey' },
  { id: 2, label: 'Do Not Call' },
  { id: 3, label: 'Respondent Refused' },
  { id: 4, label: 'No Answer or Voicemail Recording' },
  { id: 5, label: 'Respondent Unavailable' },
  { id: 6, label: 'Scheduled Another Time to Contact' },
  { id: 7, label: 'Incorrect Roster Information' },
];
/** The surveys service's answer (404) when a project's questionnaire has no text in the chosen language: an empty
 * state the questionnaire pane shows, not a failure. */
export const NO_QUESTIONNAIRE_TEXT = 'No questionnaire found... Please try later or try choosing English...';
/** Project reporting frequencies by their number of months (spec §3), shown by projects and calling alike. */
export const REPORT_FREQUENCIES: Record<number, string> = { 1: 'Monthly', 2: 'BiMonthly', 3: 'Quarterly', 6: 'SemiAnnually', 12: 'Annually' };
/** Client and project contact types (spec §3), shown by projects and calling alike. */
export const CONTACT_TYPES: Record<number, string> = {
  0: 'Primary Contact', 1: 'IT Contact', 2: 'Billing Contact', 3: 'Reporting Contact', 4: 'SR Contact',
};

/** Survey status of a call with a result (survey-work §4): it ends partial if Partial Survey was ticked or the
 * result is not Agreed to Survey, otherwise completed; a call without a result has none yet. One rule for the call
 * log, its details and the called-roster export. */
export function surveyStatus(call: { result?: number | null; isPartial?: boolean | null }): string {
  if (!call.result) return '';
  return call.result !== 1 || call.isPartial ? 'Partial' : 'Completed';
}
