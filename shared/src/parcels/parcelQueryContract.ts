// The wire contract of attribute queries (issue #42): POST /api/parcels/query, its request with the
// API's 400 messages and its answers, and GET /api/parcels/query/fields, the fields a query panel
// builds filters from. One module for both directions, unlike parcelContract.ts/parcelRequests.ts:
// only the query panel loads it, never the sign-in path. The same POST with `Accept: text/csv`
// answers the whole result as CSV (QUERY_CSV_* below).
import * as z from 'zod/mini';
import { INT4_MAX, storableText } from '../wire/storable.ts';
import { bboxSchema, ownerMailingSchema, parcelSearchResultSchema, SORT_DIRECTIONS } from './parcelContract.ts';
import { nearbyAreaBodySchema } from './parcelRequests.ts';

export const QUERY_OPERATORS = ['=', '!=', '<', '<=', '>', '>=', 'between', 'in', 'contains'] as const;
export const QUERY_FIELD_TYPES = ['number', 'text', 'date', 'enum'] as const;

/** The owner's kind, read from the owner's name: the first kind whose words it has, INDIVIDUAL when none. */
export const OWNER_KINDS = ['LLC', 'INC', 'CORP', 'TRUST', 'ESTATE', 'GOVERNMENT', 'INDIVIDUAL'] as const;
/** Absentee owners: a mailing address outside the county (its data set's site ZIP codes), or outside the state. */
export const ABSENTEE_KINDS = ['county', 'state'] as const;
export const OWNER_KIND_FIELD = 'owner_kind';
export const ABSENTEE_FIELD = 'absentee';

/** What each type of field can be asked; a field's own list is in its `ops`. */
export const QUERY_OPERATORS_BY_TYPE = {
  number: ['=', '!=', '<', '<=', '>', '>=', 'between', 'in'],
  date: ['=', '!=', '<', '<=', '>', '>=', 'between', 'in'],
  text: ['=', '!=', 'contains', 'in'],
  enum: ['=', '!=', 'contains', 'in'],
} as const satisfies Record<QueryFieldType, readonly QueryOperator[]>;

/** Results per page by default, and at most. */
export const QUERY_DEFAULT_LIMIT = 20;
export const QUERY_MAX_LIMIT = 500;
export const QUERY_MAX_FILTERS = 20;
/** Values one `in` filter may list. */
export const QUERY_MAX_IN_VALUES = 200;
const FIELD_MAX_LENGTH = 100;
const VALUE_MAX_LENGTH = 200;
const Q_MAX_LENGTH = 100;

/** `Accept` for the whole result as CSV rather than one page as JSON. */
export const QUERY_CSV_TYPE = 'text/csv';
/**
 * The CSV's columns (the format of csvFile.ts: UTF-8 with a byte-order mark, CRLF, formulas guarded), the saved-parcel
 * export's names where it has the same field; then one per shown attribute of the data sets served,
 * by label (a label that is also one of these stays out).
 */
export const QUERY_CSV_COLUMNS = [
  'pin', 'owner', 'address', 'address_2', 'city', 'state', 'zip', 'acres', 'zoning', 'township', 'sale_date', 'sale_price',
  'centroid_lat', 'centroid_lon', 'mail_address', 'mail_city', 'mail_state', 'mail_zip',
] as const;
/**
 * The CSV's last line, after every row: `# 1234 rows`. Last rather than first so that a file cut short
 * (the connection lost, the data set replaced while it was written) lacks it and says so; '#' begins
 * a comment for the readers that skip them (pandas' and R's `comment` options).
 */
export const QUERY_CSV_COUNT_LINE = /^# (\d+) rows?$/;

export function queryCsvCountLine(rows: number): string {
  return `# ${rows} ${rows === 1 ? 'row' : 'rows'}\r\n`;
}

// Requests.

const scalar = z.union([storableText().check(z.maxLength(VALUE_MAX_LENGTH, `a value must be at most ${VALUE_MAX_LENGTH} characters`)), z.number()], {
  error: 'a value must be text or a number',
});

/**
 * One condition. `value` is one text or number for the comparisons and `contains`, [from, to]
 * (both included) for `between`, a list for `in`; dates as YYYY-MM-DD. Whether it fits the field is
 * the API's to say, as the data set's fields are known only there (400 naming the field).
 */
export const queryFilterSchema = z.object({
  field: storableText({ error: 'field is required' }).check(z.minLength(1, 'field is required'), z.maxLength(FIELD_MAX_LENGTH, `field must be at most ${FIELD_MAX_LENGTH} characters`)),
  op: z.enum(QUERY_OPERATORS, { error: `op must be one of ${QUERY_OPERATORS.join(' ')}` }),
  value: z.union([scalar, z.array(scalar).check(z.maxLength(QUERY_MAX_IN_VALUES, `value may list at most ${QUERY_MAX_IN_VALUES} values`))], {
    error: 'value must be text, a number or a list of them',
  }),
});

/** Only parcels inside an overlay's features (`inside`, the default) or outside them all; `where` picks features by their properties. */
export const queryOverlaySchema = z.object({
  name: storableText({ error: 'overlay.name is required' }).check(z.minLength(1, 'overlay.name is required'), z.maxLength(FIELD_MAX_LENGTH, 'overlay.name is not an overlay')),
  /** Each property of the feature equals its value (text compared without case), e.g. { fld_zone: 'AE' }. */
  where: z.optional(z.record(storableText().check(z.maxLength(FIELD_MAX_LENGTH)), scalar)),
  inside: z._default(z.boolean({ error: 'overlay.inside must be true or false' }), true),
});

const whole = (name: string, max: number) =>
  z.number({ error: `${name} must be a whole number from 0 to ${max}` }).check(
    z.int(`${name} must be a whole number from 0 to ${max}`),
    z.gte(0, `${name} must be a whole number from 0 to ${max}`),
    z.lte(max, `${name} must be a whole number from 0 to ${max}`),
  );

/**
 * POST /api/parcels/query: the parcels matching every filter (and `q`, `within`, `overlay`), sorted
 * by `sort` (a field; PIN order by default, and after it) in `dir`.
 */
export const parcelQueryBodySchema = z.object({
  /** Each word begins a word of the owner's name or the site address (search's words, without its ranking). */
  q: z.optional(storableText().check(z.trim(), z.maxLength(Q_MAX_LENGTH, `q must be at most ${Q_MAX_LENGTH} characters`))),
  filters: z._default(z.array(queryFilterSchema, { error: 'filters must be a list' }).check(z.maxLength(QUERY_MAX_FILTERS, `filters may hold at most ${QUERY_MAX_FILTERS} conditions`)), []),
  /** A drawn area: the nearby list's (same limits and messages). */
  within: z.optional(nearbyAreaBodySchema.shape.geometry),
  overlay: z.optional(queryOverlaySchema),
  sort: z.optional(storableText().check(z.maxLength(FIELD_MAX_LENGTH, 'sort is not a field'))),
  dir: z._default(z.enum(SORT_DIRECTIONS, { error: 'dir must be asc or desc' }), 'asc'),
  limit: z._default(z.number({ error: `limit must be a whole number from 1 to ${QUERY_MAX_LIMIT}` }).check(
    z.int(`limit must be a whole number from 1 to ${QUERY_MAX_LIMIT}`),
    z.gte(1, `limit must be a whole number from 1 to ${QUERY_MAX_LIMIT}`),
    z.lte(QUERY_MAX_LIMIT, `limit must be a whole number from 1 to ${QUERY_MAX_LIMIT}`),
  ), QUERY_DEFAULT_LIMIT),
  offset: z._default(whole('offset', INT4_MAX), 0),
});

/**
 * POST /api/parcels/query/matches: what a query matches, whatever page or order is shown (the body
 * of POST /api/parcels/query without them). The answer names the tiles of every match.
 */
export const parcelQueryConditionsSchema = z.pick(parcelQueryBodySchema, { q: true, filters: true, within: true, overlay: true });

// Answers.

const { pin, owner, add1, city, zip, taxacres, centroid } = parcelSearchResultSchema.shape;

/** A parcel of a query's results: a search result's fields (without what matched) and the owner's mailing address. */
export const parcelQueryResultSchema = z.object({ pin, owner, add1, city, zip, taxacres, centroid, ...ownerMailingSchema.shape });

/** One page of the matching parcels and how many match in all (exact). */
export const parcelQueryResponseSchema = z.object({
  results: z.array(parcelQueryResultSchema),
  total: z.number(),
});

/**
 * Where the API serves a query's matches as parcel tiles (the parcel tiles' layer and zooms, only the
 * matching parcels in them): `/tiles/query/{key}/{z}/{x}/{y}.pbf?v=<data version>`, under the county
 * data tiles' session rule.
 */
export const QUERY_MATCH_TILES_PATH = '/tiles/query';
/** A key names a query's conditions on one data version: 22 characters of base64url (132 bits of a SHA-256). */
export const QUERY_MATCH_KEY_PATTERN = /^[\w-]{22}$/;

/** A query's match tiles' URL template (relative to the API base). */
export function queryMatchTilesTemplate(key: string, dataVersion: number): string {
  return `${QUERY_MATCH_TILES_PATH}/${key}/{z}/{x}/{y}.pbf?v=${dataVersion}`;
}

/**
 * The answer of POST /api/parcels/query/matches: the match tiles' URL template, how many parcels they
 * hold and the box of them all ([west, south, east, north]; null when none matches), which a print
 * fits and the map can zoom to.
 */
export const queryMatchesResponseSchema = z.object({
  tiles: z.string(),
  total: z.number(),
  bounds: z.nullable(bboxSchema),
});

/**
 * A field a query can filter and sort by: a parcel record's (`taxacres`, `zoning`, …), one of the
 * data sets' shown attributes (its source name, labelled as its import mapping labels it),
 * `owner_kind` or `absentee`. `values`: every value an `enum` field has.
 */
export const queryFieldSchema = z.object({
  field: z.string(),
  label: z.string(),
  type: z.enum(QUERY_FIELD_TYPES),
  ops: z.array(z.enum(QUERY_OPERATORS)),
  values: z.optional(z.array(z.string())),
});

/** GET /api/parcels/query/fields: the fields of the data sets served, the record's first, then the attributes. */
export const queryFieldsResponseSchema = z.object({ fields: z.array(queryFieldSchema) });

export type QueryOperator = (typeof QUERY_OPERATORS)[number];
export type QueryFieldType = (typeof QUERY_FIELD_TYPES)[number];
export type OwnerKind = (typeof OWNER_KINDS)[number];
export type AbsenteeKind = (typeof ABSENTEE_KINDS)[number];
export type QueryFilter = z.infer<typeof queryFilterSchema>;
export type QueryOverlay = z.input<typeof queryOverlaySchema>;
/** What the panel sends (defaults may be left out). */
export type ParcelQueryBody = z.input<typeof parcelQueryBodySchema>;
/** The request as the API reads it. */
export type ParcelQuery = z.output<typeof parcelQueryBodySchema>;
/** What a query matches, as the panel sends it (defaults may be left out). */
export type ParcelQueryConditions = z.input<typeof parcelQueryConditionsSchema>;
/** What a query matches, as the API reads it. */
export type QueryConditions = z.output<typeof parcelQueryConditionsSchema>;
export type QueryMatchesResponse = z.infer<typeof queryMatchesResponseSchema>;
export type ParcelQueryResult = z.infer<typeof parcelQueryResultSchema>;
export type ParcelQueryResponse = z.infer<typeof parcelQueryResponseSchema>;
export type QueryField = z.infer<typeof queryFieldSchema>;
export type QueryFieldsResponse = z.infer<typeof queryFieldsResponseSchema>;
