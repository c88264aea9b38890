// Parcel details from GET /api/parcels/{pin} (SPEC §7), validated before anything shows them
// (SPEC §5) and kept in the local-storage cache; the data set's provenance; parcel search.
import { centroid as turfCentroid } from '@turf/turf';
import type { DatasetInfo, GeoJSONGeometry, Parcel, ParcelDetails, ParcelSearchResult, RootState } from '@parcel-map/shared';
import { baseApi, type ApiQueryError } from '@parcel-map/shared/api';
import { cacheParcel, cachedParcel } from './parcelCache.ts';

export interface LngLat {
  lng: number;
  lat: number;
}

export const INVALID_PARCEL_MESSAGE = 'Received invalid parcel data from the server.';
/** SPEC §9: details are reused for 10 minutes. */
export const PARCEL_DETAILS_FRESH_SECONDS = 600;
/** SPEC §5: search starts at 2 characters. */
export const SEARCH_MIN_LENGTH = 2;

const GEOMETRY_TYPES = new Set<GeoJSONGeometry['type']>(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon']);

export function parcelPath(pin: string): string {
  return `/api/parcels/${encodeURIComponent(pin)}`;
}

function toLngLat(value: unknown): LngLat | null {
  if (!value || typeof value !== 'object') return null;
  const { lng, lat } = value as Record<string, unknown>;
  return typeof lng === 'number' && typeof lat === 'number' && Number.isFinite(lng) && Number.isFinite(lat) ? { lng, lat } : null;
}

function toGeometry(value: unknown): GeoJSONGeometry | null {
  if (!value || typeof value !== 'object') return null;
  const { type, coordinates } = value as Record<string, unknown>;
  return typeof type === 'string' && GEOMETRY_TYPES.has(type as GeoJSONGeometry['type']) && Array.isArray(coordinates)
    ? { type: type as GeoJSONGeometry['type'], coordinates }
    : null;
}

function geometryCentroid(geometry: GeoJSONGeometry): LngLat | null {
  try {
    const [lng, lat] = turfCentroid(geometry as Parameters<typeof turfCentroid>[0]).geometry.coordinates;
    return toLngLat({ lng, lat });
  } catch {
    return null;
  }
}

/**
 * The response as ParcelDetails, or null unless its pin is a string equal to the one asked for
 * and it says where the parcel is (a geometry; the centroid is computed from it when absent).
 */
export function parcelDetailsFromResponse(response: unknown, requestedPin: string): ParcelDetails | null {
  if (!response || typeof response !== 'object') return null;
  const record = response as Record<string, unknown>;
  if (typeof record.pin !== 'string' || record.pin !== requestedPin) return null;
  const geometry = toGeometry(record.geometry);
  if (!geometry) return null;
  const centroid = toLngLat(record.centroid) ?? geometryCentroid(geometry);
  if (!centroid) return null;
  const text = (key: keyof Parcel) => (typeof record[key] === 'string' ? (record[key] as string) : null);
  const number = (key: keyof Parcel) => {
    const value = record[key];
    const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : null;
  };
  return {
    pin: record.pin,
    name: text('name'),
    owner: text('owner'),
    add1: text('add1'),
    add2: text('add2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    taxacres: number('taxacres'),
    township: text('township'),
    zoning: text('zoning'),
    sale_date: text('sale_date'),
    sales_price: number('sales_price'),
    centroid,
    geometry,
  };
}

function searchResultsFromResponse(response: unknown): ParcelSearchResult[] {
  const results = (response as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) return [];
  return results.filter(
    (result): result is ParcelSearchResult =>
      !!result && typeof result === 'object' && typeof (result as ParcelSearchResult).pin === 'string' && toLngLat((result as ParcelSearchResult).centroid) !== null,
  );
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
    /** Where the parcel data came from; null when the server does not say (an older API). */
    getCurrentDataset: build.query<DatasetInfo | null, void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ path: '/api/datasets/current', requireAuth: true });
        const data = result.data as Partial<DatasetInfo> | null | undefined;
        if (result.error || !data || typeof data.source_name !== 'string') return { data: null };
        return { data: data as DatasetInfo };
      },
      keepUnusedDataFor: 3600,
    }),
    searchParcels: build.query<ParcelSearchResult[], string>({
      query: (text) => ({ path: `/api/parcels/search?q=${encodeURIComponent(text)}`, requireAuth: true }),
      transformResponse: searchResultsFromResponse,
    }),
  }),
});

export const { useGetParcelQuery, useGetCurrentDatasetQuery } = parcelsApi;

/** The parcel's details if the store holds them; the store has no API state until the server API loads. */
export function selectCachedParcel(state: RootState, pin: string): ParcelDetails | undefined {
  const { api } = state;
  return api && parcelsApi.endpoints.getParcel.select(pin)({ ...state, api }).data;
}
