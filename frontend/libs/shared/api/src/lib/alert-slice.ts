// Notices and alerts (spec §8). Success messages are green for 10 s; failures show the message, with the status
// code in a small detail line; network failures show the yellow offline alert; a 406 (roster upload) stays 180 s.
// A new success notice replaces the previous one; leaving a page clears its failure alerts (`pageLeft`).
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { ALERT_MS, DEFAULT_ERROR_TEXT, OFFLINE_TEXT, ROSTER_ALERT_MS } from '@frontend/shared-util';
import { signedIn } from './auth-slice';

/** `info` is a blue notice for an empty result (an empty export), not a failure; `warning` an orange one for a
 * conflict the server words as a warning (a comment someone else is cleaning), also not a failure. */
export type AlertKind = 'success' | 'info' | 'warning' | 'error' | 'offline' | 'roster';

export interface AppAlert {
  id: string;
  kind: AlertKind;
  text: string;
  /** A small second line, e.g. the status code of a failure ("Status 401"). */
  detail?: string;
  ttlMs: number;
  /** Raised as its page sends the user on (a failed call fetch back to My Projects): it stays through that one
   * page change. */
  carry?: boolean;
}

const OFFLINE_LIKE = /offline|interrupted|aborted|timeout|terminated/i;
// survey-work §8: the comment-cleaning conflicts ("Warning! This comment is already cleaned.") are warnings
const SERVER_WARNING = /^Warning!/;

/**
 * The text shown for a failure, in words for people: the server's message ("Invalid email or password"), with the
 * default text for status 0 and >= 500. The status code goes to the detail line (`failureDetail`).
 */
export function failureText(status: number, message?: string): string {
  const text = (message ?? '').trim();
  if (!text) return DEFAULT_ERROR_TEXT;
  return status === 0 || status >= 500 ? `${text} ${DEFAULT_ERROR_TEXT}` : text;
}

/** The detail line of a failure: its status code, when the server answered. */
export const failureDetail = (status: number): string | undefined => (status > 0 ? `Status ${status}` : undefined);

export function alertFor(status: number, message?: string): Omit<AppAlert, 'id'> {
  if (status === 0 && message && OFFLINE_LIKE.test(message)) return { kind: 'offline', text: OFFLINE_TEXT, ttlMs: ALERT_MS };
  const failure = { text: failureText(status, message), ...(failureDetail(status) ? { detail: failureDetail(status) } : {}) };
  if (status === 406) return { kind: 'roster', ...failure, ttlMs: ROSTER_ALERT_MS };
  if (status === 409 && message && SERVER_WARNING.test(message.trim())) return { kind: 'warning', text: message.trim(), ttlMs: ALERT_MS };
  return { kind: 'error', ...failure, ttlMs: ALERT_MS };
}

/** What the sign-in page says after a session ended by itself (the idle countdown at zero, the server's Session
 * Expired): the user may come back to the screen much later (a computer woken from sleep). */
export const SESSION_EXPIRED_TEXT = 'Session Expired. Please sign in again.';
const SESSION_EXPIRED_ALERT_MS = 60 * 60 * 1000;

/** Alerts that belong to the page they were raised on: a failure there means nothing on the next page. */
const PAGE_BOUND: readonly AlertKind[] = ['info', 'warning', 'error', 'roster'];

export const alertSlice = createSlice({
  name: 'alerts',
  initialState: { items: [] as AppAlert[], saving: 0 },
  reducers: {
    notice: {
      reducer(state, action: PayloadAction<AppAlert>) {
        // The same text twice in a row is one notice (e.g. a retried call); a success replaces the last success.
        const success = action.payload.kind === 'success';
        state.items = state.items.filter((a) => a.text !== action.payload.text && !(success && a.kind === 'success'));
        state.items.push(action.payload);
      },
      prepare(alert: Omit<AppAlert, 'id' | 'ttlMs'> & { ttlMs?: number }) {
        return { payload: { id: nanoid(), ttlMs: ALERT_MS, ...alert } };
      },
    },
    dismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((a) => a.id !== action.payload);
    },
    /** The user went to another page: its failure alerts go; success notices and the offline alert stay. */
    pageLeft(state) {
      // an alert carried through this change stays, and goes with the next one
      state.items = state.items.filter((a) => a.carry || !PAGE_BOUND.includes(a.kind))
        .map((a) => (a.carry ? { ...a, carry: false } : a));
    },
    /** A resubmit landed once the connection was back: the offline alert has said its piece. */
    backOnline(state) {
      state.items = state.items.filter((a) => a.kind !== 'offline');
    },
    savingStarted(state) {
      state.saving += 1;
    },
    savingEnded(state) {
      state.saving = Math.max(0, state.saving - 1);
    },
  },
  extraReducers: (builder) => {
    // signed in again: "Session Expired" is over, whether or not a page change used up its carry (the logout's
    // redirect to the sign-in page may come before or after it is raised)
    builder.addCase(signedIn, (state) => {
      state.items = state.items.filter((a) => a.text !== SESSION_EXPIRED_TEXT);
    });
  },
});

export const { notice, dismissed, pageLeft, backOnline, savingStarted, savingEnded } = alertSlice.actions;
export const failureAlert = (status: number, message?: string) => notice(alertFor(status, message));
export const successNotice = (text: string) => notice({ kind: 'success', text });
export const infoNotice = (text: string) => notice({ kind: 'info', text });
/** Raised once a session that ended by itself is forgotten: carried through the change to the sign-in page, it
 * stays there until the next sign-in (or an hour). */
export const sessionExpiredNotice = () =>
  notice({ kind: 'warning', text: SESSION_EXPIRED_TEXT, carry: true, ttlMs: SESSION_EXPIRED_ALERT_MS });
