import { USER_KEY_STORAGE } from './constants';

/** The device id sent with each sign-in; it survives logout on purpose (the server recognises the device). */
export function getUserKey(): string {
  let key = localStorage.getItem(USER_KEY_STORAGE);
  if (!key) {
    key = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
    localStorage.setItem(USER_KEY_STORAGE, key);
  }
  return key;
}

/** The call screen's offline drafts (calling feature-call `draft-queue`): `<prefix><kind>.<project>.<call>`; the
 * `<prefix>sent.` keys are fingerprints of what already landed, not drafts. */
export const CALL_DRAFT_PREFIX = 'surveyops.call.';
export const CALL_DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** The drafts that are unsent saves (a call result, a survey), as opposed to the answers kept for Restore. */
const UNSENT_KINDS = ['result', 'survey'];

interface StoredDraft { kind?: string; savedAt?: number; userId?: number; reason?: string }

function draftEntries(): [string, StoredDraft | null][] {
  const out: [string, StoredDraft | null][] = [];
  for (const k of Object.keys(localStorage)) {
    if (!k.startsWith(CALL_DRAFT_PREFIX) || k.startsWith(`${CALL_DRAFT_PREFIX}sent.`)) continue;
    try {
      out.push([k, JSON.parse(localStorage.getItem(k) ?? 'null') as StoredDraft | null]);
    } catch {
      out.push([k, null]);
    }
  }
  return out;
}

/** Whether the browser holds call saves that have not reached the server (kept over a logout or a reload). */
export function hasUnsentCallDrafts(): boolean {
  return draftEntries().some(([, d]) => UNSENT_KINDS.includes(d?.kind ?? ''));
}

/** Whether a call save waits to be resent for want of a connection (the call screen's offline drafts): a save still
 * in progress, as far as a reload is concerned (the page would not load again while offline). */
export function hasOfflineCallDrafts(now = Date.now()): boolean {
  return draftEntries().some(([, d]) => UNSENT_KINDS.includes(d?.kind ?? '') && d?.reason === 'offline'
    && typeof d.savedAt === 'number' && now - d.savedAt <= CALL_DRAFT_MAX_AGE_MS);
}

/**
 * Logout: wipe everything the browser holds for us except the device id and the unsent saves younger than 24 h
 * (the offline alert promised they would be resubmitted). Each kept draft is stamped with the id of the user who
 * made it: `ownerId` (the user signing out) for a draft written before drafts carried one; without an owner it
 * goes. Stale drafts, the Restore copies of answers and the "sent" fingerprints go with the rest.
 */
export function clearStoredData(ownerId?: number | null, now = Date.now()): void {
  const key = localStorage.getItem(USER_KEY_STORAGE);
  const kept: [string, StoredDraft][] = [];
  for (const [k, d] of draftEntries()) {
    if (!d || !UNSENT_KINDS.includes(d.kind ?? '') || typeof d.savedAt !== 'number') continue;
    if (now - d.savedAt > CALL_DRAFT_MAX_AGE_MS) continue;
    const userId = d.userId ?? ownerId ?? undefined;
    if (userId === undefined) continue;
    kept.push([k, { ...d, userId }]);
  }
  localStorage.clear();
  sessionStorage.clear();
  if (key) localStorage.setItem(USER_KEY_STORAGE, key);
  for (const [k, d] of kept) {
    try {
      localStorage.setItem(k, JSON.stringify(d));
    } catch {
      // storage full or disabled: nothing more can be kept
    }
  }
}

/**
 * Sent on window just before a logout that ends the session on the server (the Logout button, the idle countdown),
 * while the session still stands: a screen with work under way hands `waitFor` the promise of its wind-down (the call
 * screen gives its open call back, spec survey-work §4 "leaving ... releases the lock"); logout waits for it, within
 * its own time limit. A plain window event, as the shell and the remotes each bundle their own copy of this library.
 */
export const BEFORE_LOGOUT_EVENT = 'surveyops:before-logout';
export type BeforeLogoutDetail = { waitFor: (work: Promise<unknown>) => void };

/** Sign-in: drafts another user left on this browser (or none can be attributed to) go at once, unsent and unseen. */
export function keepDraftsOf(userId: number): void {
  for (const [k, d] of draftEntries()) if (!d || d.userId !== userId) localStorage.removeItem(k);
}

/** The `reme` cookie (base64 of the email) set by the server when "remember this account" was ticked. The server
 * sends a value holding "=" or "/" in double quotes (RFC 6265 quoted cookie-value), and the browser keeps them. */
export function rememberedEmail(): string {
  const m = document.cookie.match(/(?:^|;\s*)reme=([^;]+)/);
  if (!m) return '';
  try {
    return atob(decodeURIComponent(m[1].trim().replace(/^"(.*)"$/, '$1')));
  } catch {
    return '';
  }
}
