// Request validation and response shapes of /api/parcels (SPEC §3 Parcel (API)).
import type { Geometry } from 'geojson';
import { z } from 'zod';
import { pinSchema, type Parcel } from '@parcel-map/shared/contracts';
import { storableText } from '../../platform/http/storableText.ts';

export const parcelParamsSchema = z.object({ pin: pinSchema });

/** SPEC §3's parcel record, plus what the client needs to centre and save. */
export interface ParcelDetail extends Parcel {
  centroid: { lng: number; lat: number };
  geometry: Geometry;
}

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_LIMIT = 10;

export const searchQuerySchema = z.object({
  q: storableText({ error: 'q is required' })
    .trim()
    .min(SEARCH_MIN_LENGTH, `q must be at least ${SEARCH_MIN_LENGTH} characters`)
    .max(100, 'q must be at most 100 characters'),
});

const coordinate = (name: string, limit: number) =>
  z
    .string({ error: `${name} is required` })
    .regex(/^-?\d{1,3}(\.\d+)?$/, `${name} must be a decimal number`)
    .transform(Number)
    .pipe(z.number().min(-limit, `${name} must be within ±${limit}`).max(limit, `${name} must be within ±${limit}`));

export const atQuerySchema = z.object({ lng: coordinate('lng', 180), lat: coordinate('lat', 90) });

/** A feature id is the `fid` of the parcel: the `id` of its feature in the vector tiles. */
export const featureParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'id must be a positive integer')
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, 'id must be a positive integer')),
});

/** Mirrors ParcelSearchResponse / ParcelSearchResult in shared/src/parcels/parcelTypes.ts. */
export interface ParcelSearchResponse {
  results: {
    pin: string;
    owner: string | null;
    add1: string | null;
    city: string | null;
    centroid: { lng: number; lat: number };
    matched: 'address' | 'owner' | 'pin';
  }[];
}
