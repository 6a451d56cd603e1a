// Business constants from the platform spec §9. One place, so screens and tests agree.
export const APP_VERSION = '0.5.2';
export const DEFAULT_ERROR_TEXT =
  'Something went wrong. Please try again later with/after a refresh. If you continue to see this error contact system administrator.';
export const OFFLINE_TEXT = 'You are offline. Your answers are saved and will auto-resubmit when back online.';
export const NOT_FOUND_TEXT = 'the page you are looking for is not found';
export const ALERT_MS = 10_000;
export const ROSTER_ALERT_MS = 180_000;
export const PAGE_SIZES = [1, 5, 10, 25, 50, 100, 200, 500, 1000, 5000] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const SEARCH_MIN = 2;
export const NAV_EXPANDED = 300;
export const NAV_COLLAPSED = 75;
export const MOBILE_MAX_WIDTH = 1300;
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
