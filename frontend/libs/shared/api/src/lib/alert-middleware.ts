// Turns every failed call into an alert and every successful change's server message into a green notice.
import { isFulfilled, isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { failureAlert, successNotice } from './alert-slice';
import type { AppError } from './base-api';

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
    if (!(err.status >= 400 && err.status < 500 && err.message === 'Session Expired')) {
      store.dispatch(failureAlert(err.status, err.message));
    }
  } else if (isFulfilled(action) && meta?.arg?.type === 'mutation' && !QUIET_SUCCESS.has(endpoint)) {
    const message = (action.payload as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message) store.dispatch(successNotice(message));
  }
  return result;
};
