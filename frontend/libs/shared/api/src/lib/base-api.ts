// The one RTK Query api for base /api. Endpoints are injected by the generated files in ./generated
// (tools/codegen.mjs) and given cache tags in ./endpoints.ts.
import { createApi, fetchBaseQuery, retry } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { RESPONSE_TIMEOUT_MS, TOTAL_TIMEOUT_MS } from '@frontend/shared-util';
import { sessionExpired } from './auth-slice';

/** Every failure, whatever its origin, is normalised to this. Status 0 means no HTTP answer. */
export interface AppError {
  status: number;
  message: string;
}

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

export function toAppError(error: FetchBaseQueryError): AppError {
  if (error.status === 'TIMEOUT_ERROR') return { status: 0, message: `${NETWORK_MESSAGE} (timeout)` };
  if (error.status === 'FETCH_ERROR') return { status: 0, message: `${NETWORK_MESSAGE} (aborted)` };
  if (error.status === 'PARSING_ERROR') {
    return { status: error.originalStatus, message: error.originalStatus >= 400 ? error.data || `HTTP ${error.originalStatus}` : error.error };
  }
  if (error.status === 'CUSTOM_ERROR') return { status: 0, message: error.error };
  const data = (error.data ?? {}) as { message?: unknown; error?: unknown; detail?: unknown };
  const message = [data.message, data.error, data.detail].find((m) => typeof m === 'string') as string | undefined;
  return { status: error.status, message: message ?? `HTTP ${error.status}` };
}

/** Generated endpoints may pass optional headers as null/undefined (e.g. Idempotency-Key): those are dropped. */
export type AppArgs = string | (Omit<FetchArgs, 'headers'> & { headers?: Record<string, string | null | undefined> });

function toFetchArgs(args: AppArgs): string | FetchArgs {
  if (typeof args === 'string' || !args.headers) return args as string | FetchArgs;
  const headers = Object.fromEntries(Object.entries(args.headers).filter((e): e is [string, string] => e[1] != null));
  return { ...args, headers };
}

const isGet = (args: string | FetchArgs) => typeof args === 'string' || !args.method || args.method.toUpperCase() === 'GET';

/** Retries GETs only, and only when no HTTP answer came or the server failed (>= 500). */
const retrying = retry(
  async (appArgs: AppArgs, api, extra) => {
    const args = toFetchArgs(appArgs);
    const result = await rawBaseQuery(args, api, extra as object);
    if (result.error) {
      const status = result.error.status;
      const transient = typeof status !== 'number' || status >= 500;
      if (!isGet(args) || !transient) retry.fail(result.error, result.meta);
    }
    return result;
  },
  {
    maxRetries: 3,
    // 1 s, then 2 s, then 2 s.
    backoff: (attempt) => new Promise((resolve) => setTimeout(resolve, Math.min(attempt, 2) * 1000)),
  },
);

export const appBaseQuery: BaseQueryFn<AppArgs, unknown, AppError> = async (args, api, extra) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const total = new Promise<{ error: FetchBaseQueryError }>((resolve) => {
    timer = setTimeout(() => resolve({ error: { status: 'TIMEOUT_ERROR', error: 'total timeout' } }), TOTAL_TIMEOUT_MS);
  });
  const result = await Promise.race([retrying(args, api, extra as object), total]);
  clearTimeout(timer);
  if (!result.error) return { data: (result as { data: unknown }).data };
  const error = toAppError(result.error as FetchBaseQueryError);
  if (error.status >= 400 && error.status < 500 && error.message === 'Session Expired') api.dispatch(sessionExpired());
  return { error };
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: appBaseQuery,
  endpoints: () => ({}),
});
