// @vitest-environment node
// Node's own fetch / Request / AbortSignal: under jsdom, undici's Request rejects jsdom's AbortSignal.
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { vi } from 'vitest';
import { RESPONSE_TIMEOUT_MS, TOTAL_TIMEOUT_MS } from '@frontend/shared-util';
import { sessionExpired } from './auth-slice';
import { GET_ATTEMPTS, GET_RETRY_DELAYS_MS, appBaseQuery, keepsFormValues } from './base-api';

type Reply = { status: number; body: unknown } | 'hang';

/** A fetch that answers from a script, one entry per request, recording when each request started. */
function scriptedFetch(script: Reply[]) {
  const started: number[] = [];
  const aborted: number[] = [];
  const fn = vi.fn((req: Request) => {
    const n = started.push(Date.now()) - 1;
    const reply = script[Math.min(n, script.length - 1)];
    if (reply === 'hang') {
      return new Promise<Response>((_, reject) => {
        req.signal.addEventListener('abort', () => {
          aborted.push(n);
          reject(req.signal.reason ?? new DOMException('aborted', 'AbortError'));
        });
      });
    }
    return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', fn);
  return { fn, started, aborted };
}

function fakeApi(signal = new AbortController().signal) {
  return {
    signal,
    abort: vi.fn(),
    dispatch: vi.fn(),
    getState: () => ({ auth: { token: 't0k' } }),
    extra: undefined,
    endpoint: 'test',
    type: 'query',
  } as unknown as BaseQueryApi & { dispatch: ReturnType<typeof vi.fn> };
}

const t0 = new Date('2026-01-01T00:00:00Z').getTime();
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(t0);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const fail500 = { status: 500, body: { message: 'boom' } };
const ok = { status: 200, body: { data: 1 } };

describe('GET retries', () => {
  it('makes 3 attempts in all, waiting 1 s then 2 s, and reports the last failure', async () => {
    expect(GET_ATTEMPTS).toBe(3);
    expect(GET_RETRY_DELAYS_MS).toEqual([1000, 2000]);
    const f = scriptedFetch([fail500]);
    const done = appBaseQuery('/things', fakeApi(), {});
    await vi.advanceTimersByTimeAsync(999);
    expect(f.fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(f.fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.fn).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(f.fn).toHaveBeenCalledTimes(3);
    expect(f.started.map((t) => t - t0)).toEqual([0, 1000, 3000]);
    await expect(done).resolves.toEqual({ error: { status: 500, message: 'boom' } });
  });

  it('stops retrying once an attempt succeeds', async () => {
    const f = scriptedFetch([fail500, ok]);
    const done = appBaseQuery('/things', fakeApi(), {});
    await vi.advanceTimersByTimeAsync(10_000);
    expect(f.fn).toHaveBeenCalledTimes(2);
    await expect(done).resolves.toEqual({ data: { data: 1 } });
  });

  it('does not retry a 4xx, nor any other method', async () => {
    const f = scriptedFetch([{ status: 404, body: { message: 'Not found' } }]);
    const a = appBaseQuery('/things', fakeApi(), {});
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(a).resolves.toEqual({ error: { status: 404, message: 'Not found' } });
    expect(f.fn).toHaveBeenCalledTimes(1);

    const g = scriptedFetch([fail500]);
    const b = appBaseQuery({ url: '/things', method: 'POST', body: {} }, fakeApi(), {});
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(b).resolves.toMatchObject({ error: { status: 500 } });
    expect(g.fn).toHaveBeenCalledTimes(1);
  });

  it('retries a GET answered "not known to the ... service yet" (created a moment ago in another service)', async () => {
    const notYet = { status: 404, body: { statusCode: 404, message: 'Project 12 is not known to the rosters service yet; it '
      + 'may have been created a moment ago - try again shortly' } };
    const f = scriptedFetch([notYet, ok]);
    const done = appBaseQuery('/sampling?projectId=12', fakeApi(), {});
    await vi.advanceTimersByTimeAsync(10_000);
    expect(f.started.map((t) => t - t0)).toEqual([0, 1000]);
    await expect(done).resolves.toEqual({ data: { data: 1 } });

    const still = scriptedFetch([notYet]);
    const later = appBaseQuery('/sampling?projectId=12', fakeApi(), {});
    await vi.advanceTimersByTimeAsync(10_000);
    expect(still.fn).toHaveBeenCalledTimes(3);
    await expect(later).resolves.toEqual({ error: { status: 404, message: notYet.body.message } });

    const post = scriptedFetch([notYet]);
    const change = appBaseQuery({ url: '/roster/12', method: 'POST', body: {} }, fakeApi(), {});
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(change).resolves.toMatchObject({ error: { status: 404 } });
    expect(post.fn).toHaveBeenCalledTimes(1);
  });
});

describe('timeouts', () => {
  it('marks a response that takes more than 120 s as (timeout) and retries it', async () => {
    const f = scriptedFetch(['hang', ok]);
    const done = appBaseQuery('/slow', fakeApi(), {});
    await vi.advanceTimersByTimeAsync(RESPONSE_TIMEOUT_MS - 1);
    expect(f.aborted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.aborted).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.fn).toHaveBeenCalledTimes(2);
    await expect(done).resolves.toEqual({ data: { data: 1 } });
  });

  it('a single hanging POST ends at 120 s with status 0 and (timeout)', async () => {
    scriptedFetch(['hang']);
    const done = appBaseQuery({ url: '/slow', method: 'POST', body: {} }, fakeApi(), {});
    await vi.advanceTimersByTimeAsync(RESPONSE_TIMEOUT_MS);
    const r = await done;
    expect(r.error).toMatchObject({ status: 0 });
    expect(r.error?.message).toMatch(/\(timeout\)$/);
  });

  it('aborts the request in flight at 180 s in total and retries no more', async () => {
    // attempt 1 hangs until 120 s, pause 1 s, attempt 2 starts at 121 s and would run until 241 s.
    const f = scriptedFetch(['hang']);
    const done = appBaseQuery('/slow', fakeApi(), {});
    await vi.advanceTimersByTimeAsync(RESPONSE_TIMEOUT_MS + 1000);
    expect(f.fn).toHaveBeenCalledTimes(2);
    expect(f.aborted).toEqual([0]);
    await vi.advanceTimersByTimeAsync(TOTAL_TIMEOUT_MS - RESPONSE_TIMEOUT_MS - 1000 - 1);
    expect(f.aborted).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.aborted).toEqual([0, 1]);
    const r = await done;
    expect(r.error).toMatchObject({ status: 0 });
    expect(r.error?.message).toMatch(/\(timeout\)$/);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(f.fn).toHaveBeenCalledTimes(2);
  });

  it('a call cancelled by its caller ends as (aborted) without retries', async () => {
    const f = scriptedFetch(['hang']);
    const caller = new AbortController();
    const done = appBaseQuery('/slow', fakeApi(caller.signal), {});
    await vi.advanceTimersByTimeAsync(10);
    caller.abort();
    const r = await done;
    expect(r.error?.message).toMatch(/\(aborted\)$/);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(f.fn).toHaveBeenCalledTimes(1);
  });
});

describe('Session Expired', () => {
  it('a 4xx saying Session Expired forces logout', async () => {
    scriptedFetch([{ status: 401, body: { statusCode: 401, message: 'Session Expired' } }]);
    const api = fakeApi();
    const r = await appBaseQuery('/users', api, {});
    expect(r.error).toEqual({ status: 401, message: 'Session Expired' });
    expect(api.dispatch).toHaveBeenCalledWith(sessionExpired());
  });

  it('other 401s and a 5xx saying Session Expired do not', async () => {
    scriptedFetch([{ status: 401, body: { message: 'Invalid credentials' } }]);
    const api = fakeApi();
    await appBaseQuery('/users', api, {});
    scriptedFetch([{ status: 500, body: { message: 'Session Expired' } }]);
    const p = appBaseQuery({ url: '/users', method: 'PUT' }, api, {});
    await vi.advanceTimersByTimeAsync(0);
    await p;
    expect(api.dispatch).not.toHaveBeenCalled();
  });

  it('sends the bearer token', async () => {
    const f = scriptedFetch([ok]);
    await appBaseQuery('/users', fakeApi(), {});
    expect((f.fn.mock.calls[0][0] as Request).headers.get('Authorization')).toBe('Bearer t0k');
  });
});

describe('forms on failure (spec §8)', () => {
  it('keep what was typed after the server refused it (400, 409 duplicate, 422 invalid); any other failure resets them', () => {
    expect(keepsFormValues({ status: 400, message: 'name: too short' })).toBe(true);
    expect(keepsFormValues({ status: 409, message: 'Email already in use' })).toBe(true);
    expect(keepsFormValues({ status: 422, message: 'firstName: String should have at most 100 characters' })).toBe(true);
    for (const status of [0, 401, 403, 404, 500, 503]) expect(keepsFormValues({ status, message: 'x' })).toBe(false);
    expect(keepsFormValues(new Error('thrown'))).toBe(false);
    expect(keepsFormValues(undefined)).toBe(false);
  });
});
