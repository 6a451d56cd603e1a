// Offline-safe saving for the call screen (survey-work §4). Every call result and survey save is written to
// localStorage as "unsaved" before it is sent and removed once the server confirms it; the fingerprint of the
// last payload that landed is kept so an identical resend is skipped. Failed sends record their attempt count
// and reason; offline ones are resubmitted when the browser comes back online. Drafts older than 24 h are
// dropped. Each draft records the id of the user who made it. Logout (shared-util `clearStoredData`) keeps the
// unsent result/survey drafts younger than 24 h (the offline alert promised them) and clears everything else;
// the next sign-in drops another user's drafts at once (`keepDraftsOf`), and the surveyor area resends the same
// user's as soon as the browser is online (`useResubmitSavedDrafts`), saying how many were sent. A draft the
// server no longer takes (404/409: the call is gone or closed) is removed and the user told, not retried.
// Drafts hold only what the save sends (ids, result, comments, answers), never the patient's name or phones.
import { AUTH_STORAGE } from '@frontend/shared-api';
import { CALL_DRAFT_MAX_AGE_MS, CALL_DRAFT_PREFIX } from '@frontend/shared-util';

export const DRAFT_PREFIX = CALL_DRAFT_PREFIX;
export const DRAFT_MAX_AGE_MS = CALL_DRAFT_MAX_AGE_MS;

export type DraftKind = 'result' | 'survey' | 'answers';
export type FailureReason = 'offline' | 'unknown';

export interface Draft<T = unknown> {
  kind: DraftKind;
  projectId: number;
  callId: number;
  payload: T;
  fingerprint: string;
  savedAt: number;
  attempts: number;
  reason?: FailureReason;
  /** The user who made it (absent on drafts written before drafts carried one). */
  userId?: number;
}

/** The signed-in user's id as the store keeps it across reloads. */
export function currentUserId(): number | undefined {
  try {
    const id = (JSON.parse(localStorage.getItem(AUTH_STORAGE) ?? 'null') as { user?: { id?: unknown } } | null)?.user?.id;
    return typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}

export type SubmitOutcome = 'sent' | 'skipped' | 'offline' | 'failed';

const key = (kind: DraftKind, projectId: number, callId: number) => `${DRAFT_PREFIX}${kind}.${projectId}.${callId}`;
const sentKey = (kind: DraftKind, projectId: number, callId: number) =>
  `${DRAFT_PREFIX}sent.${kind}.${projectId}.${callId}`;

/** A stable text for any JSON value: object keys sorted, so the same payload always gives the same text. */
export function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** FNV-1a 64-bit over the canonical text, as 16 hex digits. */
export function fingerprint(value: unknown): string {
  const text = canonical(value);
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    h ^= BigInt(text.charCodeAt(i));
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

function read<T>(k: string): Draft<T> | null {
  try {
    const raw = localStorage.getItem(k);
    return raw ? (JSON.parse(raw) as Draft<T>) : null;
  } catch {
    return null;
  }
}

function write(k: string, value: unknown): void {
  try {
    localStorage.setItem(k, JSON.stringify(value));
  } catch {
    // storage full or disabled: the save still goes to the server, only the offline copy is lost
  }
}

export function getDraft<T>(kind: DraftKind, projectId: number, callId: number, now = Date.now()): Draft<T> | null {
  const d = read<T>(key(kind, projectId, callId));
  if (d && now - d.savedAt > DRAFT_MAX_AGE_MS) {
    localStorage.removeItem(key(kind, projectId, callId));
    return null;
  }
  return d;
}

export function putDraft<T>(kind: DraftKind, projectId: number, callId: number, payload: T, now = Date.now()): Draft<T> {
  const previous = read<T>(key(kind, projectId, callId));
  const d: Draft<T> = {
    kind, projectId, callId, payload, fingerprint: fingerprint(payload), savedAt: now,
    attempts: previous?.attempts ?? 0, reason: previous?.reason, userId: currentUserId(),
  };
  write(key(kind, projectId, callId), d);
  return d;
}

export function removeDraft(kind: DraftKind, projectId: number, callId: number): void {
  localStorage.removeItem(key(kind, projectId, callId));
  if (kind === 'answers') localStorage.removeItem(languageKey(projectId, callId)); // it goes with the Restore copy
}

/** The survey language chosen on the call screen, kept with the call's Restore copy of the answers: Restore
 * responses brings it back with them (the survey is saved, and counted in a language's quota, in that language).
 * Under the `sent.` prefix like the Agreed memory: no draft to resend, dropped after 24 h by `purgeExpired`. */
const languageKey = (projectId: number, callId: number) => `${DRAFT_PREFIX}sent.language.${projectId}.${callId}`;

export function rememberLanguage(projectId: number, callId: number, languageId: number, now = Date.now()): void {
  write(languageKey(projectId, callId), { at: now, languageId });
}

/** The language remembered for the call, or null (none, or older than 24 h). */
export function rememberedLanguage(projectId: number, callId: number, now = Date.now()): number | null {
  try {
    const { at, languageId } = JSON.parse(localStorage.getItem(languageKey(projectId, callId)) ?? '{}') as
      { at?: number; languageId?: unknown };
    return !!at && now - at <= DRAFT_MAX_AGE_MS && typeof languageId === 'number' && languageId > 0 ? languageId : null;
  } catch {
    return null;
  }
}

/** Every stored draft of a kind (all when no kind), oldest first; expired ones are removed on the way. */
export function listDrafts(kind?: DraftKind, now = Date.now()): Draft[] {
  const out: Draft[] = [];
  for (const k of Object.keys(localStorage)) {
    if (!k.startsWith(DRAFT_PREFIX) || k.startsWith(`${DRAFT_PREFIX}sent.`)) continue;
    const d = read(k);
    if (!d) continue;
    if (now - d.savedAt > DRAFT_MAX_AGE_MS) {
      localStorage.removeItem(k);
      continue;
    }
    if (!kind || d.kind === kind) out.push(d);
  }
  return out.sort((a, b) => a.savedAt - b.savedAt);
}

/** Drop drafts (and sent fingerprints) older than 24 hours. */
export function purgeExpired(now = Date.now()): void {
  listDrafts(undefined, now);
  for (const k of Object.keys(localStorage)) {
    if (!k.startsWith(`${DRAFT_PREFIX}sent.`)) continue;
    try {
      const { at } = JSON.parse(localStorage.getItem(k) ?? '{}') as { at?: number };
      if (!at || now - at > DRAFT_MAX_AGE_MS) localStorage.removeItem(k);
    } catch {
      localStorage.removeItem(k);
    }
  }
}

/** Spec §4: choosing Agreed to Survey is remembered locally, so a surveyor who comes back to the call (a reload;
 * the server gives back the held call) finds it agreed again. Kept under the `sent.` prefix: it is no draft to
 * resend, and `purgeExpired` drops it after 24 h like the sent fingerprints. */
const agreedKey = (projectId: number, callId: number) => `${DRAFT_PREFIX}sent.agreed.${projectId}.${callId}`;

export function rememberAgreed(projectId: number, callId: number, now = Date.now()): void {
  write(agreedKey(projectId, callId), { at: now });
}

export function wasAgreed(projectId: number, callId: number, now = Date.now()): boolean {
  try {
    const { at } = JSON.parse(localStorage.getItem(agreedKey(projectId, callId)) ?? '{}') as { at?: number };
    return !!at && now - at <= DRAFT_MAX_AGE_MS;
  } catch {
    return false;
  }
}

export function forgetAgreed(projectId: number, callId: number): void {
  localStorage.removeItem(agreedKey(projectId, callId));
}

/** Whether the browser still holds unsaved answers or an Agreed choice of a call on this project: after a reload
 * the screen opens without its call while the server still holds that patient for the surveyor. */
export function hasOpenCall(projectId: number, now = Date.now()): boolean {
  if (listDrafts('answers', now).some((d) => d.projectId === projectId)) return true;
  const prefix = `${DRAFT_PREFIX}sent.agreed.${projectId}.`;
  return Object.keys(localStorage).some((k) => k.startsWith(prefix) && wasAgreed(projectId, Number(k.slice(prefix.length)), now));
}

export function lastSentFingerprint(kind: DraftKind, projectId: number, callId: number): string | null {
  try {
    const raw = localStorage.getItem(sentKey(kind, projectId, callId));
    return raw ? ((JSON.parse(raw) as { fp?: string }).fp ?? null) : null;
  } catch {
    return null;
  }
}

/** While offline drafts wait, the call screen also retries them this often: an unreachable API (a stopped gateway,
 * a database restart) fires no browser 'online' event when it comes back. */
export const RESUBMIT_INTERVAL_MS = 10_000;

/** Answers that mean "the server is unreachable or down, nothing was stored: send it again later". */
const UNAVAILABLE = new Set([502, 503, 504]);

/** A request that failed without reaching the server (RTK Query reports FETCH_ERROR / status 0), or that the
 * gateway or service answered 502/503/504 ("Database unavailable, try again"): treated as offline. */
export function isOfflineError(error: unknown, online = typeof navigator === 'undefined' || navigator.onLine): boolean {
  if (!online) return true;
  const status = (error as { status?: unknown } | null)?.status;
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || status === 0
    || (typeof status === 'number' && UNAVAILABLE.has(status));
}

/**
 * Save through the queue: store as unsaved, skip an identical resend of what already landed, send, and on
 * success remove the draft and remember its fingerprint. A failure keeps the draft with its attempt count and
 * reason (offline drafts are resubmitted by `resubmitPending`).
 */
export async function submitWithQueue<T>(
  kind: Exclude<DraftKind, 'answers'>, projectId: number, callId: number, payload: T,
  send: (payload: T) => Promise<unknown>, now = Date.now(),
): Promise<{ outcome: SubmitOutcome; error?: unknown }> {
  const fp = fingerprint(payload);
  if (lastSentFingerprint(kind, projectId, callId) === fp) {
    removeDraft(kind, projectId, callId);
    return { outcome: 'skipped' };
  }
  putDraft(kind, projectId, callId, payload, now);
  try {
    await send(payload);
  } catch (error) {
    const offline = isOfflineError(error);
    const d = read<T>(key(kind, projectId, callId));
    if (d) write(key(kind, projectId, callId), { ...d, attempts: d.attempts + 1, reason: offline ? 'offline' : 'unknown' });
    return { outcome: offline ? 'offline' : 'failed', error };
  }
  removeDraft(kind, projectId, callId);
  write(sentKey(kind, projectId, callId), { fp, at: now });
  return { outcome: 'sent' };
}

/** What a resubmit run did: how many landed, how many wait (offline), and the ones the server refused. */
export interface ResubmitSummary {
  landed: number;
  /** The calls whose saves all landed in this run. */
  sentCalls: number[];
  offline: number;
  /** Removed: the server answered 404/409 (the call is gone or no longer takes a save). */
  dropped: { draft: Draft; message: string }[];
  /** Kept: another failure (the server's message, e.g. a 400/422). */
  failed: { draft: Draft; message: string }[];
}

/** Answers meaning the call no longer takes this save: resending it can never succeed. */
const GONE = new Set([404, 409]);

/** Whether a failed save was answered 404/409: the call is gone or closed (released, expired, its result saved from
 * another tab), so its draft is no save to resend. */
export function isGoneError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && GONE.has(status);
}

/** The server's words for a refused save (the API client's `{ status, message }`, or a raw `{ data: { message } }`),
 * undefined when it gave none. */
export function serverMessage(error: unknown): string | undefined {
  const e = error as { message?: unknown; data?: { message?: unknown } } | null;
  const m = [e?.message, e?.data?.message].find((x) => typeof x === 'string' && x.trim()) as string | undefined;
  return m?.trim();
}

const messageOf = (error: unknown): string =>
  serverMessage(error) ?? `Status ${String((error as { status?: unknown } | null)?.status ?? 'unknown')}`;

let running: Promise<ResubmitSummary> | null = null;

/**
 * Resend every pending result/survey draft of the signed-in user (results first, oldest first); a draft with no
 * user is theirs (another user's were dropped at sign-in). One run at a time: a second caller (the call screen and
 * the surveyor area both listen for 'online') shares the run in progress, so nothing is sent twice at once.
 * With `dropGone`, a draft the server answers 404/409 is removed instead of kept.
 */
export function resubmitAll(
  senders: { result: (payload: unknown) => Promise<unknown>; survey: (payload: unknown) => Promise<unknown> },
  opts: { dropGone?: boolean; now?: number } = {},
): Promise<ResubmitSummary> {
  if (running) return running;
  running = (async () => {
    const now = opts.now ?? Date.now();
    const me = currentUserId();
    const summary: ResubmitSummary = { landed: 0, sentCalls: [], offline: 0, dropped: [], failed: [] };
    const pending = [...listDrafts('result', now), ...listDrafts('survey', now)]
      .filter((d) => d.userId === undefined || d.userId === me);
    for (let i = 0; i < pending.length; i++) {
      const d = pending[i];
      const kind = d.kind as 'result' | 'survey';
      const { outcome, error } = await submitWithQueue(kind, d.projectId, d.callId, d.payload, senders[kind], now);
      if (outcome === 'sent' || outcome === 'skipped') summary.landed++;
      else if (outcome === 'offline') {
        summary.offline = pending.length - i; // still offline: keep the rest for the next 'online'
        break;
      } else {
        if (opts.dropGone && isGoneError(error)) {
          removeDraft(kind, d.projectId, d.callId);
          summary.dropped.push({ draft: d, message: messageOf(error) });
        } else summary.failed.push({ draft: d, message: messageOf(error) });
      }
    }
    const unsent = new Set([...summary.dropped, ...summary.failed].map((f) => f.draft.callId));
    const stillWaiting = new Set(pending.slice(pending.length - summary.offline).map((d) => d.callId));
    summary.sentCalls = [...new Set(pending.map((d) => d.callId))]
      .filter((c) => !unsent.has(c) && !(summary.offline && stillWaiting.has(c)));
    return summary;
  })().finally(() => { running = null; });
  return running;
}

/** Resend every pending result/survey draft (results first, oldest first); returns how many landed. */
export async function resubmitPending(
  senders: { result: (payload: unknown) => Promise<unknown>; survey: (payload: unknown) => Promise<unknown> },
  now = Date.now(),
): Promise<number> {
  return (await resubmitAll(senders, { now })).landed;
}
