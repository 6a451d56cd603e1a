import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface CimrManager {
  id: number;
  firstName: string;
  lastName: string;
  phoneNumber?: string | null;
}

export interface SessionUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  role: number;
  phoneNumber?: string | null;
  cimrList?: CimrManager[];
  langIds?: number[];
  languages?: string[];
}

export interface AuthState {
  token: string | null;
  user: SessionUser | null;
  /** Set when a 4xx "Session Expired" arrives; the shell's session manager logs out. */
  expired: boolean;
  /** Set by a logout in this page (the user's own, the idle countdown's, another tab's): the protected page left
   * behind sends to the plain login page, not to one that would bring the next user back to it (`?next=`, which
   * is only for an address opened while signed out). */
  signedOutHere?: boolean;
}

export const AUTH_STORAGE = 'auth';

function loadInitial(): AuthState {
  try {
    const raw = typeof localStorage !== 'undefined' ? localStorage.getItem(AUTH_STORAGE) : null;
    if (raw) {
      const parsed = JSON.parse(raw) as Partial<AuthState>;
      if (parsed.token && parsed.user) return { token: parsed.token, user: parsed.user, expired: false };
    }
  } catch {
    /* a corrupt entry means signed out */
  }
  return { token: null, user: null, expired: false };
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: loadInitial,
  reducers: {
    signedIn(state, action: PayloadAction<{ token: string; user: SessionUser }>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.expired = false;
      state.signedOutHere = false;
    },
    tokenRefreshed(state, action: PayloadAction<{ token: string; user?: SessionUser }>) {
      state.token = action.payload.token;
      if (action.payload.user) state.user = action.payload.user;
    },
    userUpdated(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
    },
    sessionExpired(state) {
      if (state.token) state.expired = true;
    },
    loggedOut() {
      return { token: null, user: null, expired: false, signedOutHere: true };
    },
  },
});

export const { signedIn, tokenRefreshed, userUpdated, sessionExpired, loggedOut } = authSlice.actions;
