// The requests of /api/parcels as the API validates them, with the 400 messages it answers. Apart
// from parcelContract.ts because the browser sends these requests but never parses them: zod/mini's
// code is shared with the runtime config on the sign-in path, so every kind of schema the browser
// loads adds to that path, and these would add their own.
import * as z from 'zod/mini';
import { INT4_MAX, storableText } from '../wire/storable.ts';
import {
  NEARBY_DEFAULT_FEET,
  NEARBY_MAX_FEET,
  PIN_MAX_LENGTH,
  PIN_PATTERN,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_LIMIT,
  SEARCH_MIN_LENGTH,
  SEARCH_SORTS,
  SEARCH_TOTAL_CAP,
  SORT_DIRECTIONS,
} from './parcelContract.ts';

/** A parcel identifier: also the rule by which the importer refuses a county's PIN the API could not serve. */
export const pinSchema = z.string().check(
  z.minLength(1, 'pin is required'),
  z.maxLength(PIN_MAX_LENGTH, `pin must be at most ${PIN_MAX_LENGTH} characters`),
  z.regex(PIN_PATTERN, 'pin may contain only letters, digits, ".", "_" and "-"'),
);

/** GET /api/parcels/{pin} */
export const parcelParamsSchema = z.object({ pin: pinSchema });

/** A whole number in a query string, from `min` to `max`; absent, `fallback`. */
export function queryInteger(name: string, min: number, max: number, fallback: number) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z._default(
    z.pipe(
      z.pipe(z.string({ error: message }).check(z.regex(/^\d{1,7}$/, message)), z.transform(Number)),
      z.number().check(z.gte(min, message), z.lte(max, message)),
    ),
    fallback,
  );
}

/** GET /api/parcels/search?q=&limit=&offset=&sort=&dir= */
export const searchQuerySchema = z.object({
  q: storableText({ error: 'q is required' }).check(
    z.trim(),
    z.minLength(SEARCH_MIN_LENGTH, `q must be at least ${SEARCH_MIN_LENGTH} characters`),
    z.maxLength(SEARCH_MAX_LENGTH, `q must be at most ${SEARCH_MAX_LENGTH} characters`),
  ),
  limit: queryInteger('limit', 1, SEARCH_MAX_LIMIT, SEARCH_DEFAULT_LIMIT),
  offset: queryInteger('offset', 0, SEARCH_TOTAL_CAP, 0),
  sort: z._default(z.enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}` }), 'relevance'),
  dir: z.optional(z.enum(SORT_DIRECTIONS, { error: 'dir must be asc or desc' })),
});

const coordinate = (name: string, limit: number) => {
  const range = `${name} must be within ±${limit}`;
  return z.pipe(
    z.pipe(
      z.string({ error: `${name} is required` }).check(z.regex(/^-?\d{1,3}(\.\d+)?$/, `${name} must be a decimal number`)),
      z.transform(Number),
    ),
    z.number().check(z.gte(-limit, range), z.lte(limit, range)),
  );
};

/** GET /api/parcels/at?lng=&lat= */
export const atQuerySchema = z.object({ lng: coordinate('lng', 180), lat: coordinate('lat', 90) });

const FEATURE_ID_MESSAGE = 'id must be a positive integer';

/** GET /api/parcels/feature/{id}: the `fid` of the parcel, the `id` of its feature in the vector tiles. */
export const featureParamsSchema = z.object({
  id: z.pipe(
    z.pipe(z.string().check(z.regex(/^[1-9]\d{0,9}$/, FEATURE_ID_MESSAGE)), z.transform(Number)),
    z.number().check(z.lte(INT4_MAX, FEATURE_ID_MESSAGE)),
  ),
});

/** GET /api/parcels/{pin}/nearby?distance_ft= */
export const nearbyQuerySchema = z.object({ distance_ft: queryInteger('distance_ft', 0, NEARBY_MAX_FEET, NEARBY_DEFAULT_FEET) });

const AREA_MESSAGE = 'geometry must be a GeoJSON Polygon or MultiPolygon of longitude/latitude positions';
const position = z.tuple([z.number().check(z.gte(-180, AREA_MESSAGE), z.lte(180, AREA_MESSAGE)), z.number().check(z.gte(-90, AREA_MESSAGE), z.lte(90, AREA_MESSAGE))], z.number());
const ring = z.array(position).check(z.minLength(4, AREA_MESSAGE), z.maxLength(10_000, AREA_MESSAGE));

/** POST /api/parcels/nearby: a drawn or measured area and a distance around it. */
export const nearbyAreaBodySchema = z.object({
  geometry: z.union(
    [
      z.object({ type: z.literal('Polygon'), coordinates: z.array(ring).check(z.minLength(1, AREA_MESSAGE), z.maxLength(100, AREA_MESSAGE)) }),
      z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring).check(z.minLength(1, AREA_MESSAGE))).check(z.minLength(1, AREA_MESSAGE), z.maxLength(100, AREA_MESSAGE)) }),
    ],
    { error: AREA_MESSAGE },
  ),
  distance_ft: z._default(
    z.number({ error: `distance_ft must be a whole number from 0 to ${NEARBY_MAX_FEET}` }).check(
      z.int(`distance_ft must be a whole number from 0 to ${NEARBY_MAX_FEET}`),
      z.gte(0, `distance_ft must be a whole number from 0 to ${NEARBY_MAX_FEET}`),
      z.lte(NEARBY_MAX_FEET, `distance_ft must be a whole number from 0 to ${NEARBY_MAX_FEET}`),
    ),
    NEARBY_DEFAULT_FEET,
  ),
});
