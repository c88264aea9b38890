// Parcel details from GET /api/parcels/{pin} (SPEC §7), validated before anything shows them (SPEC §5).
import { baseApi, type ApiQueryError, type Parcel } from '@parcel-map/shared';
import type { Geometry } from 'geojson';

export interface LngLat {
  lng: number;
  lat: number;
}

/** The parcel record plus where it is: the API adds the centroid and the boundary. */
export interface ParcelDetails extends Parcel {
  centroid: LngLat | null;
  geometry: Geometry | null;
}

export const INVALID_PARCEL_MESSAGE = 'Received invalid parcel data from the server.';
/** SPEC §9: details are reused for 10 minutes. */
export const PARCEL_DETAILS_FRESH_SECONDS = 600;

export function parcelPath(pin: string): string {
  return `/api/parcels/${encodeURIComponent(pin)}`;
}

function toLngLat(value: unknown): LngLat | null {
  if (!value || typeof value !== 'object') return null;
  const { lng, lat } = value as Record<string, unknown>;
  return typeof lng === 'number' && typeof lat === 'number' && Number.isFinite(lng) && Number.isFinite(lat) ? { lng, lat } : null;
}

/** The response as ParcelDetails, or null unless its pin is a string equal to the one asked for. */
export function parcelDetailsFromResponse(response: unknown, requestedPin: string): ParcelDetails | null {
  if (!response || typeof response !== 'object') return null;
  const record = response as Partial<ParcelDetails> & Record<string, unknown>;
  if (typeof record.pin !== 'string' || record.pin !== requestedPin) return null;
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
    centroid: toLngLat(record.centroid),
    geometry: record.geometry && typeof record.geometry === 'object' ? (record.geometry as Geometry) : null,
  };
}

export const parcelsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getParcel: build.query<ParcelDetails, string>({
      async queryFn(pin, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ path: parcelPath(pin), requireAuth: true });
        if (result.error) return { error: result.error as ApiQueryError };
        const details = parcelDetailsFromResponse(result.data, pin);
        return details ? { data: details } : { error: { message: INVALID_PARCEL_MESSAGE } };
      },
      providesTags: (_result, _error, pin) => [{ type: 'Parcel', id: pin }],
      keepUnusedDataFor: PARCEL_DETAILS_FRESH_SECONDS,
    }),
  }),
});

export const { useGetParcelQuery } = parcelsApi;
