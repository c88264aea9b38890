// Parcel details from GET /api/parcels/{pin} (SPEC §7), parsed with the wire contract before
// anything shows them (SPEC §5) and kept in the local-storage cache; the data sets served (their
// provenance, the data version the tile URLs carry); parcel search.
import { skipToken } from '@reduxjs/toolkit/query';
import { centroid as turfCentroid } from '@turf/turf';
import type { RootState } from '@parcel-map/shared';
import {
  baseApi,
  datasetsAnswerSchema,
  INVALID_PARCEL_MESSAGE,
  lngLatSchema,
  parcelDetailsResponseSchema,
  parcelSearchResponseSchema,
  nearbyResponseSchema,
  type NearbyResponse,
  type ApiQueryError,
  type Dataset,
  type DatasetsAnswer,
  type GeoJSONGeometry,
  type LngLat,
  type ParcelDetails,
  type ParcelSearchResponse,
  type SearchSort,
  type SortDirection,
  type WholeListRequest,
} from '@parcel-map/shared/api';
import { cacheParcel, cachedParcel } from './parcelCache.ts';

/** SPEC §9: details are reused for 10 minutes. */
const PARCEL_DETAILS_FRESH_SECONDS = 600;

export function parcelPath(pin: string): string {
  return `/api/parcels/${encodeURIComponent(pin)}`;
}

function geometryCentroid(geometry: GeoJSONGeometry): LngLat | null {
  try {
    const [lng, lat] = turfCentroid(geometry as Parameters<typeof turfCentroid>[0]).geometry.coordinates;
    const centroid = lngLatSchema.safeParse({ lng, lat });
    return centroid.success ? centroid.data : null;
  } catch {
    return null;
  }
}

/**
 * The response as ParcelDetails, or null unless it follows the contract, is for the pin asked for
 * and says where the parcel is (a geometry; the centroid is computed from it when absent).
 */
export function parcelDetailsFromResponse(response: unknown, requestedPin: string): ParcelDetails | null {
  const parsed = parcelDetailsResponseSchema.safeParse(response);
  if (!parsed.success || parsed.data.pin !== requestedPin) return null;
  const centroid = parsed.data.centroid ?? geometryCentroid(parsed.data.geometry);
  return centroid ? { ...parsed.data, centroid } : null;
}

/** What a nearby list is around: a selected parcel, or an area drawn with the measure tools (a closed ring). */
export type NearbySubject = { kind: 'parcel'; pin: string } | { kind: 'area'; ring: [number, number][] };

/** The request of a nearby list: its nearest as JSON, or with `Accept: text/csv` the whole list. */
export function nearbyRequest(of: NearbySubject, distanceFt: number): WholeListRequest {
  return of.kind === 'parcel'
    ? { path: `${parcelPath(of.pin)}/nearby?distance_ft=${distanceFt}` }
    : { path: '/api/parcels/nearby', method: 'POST', body: { geometry: { type: 'Polygon', coordinates: [of.ring] }, distance_ft: distanceFt } };
}

/** GET /api/parcels/search: the text, and for the results panel a page and an order. */
export interface SearchRequest {
  q: string;
  limit?: number;
  offset?: number;
  sort?: SearchSort;
  dir?: SortDirection;
}

export const NO_SEARCH_RESULTS: ParcelSearchResponse = { results: [], total: 0, capped: false, places: [] };

function searchPath({ q, ...page }: SearchRequest): string {
  const params = new URLSearchParams({ q });
  for (const [key, value] of Object.entries(page)) if (value !== undefined) params.set(key, String(value));
  return `/api/parcels/search?${params}`;
}

/** An answer that breaks the contract finds nothing, as an empty one does. */
function searchFromResponse(response: unknown): ParcelSearchResponse {
  const parsed = parcelSearchResponseSchema.safeParse(response);
  return parsed.success ? parsed.data : NO_SEARCH_RESULTS;
}

export const parcelsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getParcel: build.query<ParcelDetails, string>({
      async queryFn(pin, _api, _extraOptions, baseQuery) {
        // The cache holds only validated details, so they need no second check.
        const cached = cachedParcel(pin);
        if (cached) return { data: cached };
        const result = await baseQuery({ path: parcelPath(pin), requireAuth: true });
        if (result.error) return { error: result.error as ApiQueryError };
        const details = parcelDetailsFromResponse(result.data, pin);
        if (!details) return { error: { message: INVALID_PARCEL_MESSAGE } };
        cacheParcel(details);
        return { data: details };
      },
      providesTags: (_result, _error, pin) => [{ type: 'Parcel', id: pin }],
      keepUnusedDataFor: PARCEL_DETAILS_FRESH_SECONDS,
    }),
    /**
     * The data sets served and the data version; null when the server does not say (an older API).
     * The map polls it (DATASETS_POLL_SECONDS) to notice a publish.
     */
    getDatasets: build.query<DatasetsAnswer | null, void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ path: '/api/datasets', requireAuth: true });
        const answer = result.error ? undefined : datasetsAnswerSchema.safeParse(result.data);
        return { data: answer?.success ? answer.data : null };
      },
      keepUnusedDataFor: 3600,
    }),
    /**
     * GET /api/parcels/{pin}/nearby, or POST /api/parcels/nearby for a drawn area: an answer that
     * breaks the contract is SPEC §5's invalid-data error.
     */
    getNearby: build.query<NearbyResponse, { of: NearbySubject; distanceFt: number }>({
      async queryFn({ of, distanceFt }, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ ...nearbyRequest(of, distanceFt), requireAuth: true });
        if (result.error) return { error: result.error as ApiQueryError };
        const parsed = nearbyResponseSchema.safeParse(result.data);
        return parsed.success ? { data: parsed.data } : { error: { message: INVALID_PARCEL_MESSAGE } };
      },
    }),
    searchParcels: build.query<ParcelSearchResponse, SearchRequest>({
      query: (request) => ({ path: searchPath(request), requireAuth: true }),
      transformResponse: searchFromResponse,
    }),
  }),
});

export const { useGetParcelQuery, useGetDatasetsQuery, useGetNearbyQuery, useSearchParcelsQuery } = parcelsApi;

/** An open map asks for the data version this often: a publish shows within a minute. */
export const DATASETS_POLL_SECONDS = 30;

/** The data set serving a parcel, from the data sets answer; undefined when either is unknown. */
export function useParcelDataset(datasetName: string | null | undefined, enabled: boolean): Dataset | undefined {
  const { data } = useGetDatasetsQuery(enabled && datasetName ? undefined : skipToken);
  return data?.datasets.find((dataset) => dataset.name === datasetName);
}

/** The parcel's details if the store holds them; the store has no API state until the server API loads. */
export function selectCachedParcel(state: RootState, pin: string): ParcelDetails | undefined {
  const { api } = state;
  return api && parcelsApi.endpoints.getParcel.select(pin)({ ...state, api }).data;
}
