// The RTK Query API every remote extends with injectEndpoints. Tags keep remotes in step.
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { apiRequest, ApiError, type ApiRequest } from './apiClient.ts';
import type { SessionState } from '../session/sessionSlice.ts';
import type { RuntimeConfig } from '../config/runtimeConfig.ts';

export interface ApiQueryArgs {
  path: string;
  method?: ApiRequest['method'];
  body?: unknown;
  requireAuth?: boolean;
}

export interface ApiQueryError {
  message: string;
  status?: number;
}

interface StateSeenByApi {
  session: SessionState;
  runtimeConfig: RuntimeConfig | null;
}

const apiBaseQuery: BaseQueryFn<ApiQueryArgs, unknown, ApiQueryError> = async (args, { getState, signal }) => {
  const state = getState() as StateSeenByApi;
  if (!state.runtimeConfig) return { error: { message: 'Runtime configuration not loaded' } };
  try {
    const data = await apiRequest({
      ...args,
      baseUrl: state.runtimeConfig.apiBaseUrl,
      token: state.session.sessionJwt,
      signal,
    });
    return { data: data ?? null };
  } catch (error) {
    if (error instanceof ApiError) return { error: { message: error.message, status: error.status } };
    return { error: { message: error instanceof Error ? error.message : String(error) } };
  }
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: ['SavedParcels', 'Parcel'],
  endpoints: () => ({}),
});
