// The wire contract of /api/parcels (SPEC §3 'Parcel (API)', §5, §7): its limits and messages, and
// the shapes of the answers, which the map parses them with (zod/mini, as the runtime config). The
// requests' schemas, which only the API parses, are in parcelRequests.ts.
import * as z from 'zod/mini';

/** A parcel identifier: letters, digits, '.', '_' and '-', at most 64 of them. */
export const PIN_PATTERN = /^[A-Za-z0-9._-]+$/;
export const PIN_MAX_LENGTH = 64;
/** SPEC §5: search starts at 2 characters. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** GET /api/parcels/search: results per page by default, and at most. */
export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 100;
/**
 * A search counts and ranks at most this many matching parcels: `total` stops there (`capped` says
 * there are more), and pages and sorting reach no further. A city or a ZIP code of a whole county
 * stays as quick as a street: 'See all 500+ results', and a narrower query for the rest.
 */
export const SEARCH_TOTAL_CAP = 500;
/**
 * The cap of a query whose words are all under 3 characters ('an', 'ma', '46'): only the prefix
 * indexes can answer it and thousands of parcels match, so it counts and ranks fewer — 'See all 100+
 * results' — and the worst short query stays a few milliseconds at the database.
 */
export const SEARCH_SHORT_QUERY_CAP = 100;
/** 429 to a user who already has this many searches waiting for the database (SEARCHES_WAITING_PER_USER). */
export const SEARCH_BUSY_MESSAGE = 'Too many searches at once. Wait for the earlier ones to finish, then try again.';
/** What the search box and the results panel say when a search failed without a message of the API's. */
export const SEARCH_FAILED_MESSAGE = 'Search failed. Try again.';
export const SEARCH_SORTS = ['relevance', 'owner', 'address', 'acres'] as const;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

// Answers. What the panel only shows is read leniently, what the map needs (pin, geometry) strictly.

/** Shown as text or 'N/A': a value that is not text reads as missing. */
const text = z.catch(z.nullable(z.string()), null);
/** A number, or numeric text (node-postgres sends PostgreSQL's numeric and bigint so); anything else reads as missing. */
const amount = z.catch(z.nullable(z.number()), ({ value }) => numericText(value));

function numericText(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? number : null;
}

export const lngLatSchema = z.object({ lng: z.number(), lat: z.number() });

/** A GeoJSON geometry the map can draw, read no deeper than its coordinate array. */
export const geometrySchema = z.object({
  type: z.enum(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon']),
  coordinates: z.array(z.unknown()),
});

/** SPEC §3's parcel record. Missing values are null. */
export const parcelSchema = z.object({
  pin: z.string(),
  name: text,
  owner: text,
  add1: text,
  add2: text,
  city: text,
  state: text,
  zip: text,
  taxacres: amount,
  township: text,
  zoning: text,
  sale_date: text,
  sales_price: amount,
});

/** The record's fields (SPEC's and the owner's mailing address) that a data set may hold for none of its parcels. */
export const PARCEL_RECORD_FIELDS = [
  'name', 'owner', 'add1', 'add2', 'city', 'state', 'zip', 'taxacres', 'township', 'zoning', 'sale_date', 'sales_price',
  'mail_add1', 'mail_city', 'mail_state', 'mail_zip',
] as const;

/** How an attribute's value is shown: 'currency' as USD without decimals (SPEC §9's format for money). */
export const PARCEL_ATTRIBUTE_FORMATS = ['currency'] as const;

/**
 * One of the county file's own attributes, beyond SPEC's fields: `key` its source name,
 * `label` what the import mapping calls it (else the source name), `value` as the file gave it.
 */
export const parcelAttributeSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]),
  format: z.optional(z.enum(PARCEL_ATTRIBUTE_FORMATS)),
});

/** The owner's mailing address, where the data has one (the demo county's, or mapped by an import). */
export const ownerMailingSchema = z.object({
  mail_add1: text,
  mail_city: text,
  mail_state: text,
  mail_zip: text,
});

// Shapes spread rather than z.extend()ed: extend's code would join zod/mini's on the sign-in path.

/**
 * GET /api/parcels/{pin} (also /at and /feature/{id}): the record plus where the parcel is, for
 * centring and saving, and the name of the data set serving it (its source line is that data set's).
 */
export const parcelDetailsSchema = z.object({
  ...parcelSchema.shape,
  ...ownerMailingSchema.shape,
  /** The shown attributes, in the mapping's order; an answer without readable ones reads as none. */
  attributes: z.catch(z.array(parcelAttributeSchema), []),
  /**
   * The record's fields no parcel of its data set has a value for: the panel leaves their rows out
   * rather than show a row of 'N/A' that no parcel could fill. An answer without a readable list hides none.
   */
  empty_fields: z.catch(z.array(z.enum(PARCEL_RECORD_FIELDS)), []),
  centroid: lngLatSchema,
  geometry: geometrySchema,
  dataset: text,
});

/**
 * A details answer as the map takes it (SPEC §5): without a geometry it is invalid, and a centroid
 * it cannot read the map computes from the geometry. The pin must also be the one asked for, which
 * only the caller knows.
 */
export const parcelDetailsResponseSchema = z.object({ ...parcelDetailsSchema.shape, centroid: z.catch(z.optional(lngLatSchema), undefined) });

/** SPEC §5: the answer to a details request breaks this contract or is for another pin. */
export const INVALID_PARCEL_MESSAGE = 'Received invalid parcel data from the server.';

export const SEARCH_MATCHES = ['pin', 'address', 'owner', 'city', 'zip'] as const;

export const parcelSearchResultSchema = z.object({
  pin: z.string(),
  owner: text,
  add1: text,
  city: text,
  zip: text,
  taxacres: amount,
  centroid: lngLatSchema,
  /** What matched: the PIN, the site address, the owner's name, the city or the ZIP code. */
  matched: z.enum(SEARCH_MATCHES),
});

/** [west, south, east, north] */
export const bboxSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);

/** A road (a street name of the parcels' addresses, in one city) or a named water body: choosing one flies to it. */
export const searchPlaceSchema = z.object({
  name: z.string(),
  kind: z.enum(['road', 'water']),
  /** The road's city, when it is a road. */
  city: text,
  bbox: bboxSchema,
});

/**
 * GET /api/parcels/search?q=&limit=&offset=&sort=&dir=: one page of the matching parcels, best first
 * unless sorted; `total` of them all (at most SEARCH_TOTAL_CAP, `capped` when there are more); on the
 * first page the roads and places whose names match.
 */
export const parcelSearchResponseSchema = z.object({
  results: z.array(parcelSearchResultSchema),
  total: z.number(),
  capped: z.boolean(),
  places: z.array(searchPlaceSchema),
});

/** Nearby parcels: 300 ft unless asked otherwise; 0 lists the parcels that touch; at most a mile (issue #42). */
export const NEARBY_DEFAULT_FEET = 300;
export const NEARBY_MAX_FEET = 5280;
/** A nearby list's JSON stops at this many parcels (the nearest); its CSV (`Accept: text/csv`) lists them all. */
export const NEARBY_MAX_PARCELS = 2000;
/**
 * A nearby list's whole-list CSV: the query CSV's columns (QUERY_CSV_COLUMNS, site and mailing
 * address), then this one, feet to the subject, then the shown attributes; nearest first.
 */
export const NEARBY_CSV_DISTANCE_COLUMN = 'distance_ft';
/**
 * A drawn area for a nearby list has at most this many positions, all its rings together:
 * a hand-drawn area has tens; this bounds what one request can cost (docs/decisions.md).
 */
export const NEARBY_AREA_MAX_POSITIONS = 2000;

/** A parcel of a nearby list: who owns it, where to write to them, how far it is. */
const { pin, owner, add1, add2, city, state, zip, taxacres } = parcelSchema.shape;
export const nearbyParcelSchema = z.object({
  pin,
  owner,
  add1,
  add2,
  city,
  state,
  zip,
  ...ownerMailingSchema.shape,
  taxacres,
  /** Feet between the parcel and the subject, edge to edge (0: they touch or overlap). */
  distance_ft: z.number(),
  geometry: geometrySchema,
});

/**
 * GET /api/parcels/{pin}/nearby?distance_ft=N and POST /api/parcels/nearby { geometry, distance_ft }:
 * the subject parcel (null for a drawn area), the ring drawn at the distance, and every other parcel
 * within it, nearest first.
 */
export const nearbyResponseSchema = z.object({
  subject: z.nullable(nearbyParcelSchema),
  ring: geometrySchema,
  distance_ft: z.number(),
  parcels: z.array(nearbyParcelSchema),
  /** How many parcels lie within the distance, exactly: the whole list's rows (its CSV's count line). */
  total: z.number(),
  /** More parcels lie within the distance than NEARBY_MAX_PARCELS: `parcels` holds the nearest. */
  truncated: z.boolean(),
});

export type LngLat = z.infer<typeof lngLatSchema>;
export type GeoJSONGeometry = z.infer<typeof geometrySchema>;
export type Parcel = z.infer<typeof parcelSchema>;
export type ParcelDetails = z.infer<typeof parcelDetailsSchema>;
export type ParcelAttribute = z.infer<typeof parcelAttributeSchema>;
export type ParcelRecordField = (typeof PARCEL_RECORD_FIELDS)[number];
export type ParcelAttributeFormat = (typeof PARCEL_ATTRIBUTE_FORMATS)[number];
/** An attribute a data set shows, without a parcel's value: what a data set version stores once. */
export type ParcelAttributeField = Omit<ParcelAttribute, 'value'>;
/** A parcel's own attributes as stored with it: source name → value. */
export type ParcelAttributeValues = Record<string, ParcelAttribute['value']>;
export type OwnerMailing = z.infer<typeof ownerMailingSchema>;
export type ParcelSearchResult = z.infer<typeof parcelSearchResultSchema>;
export type ParcelSearchResponse = z.infer<typeof parcelSearchResponseSchema>;
export type SearchPlace = z.infer<typeof searchPlaceSchema>;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export type Bbox = z.infer<typeof bboxSchema>;
export type NearbyParcel = z.infer<typeof nearbyParcelSchema>;
export type NearbyResponse = z.infer<typeof nearbyResponseSchema>;
