import { clearStoredData } from '@frontend/shared-util';
import {
  DRAFT_MAX_AGE_MS, canonical, fingerprint, getDraft, isOfflineError, listDrafts, putDraft, purgeExpired,
  rememberedLanguage, rememberLanguage, removeDraft, resubmitPending, submitWithQueue,
} from './draft-queue';

const offline = Object.assign(new Error('offline'), { status: 'FETCH_ERROR' });
const result = { id: 7, projectId: 3, visitId: 70, visitorId: 'P70', result: 4, isPartial: true };

describe('draft queue', () => {
  beforeEach(() => localStorage.clear());

  it('fingerprints by content, not key order', () => {
    expect(canonical({ b: 1, a: [1, { d: 2, c: null }] })).toBe('{"a":[1,{"c":null,"d":2}],"b":1}');
    expect(fingerprint({ a: 1, b: 2 })).toBe(fingerprint({ b: 2, a: 1 }));
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: 2 }));
    expect(fingerprint({ a: 1 })).toMatch(/^[0-9a-f]{16}$/);
  });

  it('stores before sending and removes on success; an identical resend is skipped', async () => {
    const sent: unknown[] = [];
    const send = vi.fn(async (p: unknown) => {
      expect(getDraft('result', 3, 7)).not.toBeNull(); // unsaved copy exists while the request is in flight
      sent.push(p);
    });
    expect((await submitWithQueue('result', 3, 7, result, send)).outcome).toBe('sent');
    expect(getDraft('result', 3, 7)).toBeNull();
    expect((await submitWithQueue('result', 3, 7, { ...result }, send)).outcome).toBe('skipped');
    expect(send).toHaveBeenCalledTimes(1);
    expect((await submitWithQueue('result', 3, 7, { ...result, result: 3 }, send)).outcome).toBe('sent');
    expect(sent).toHaveLength(2);
  });

  it('keeps an offline failure with its attempts and reason, then resubmits it exactly once', async () => {
    const failing = vi.fn(async () => { throw offline; });
    expect((await submitWithQueue('result', 3, 7, result, failing)).outcome).toBe('offline');
    expect((await submitWithQueue('result', 3, 7, result, failing)).outcome).toBe('offline');
    const d = getDraft('result', 3, 7);
    expect(d?.attempts).toBe(2);
    expect(d?.reason).toBe('offline');
    const landed: unknown[] = [];
    const ok = vi.fn(async (p: unknown) => { landed.push(p); });
    expect(await resubmitPending({ result: ok, survey: ok })).toBe(1);
    expect(await resubmitPending({ result: ok, survey: ok })).toBe(0);
    expect(landed).toEqual([result]);
    expect(listDrafts()).toEqual([]);
  });

  it('an error from the server is "failed" (unknown), not offline', async () => {
    const bad = vi.fn(async () => { throw Object.assign(new Error('bad'), { status: 400, data: { message: 'x' } }); });
    expect((await submitWithQueue('survey', 3, 7, { survey: [] }, bad)).outcome).toBe('failed');
    expect(getDraft('survey', 3, 7)?.reason).toBe('unknown');
    expect(isOfflineError({ status: 'FETCH_ERROR' })).toBe(true);
    expect(isOfflineError({ status: 500 })).toBe(false);
    expect(isOfflineError({ status: 503 })).toBe(true); // "Database unavailable, try again"
    expect(isOfflineError({ status: 502 })).toBe(true); // the gateway found no service
    expect(isOfflineError({ status: 409 })).toBe(false);
    expect(isOfflineError({ status: 500 }, false)).toBe(true);
  });

  it('drops drafts older than 24 hours', () => {
    const t0 = 1_000_000;
    putDraft('answers', 3, 7, [{ quesId: 1, sequence: 1, ansId: 2, openEnded: null }], t0);
    putDraft('answers', 3, 8, [], t0 + DRAFT_MAX_AGE_MS);
    purgeExpired(t0 + DRAFT_MAX_AGE_MS + 1);
    expect(getDraft('answers', 3, 7, t0 + DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(getDraft('answers', 3, 8, t0 + DRAFT_MAX_AGE_MS + 1)).not.toBeNull();
  });

  it('remembers the survey language of a call with its Restore copy: gone with it, after 24 h, and at logout', () => {
    const t0 = 1_000_000;
    rememberLanguage(3, 7, 4, t0);
    rememberLanguage(3, 8, 2, t0);
    expect(rememberedLanguage(3, 7, t0 + DRAFT_MAX_AGE_MS)).toBe(4);
    expect(rememberedLanguage(3, 7, t0 + DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(rememberedLanguage(3, 9, t0)).toBeNull();
    removeDraft('answers', 3, 7); // Discard, a save or leaving the call
    expect(rememberedLanguage(3, 7, t0)).toBeNull();
    expect(rememberedLanguage(3, 8, t0)).toBe(2);
    purgeExpired(t0 + DRAFT_MAX_AGE_MS + 1);
    expect(Object.keys(localStorage)).toEqual([]);
    rememberLanguage(3, 8, 2);
    clearStoredData(4);
    expect(rememberedLanguage(3, 8)).toBeNull();
  });

  it('logout keeps a fresh unsent save (as the signing-out user\'s) and drops a stale one and everything else', async () => {
    const now = Date.now();
    const failing = async () => { throw Object.assign(new Error('offline'), { status: 'FETCH_ERROR' }); };
    await submitWithQueue('result', 3, 7, result, failing, now);
    await submitWithQueue('survey', 3, 7, { survey: [] }, failing, now);
    await submitWithQueue('result', 3, 8, result, failing, now - DRAFT_MAX_AGE_MS - 1);
    putDraft('answers', 3, 7, []);
    await submitWithQueue('result', 3, 9, result, async () => undefined); // landed: a "sent" fingerprint
    localStorage.setItem('auth', JSON.stringify({ token: 't' }));
    localStorage.setItem('other', 'x');
    clearStoredData(4, now);
    expect(listDrafts(undefined, now).map((d) => [d.kind, d.callId, d.userId])).toEqual([['result', 7, 4], ['survey', 7, 4]]);
    expect(Object.keys(localStorage).sort()).toEqual(['surveyops.call.result.3.7', 'surveyops.call.survey.3.7']);
  });
});
