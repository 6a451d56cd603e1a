// Notices and alerts (spec §8). Success messages are green for 10 s; failures show status and message;
// network failures show the yellow offline alert; a 406 (roster upload) stays 180 s.
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { ALERT_MS, DEFAULT_ERROR_TEXT, OFFLINE_TEXT, ROSTER_ALERT_MS } from '@frontend/shared-util';

export type AlertKind = 'success' | 'error' | 'offline' | 'roster';

export interface AppAlert {
  id: string;
  kind: AlertKind;
  text: string;
  ttlMs: number;
}

const OFFLINE_LIKE = /offline|interrupted|aborted|timeout|terminated/i;

/** The text shown for a failure: the server's message, with the default text for status 0 and >= 500. */
export function failureText(status: number, message?: string): string {
  if (status === 0 && !message) return DEFAULT_ERROR_TEXT;
  const base = `${status}: ${message ?? ''}`.trim();
  return status === 0 || status >= 500 ? `${base} ${DEFAULT_ERROR_TEXT}` : base;
}

export function alertFor(status: number, message?: string): Omit<AppAlert, 'id'> {
  if (status === 0 && message && OFFLINE_LIKE.test(message)) return { kind: 'offline', text: OFFLINE_TEXT, ttlMs: ALERT_MS };
  if (status === 406) return { kind: 'roster', text: failureText(status, message), ttlMs: ROSTER_ALERT_MS };
  return { kind: 'error', text: failureText(status, message), ttlMs: ALERT_MS };
}

export const alertSlice = createSlice({
  name: 'alerts',
  initialState: { items: [] as AppAlert[], saving: 0 },
  reducers: {
    notice: {
      reducer(state, action: PayloadAction<AppAlert>) {
        // The same text twice in a row is one notice (e.g. a retried call).
        state.items = state.items.filter((a) => a.text !== action.payload.text);
        state.items.push(action.payload);
      },
      prepare(alert: Omit<AppAlert, 'id' | 'ttlMs'> & { ttlMs?: number }) {
        return { payload: { id: nanoid(), ttlMs: ALERT_MS, ...alert } };
      },
    },
    dismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((a) => a.id !== action.payload);
    },
    savingStarted(state) {
      state.saving += 1;
    },
    savingEnded(state) {
      state.saving = Math.max(0, state.saving - 1);
    },
  },
});

export const { notice, dismissed, savingStarted, savingEnded } = alertSlice.actions;
export const failureAlert = (status: number, message?: string) => notice(alertFor(status, message));
export const successNotice = (text: string) => notice({ kind: 'success', text });
