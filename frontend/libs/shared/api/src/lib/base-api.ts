// The one RTK Query api for base /api. Endpoints are injected by the generated files in ./generated
// (tools/codegen.mjs) and given cache tags in ./endpoints.ts.
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { RESPONSE_TIMEOUT_MS, TOTAL_TIMEOUT_MS } from '@frontend/shared-util';
import { sessionExpired } from './auth-slice';

/** Every failure, whatever its origin, is normalised to this. Status 0 means no HTTP answer. */
export interface AppError {
  status: number;
  message: string;
}

/** The answers that mean "the server refused what was typed": our services answer bad input with 422 (FastAPI
 * validation) and a duplicate with 409, where the spec names 400. */
const INPUT_REFUSED_STATUSES: readonly number[] = [400, 409, 422];

/**
 * Spec §8 "Forms reset on failure ... 400 keeps the form open": a refusal of what was typed (400, 409, 422) keeps
 * it in the form to be corrected; any other failure (no answer, not allowed, a server error) resets the form.
 */
export const keepsFormValues = (error: unknown): boolean =>
  INPUT_REFUSED_STATUSES.includes((error as Partial<AppError> | null | undefined)?.status ?? -1);

interface AuthState {
  auth: { token: string | null };
}

const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: `${origin}/api`,
  credentials: 'include',
  timeout: RESPONSE_TIMEOUT_MS,
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as AuthState).auth?.token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

const NETWORK_MESSAGE = 'The network looks offline or the request was interrupted; your progress may be saved locally.';

/** A body that is not JSON: a proxy's plain-text reason is a message; its HTML error page (a 502 from nginx) is
 * none, so the alert shows the default error text rather than markup. */
const plainText = (body: string | undefined): string => {
  const text = (body ?? '').trim();
  return text && !/<[a-z!/][^>]*>/i.test(text) ? text.slice(0, 500) : '';
};

/** A failure without a message of its own has message '' (the alert then shows the default error text, spec §8). */
export function toAppError(error: FetchBaseQueryError): AppError {
  if (error.status === 'TIMEOUT_ERROR') return { status: 0, message: `${NETWORK_MESSAGE} (timeout)` };
  if (error.status === 'FETCH_ERROR') return { status: 0, message: `${NETWORK_MESSAGE} (aborted)` };
  if (error.status === 'PARSING_ERROR') {
    return { status: error.originalStatus, message: error.originalStatus >= 400 ? plainText(error.data) : error.error };
  }
  if (error.status === 'CUSTOM_ERROR') return { status: 0, message: error.error };
  const data = (error.data ?? {}) as { message?: unknown; error?: unknown; detail?: unknown };
  const message = [data.message, data.error, data.detail].find((m) => typeof m === 'string') as string | undefined;
  return { status: error.status, message: message ?? '' };
}

/** Generated endpoints may pass optional headers as null/undefined (e.g. Idempotency-Key): those are dropped. */
export type AppArgs = string | (Omit<FetchArgs, 'headers'> & { headers?: Record<string, string | null | undefined> });

function toFetchArgs(args: AppArgs): string | FetchArgs {
  if (typeof args === 'string' || !args.headers) return args as string | FetchArgs;
  const headers = Object.fromEntries(Object.entries(args.headers).filter((e): e is [string, string] => e[1] != null));
  return { ...args, headers };
}

const isGet = (args: string | FetchArgs) => typeof args === 'string' || !args.method || args.method.toUpperCase() === 'GET';

/**
 * Spec §7 "GET calls retry up to 3 times with growing delays (1 s, 2 s)": read as 3 attempts in all, the
 * second after 1 s and the third after 2 s (two delays are named, so two retries). Only GETs are retried,
 * and only when no HTTP answer came, the server failed (>= 500), or it answered 404 "... is not known to the
 * rosters service yet ..." (something created a moment ago in another service: events take milliseconds, so
 * the retry usually succeeds unseen; the screen shows the message only when all attempts said so).
 */
export const GET_ATTEMPTS = 3;
export const GET_RETRY_DELAYS_MS = [1000, 2000] as const;

const NOT_YET_KNOWN = /not known to the \w+ service yet/;

const transient = (error: FetchBaseQueryError) => typeof error.status !== 'number' || error.status >= 500
  || (error.status === 404 && NOT_YET_KNOWN.test(toAppError(error).message));

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const id = setTimeout(done, ms);
    function done() {
      clearTimeout(id);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Each attempt has the 120 s response timeout (fetchBaseQuery's `timeout`, reported as "(timeout)"). The whole
 * call, retries and pauses included, has 180 s: then the request in flight is aborted, no retry follows, and
 * the result is a "(timeout)" too.
 */
export const appBaseQuery: BaseQueryFn<AppArgs, unknown, AppError> = async (appArgs, api, extra) => {
  const args = toFetchArgs(appArgs);
  const call = new AbortController();
  let overTime = false;
  const timer = setTimeout(() => {
    overTime = true;
    call.abort();
  }, TOTAL_TIMEOUT_MS);
  const cancelled = () => call.abort(api.signal.reason);
  if (api.signal.aborted) call.abort(api.signal.reason);
  else api.signal.addEventListener('abort', cancelled, { once: true });
  const attempts = isGet(args) ? GET_ATTEMPTS : 1;
  let result: Awaited<ReturnType<typeof rawBaseQuery>>;
  try {
    for (let attempt = 1; ; attempt++) {
      result = await rawBaseQuery(args, { ...api, signal: call.signal }, extra as object);
      if (!result.error || call.signal.aborted || attempt >= attempts || !transient(result.error)) break;
      await pause(GET_RETRY_DELAYS_MS[attempt - 1], call.signal);
      if (call.signal.aborted) break;
    }
  } finally {
    clearTimeout(timer);
    api.signal.removeEventListener('abort', cancelled);
  }
  if (overTime) result = { error: { status: 'TIMEOUT_ERROR', error: 'total timeout' } };
  if (!result.error) return { data: result.data };
  const error = toAppError(result.error);
  if (error.status >= 400 && error.status < 500 && error.message === 'Session Expired') api.dispatch(sessionExpired());
  return { error };
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: appBaseQuery,
  // A screen opened again reads again once its cached answer is 30 s old: its figures change by other people and
  // other services (calls saved, comments cleaned, escalations resolved), which no cache tag of this client sees.
  refetchOnMountOrArgChange: 30,
  endpoints: () => ({}),
});
