// The RTK Query API every remote extends with injectEndpoints. Tags keep remotes in step.
import { createAction, type WithSlice } from '@reduxjs/toolkit';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
// The store by package name, not by path: '@parcel-map/shared' is a federated singleton, and a
// relative import would bundle a second rootReducer into this entry's chunk.
import { injectedMiddleware, rootReducer, type RuntimeConfig, type SessionState } from '@parcel-map/shared';
import { jwtIsStale } from '../session/sessionJwtExpiry.ts';
import { apiRequest, ApiError, authenticatedFetch, type ApiRequest } from './apiClient.ts';

export interface ApiQueryArgs {
  path: string;
  method?: ApiRequest['method'];
  body?: unknown;
  requireAuth?: boolean;
  accept?: ApiRequest['accept'];
  timeoutMs?: ApiRequest['timeoutMs'];
  /**
   * Reads an authenticated answer's body as the caller needs it (a file streamed to disk, a whole
   * list read for labels) instead of as JSON; what it returns is the data.
   */
  readBody?: (response: Response) => Promise<unknown>;
}

export interface ApiQueryError {
  message: string;
  status?: number;
}

/** The message of a failed query or mutation (the API's own, in SPEC's wording), if it carries one. */
export function errorMessageOf(error: unknown): string | undefined {
  const message = (error as Partial<ApiQueryError> | null | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

interface StateSeenByApi {
  session: SessionState;
  runtimeConfig: RuntimeConfig | null;
}

/** How long a request waits for the identity client to replace a stale session JWT (it refreshes one as a page starts). */
const FRESH_JWT_WAIT_MS = 10_000;
const FRESH_JWT_POLL_MS = 100;

/**
 * The session JWT to send: while the identity client may still replace a stale one, the request waits
 * for it, rather than earn a 401 that every browser logs as an error and the screen would show.
 */
async function sessionJwtToSend(getState: () => unknown, signal: AbortSignal): Promise<string | null> {
  const deadline = Date.now() + FRESH_JWT_WAIT_MS;
  for (;;) {
    const jwt = (getState() as StateSeenByApi).session.sessionJwt;
    if (jwt === null || !jwtIsStale(jwt) || Date.now() >= deadline || signal.aborted) return jwt;
    await new Promise((resolve) => setTimeout(resolve, FRESH_JWT_POLL_MS));
  }
}

const apiBaseQuery: BaseQueryFn<ApiQueryArgs, unknown, ApiQueryError> = async (args, { getState, signal }) => {
  const state = getState() as StateSeenByApi;
  if (!state.runtimeConfig) return { error: { message: 'Runtime configuration not loaded' } };
  try {
    const { readBody, ...rest } = args;
    const request = { ...rest, baseUrl: state.runtimeConfig.apiBaseUrl, token: await sessionJwtToSend(getState, signal), signal };
    const data = readBody ? await readBody(await authenticatedFetch(request)) : await apiRequest(request);
    return { data: data ?? null };
  } catch (error) {
    if (error instanceof ApiError) return { error: { message: error.message, status: error.status } };
    return { error: { message: error instanceof Error ? error.message : String(error) } };
  }
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: ['SavedParcels', 'Markups', 'Parcel'],
  endpoints: () => ({}),
});

// The store does not start with the API: the sign-in screens never fetch data, and RTK Query is
// ~20 KB gzip of their path. It joins every store when the first screen that uses it loads.
rootReducer.inject(baseApi);
injectedMiddleware.addMiddleware(baseApi.middleware);

/**
 * For a store made before this module loaded: an injected reducer's state appears only with the
 * next action (combineSlices), and RTK Query's hooks must not read a missing `state.api` first.
 */
export const serverApiLoaded = createAction('serverApi/loaded');

declare module '@parcel-map/shared' {
  export interface LazyLoadedSlices extends WithSlice<typeof baseApi> {}
}
