// Turns every failed call into an alert and every successful change's server message into a green notice.
import { isFulfilled, isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { failureAlert, successNotice } from './alert-slice';
import type { AppError } from './base-api';
import { NO_QUESTIONNAIRE_TEXT } from '@frontend/shared-util';

/** Calls whose outcome the screen itself presents (sign-in steps, token checks, refresh). */
const QUIET = new Set([
  'identityRefreshSession',
  'identityResetOtpStatus',
  'identityPasswordTokenVerify',
  'identitySignOut',
  'identityRevealExternalPassword',
  // survey-work §8: a failed Surveyors Called Roster Export is only logged, with the loader closing
  'rostersCalledRosterExport',
]);

/** Calls whose success the screen itself shows (the sign-in steps move on instead of announcing). */
const QUIET_SUCCESS = new Set(['identitySignIn', 'identityVerifyOtp', 'identitySendOtp']);

/** Empty states the screen shows in place (spec §8 lists them as empty states, not failures): a project's
 * questionnaire missing in the chosen language is said in the questionnaire pane. */
const isEmptyState = (endpoint: string, err: AppError) =>
  endpoint === 'surveysGetQuestionnaire' && err.status === 404 && err.message === NO_QUESTIONNAIRE_TEXT;

interface RtkMeta {
  arg?: { endpointName?: string; type?: 'query' | 'mutation' };
}

export const alertMiddleware: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  const meta = (action as { meta?: RtkMeta }).meta;
  const endpoint = meta?.arg?.endpointName;
  if (!endpoint || QUIET.has(endpoint)) return result;
  if (isRejectedWithValue(action)) {
    const err = action.payload as AppError;
    // Session Expired is handled by logging out, not by an alert.
    if (!(err.status >= 400 && err.status < 500 && err.message === 'Session Expired') && !isEmptyState(endpoint, err)) {
      store.dispatch(failureAlert(err.status, err.message));
    }
  } else if (isFulfilled(action) && meta?.arg?.type === 'mutation' && !QUIET_SUCCESS.has(endpoint)) {
    const message = (action.payload as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message) store.dispatch(successNotice(message));
  }
  return result;
};
