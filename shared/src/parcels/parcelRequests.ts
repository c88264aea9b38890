// The requests of /api/parcels as the API validates them, with the 400 messages it answers. Apart
// from parcelContract.ts because the browser sends these requests but never parses them: zod/mini's
// code is shared with the runtime config on the sign-in path, so every kind of schema the browser
// loads adds to that path, and these would add their own.
import * as z from 'zod/mini';
import { INT4_MAX, storableText } from '../wire/storable.ts';
import {
  NEARBY_AREA_MAX_POSITIONS,
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
/** 400 for a ring whose last position is not its first (GeoJSON's rule; measured open, it would cost a 500). */
export const NEARBY_AREA_OPEN_RING_MESSAGE = 'each ring of geometry must end at the position it starts from';
/** 400 for a drawn area beyond NEARBY_AREA_MAX_POSITIONS. */
export const NEARBY_AREA_TOO_DETAILED_MESSAGE = `geometry may have at most ${NEARBY_AREA_MAX_POSITIONS.toLocaleString('en-US')} positions`;
const degrees = (limit: number) => z.number({ error: AREA_MESSAGE }).check(z.gte(-limit, AREA_MESSAGE), z.lte(limit, AREA_MESSAGE));
const position = z.tuple([degrees(180), degrees(90)], z.number({ error: AREA_MESSAGE }), { error: AREA_MESSAGE });
const ring = z.array(position, { error: AREA_MESSAGE }).check(
  z.minLength(4, AREA_MESSAGE),
  z.maxLength(NEARBY_AREA_MAX_POSITIONS, NEARBY_AREA_TOO_DETAILED_MESSAGE),
  z.refine((positions) => positions.length > 0 && positions[0]![0] === positions.at(-1)![0] && positions[0]![1] === positions.at(-1)![1], NEARBY_AREA_OPEN_RING_MESSAGE),
);
const rings = z.array(ring, { error: AREA_MESSAGE }).check(z.minLength(1, AREA_MESSAGE));
const positionsIn = (polygons: unknown[][][]) => polygons.reduce((sum, polygon) => sum + polygon.reduce((inPolygon, positions) => inPolygon + positions.length, 0), 0);

/** POST /api/parcels/nearby: a drawn or measured area and a distance around it. */
export const nearbyAreaBodySchema = z.object({
  geometry: z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('Polygon'), coordinates: rings }),
      z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(rings, { error: AREA_MESSAGE }).check(z.minLength(1, AREA_MESSAGE)) }),
    ],
    { error: AREA_MESSAGE },
  ).check(
    z.refine((area) => positionsIn(area.type === 'Polygon' ? [area.coordinates] : area.coordinates) <= NEARBY_AREA_MAX_POSITIONS, NEARBY_AREA_TOO_DETAILED_MESSAGE),
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
