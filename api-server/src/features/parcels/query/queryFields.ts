// The fields a query can filter and sort by, and the SQL that reads each: the parcel record's
// columns, owner_kind and absentee, and the shown attributes of the data sets served (their types and,
// for a few values, the values themselves, read from the parcels once per data version).
import {
  ABSENTEE_FIELD,
  ABSENTEE_KINDS,
  OWNER_KIND_FIELD,
  OWNER_KINDS,
  QUERY_OPERATORS_BY_TYPE,
  type AbsenteeKind,
  type ParcelAttributeField,
  type QueryField,
  type QueryFieldType,
  type QueryOperator,
} from '@parcel-map/shared/contracts';
import type { Queryable } from '@parcel-map/database';

/** A text field with at most this many values is an `enum` and lists them: zoning codes, towns, ZIP codes. */
const ENUM_MAX_VALUES = 50;

/** owner_kind's and absentee's: one of their values or a list of them, never part of one. */
export const CLOSED_FIELD_OPERATORS: readonly QueryOperator[] = ['=', '!=', 'in'];

/** A field as the SQL reads it: `sql(param)` its value for one parcel (`p`), `param` adding a bound value. */
export type FieldReader =
  | {
      kind: 'value';
      field: string;
      type: QueryFieldType;
      sql(param: (value: unknown) => string): string;
      closed?: readonly string[];
      /** Few distinct values (towns, zoning codes, an enum attribute): the column index holds them as codes (queryColumns.ts). */
      fewValues?: true;
      /** An attribute of few values: a condition its index serves that every parcel whose value is one of `values` (without regard to case) meets. */
      lookup?(values: readonly string[], param: (value: unknown) => string): string;
    }
  /** Absentee has no one value (a parcel may be absentee both ways): each kind is a column of its own (ABSENTEE_COLUMNS). */
  | { kind: 'absentee'; field: string; type: 'enum'; closed: readonly string[] };

/** The record's columns, with the labels the parcel panel gives them (ParcelDetailPanel.tsx). */
const COLUMNS: readonly { field: string; label: string; type: 'number' | 'text' | 'date'; enumerable?: true }[] = [
  { field: 'pin', label: 'PIN', type: 'text' },
  { field: 'owner', label: 'Owner', type: 'text' },
  { field: 'name', label: 'Name', type: 'text' },
  { field: 'add1', label: 'Address', type: 'text' },
  { field: 'add2', label: 'Address line 2', type: 'text' },
  { field: 'city', label: 'City', type: 'text', enumerable: true },
  { field: 'state', label: 'State', type: 'text', enumerable: true },
  { field: 'zip', label: 'ZIP code', type: 'text', enumerable: true },
  { field: 'taxacres', label: 'Tax Acres', type: 'number' },
  { field: 'township', label: 'Township', type: 'text', enumerable: true },
  { field: 'zoning', label: 'Zoning', type: 'text', enumerable: true },
  { field: 'sale_date', label: 'Last Sale Date', type: 'date' },
  { field: 'sales_price', label: 'Sale Price', type: 'number' },
  { field: 'mail_add1', label: 'Mailing address', type: 'text' },
  { field: 'mail_city', label: 'Mailing city', type: 'text', enumerable: true },
  { field: 'mail_state', label: 'Mailing state', type: 'text', enumerable: true },
  { field: 'mail_zip', label: 'Mailing ZIP code', type: 'text', enumerable: true },
];

/**
 * Stored when a version's parcels are written (migration 027 defines both classes, indexes them and
 * says why): owner_kind a column, absentee one column per kind, as a parcel may be absentee both ways.
 */
const OWNER_KIND_COLUMN = 'p.owner_kind';
export const ABSENTEE_COLUMNS: Record<AbsenteeKind, string> = { county: 'p.absentee_county', state: 'p.absentee_state' };

/** Text that is a plain decimal number, as CSV columns bring them ('1854', '4.5'). */
const NUMERIC_TEXT = String.raw`^\s*-?[0-9]+(\.[0-9]+)?\s*$`;

/** JSON's literals that are not strings, as `#>> '{}'` writes them (an attribute's values are read so). */
const JSON_LITERAL = /^(true|false|-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?)$/;

/**
 * The attribute's stored values that equal one of `values` without regard to case (the database's
 * lower(), as the filter's own comparison), each as the attributes containing it: read through the
 * attributes' GIN index (migration 025), the filter then tests only those parcels. A value read as
 * text may be stored as a string or as a JSON number or boolean: both are contained.
 */
function attributeLookupSql(key: string, stored: readonly string[], values: readonly string[], param: (value: unknown) => string): string {
  const pairs: [value: string, contained: string][] = [];
  for (const value of stored) {
    pairs.push([value, JSON.stringify({ [key]: value })]);
    if (JSON_LITERAL.test(value)) pairs.push([value, `{${JSON.stringify(key)}: ${value}}`]);
  }
  return `p.attributes @> ANY(ARRAY(SELECT c.contained::jsonb FROM unnest(${param(pairs.map(([value]) => value))}::text[], ${param(pairs.map(([, contained]) => contained))}::text[]) AS c(value, contained)
    WHERE lower(c.value) IN (SELECT lower(asked) FROM unnest(${param(values)}::text[]) AS asked)))`;
}

/** A numeric attribute as a number: a JSON number, or text that is one. */
function attributeNumberSql(key: string, param: (value: unknown) => string): string {
  const k = param(key);
  return `(CASE WHEN jsonb_typeof(p.attributes -> ${k}) = 'number' OR (p.attributes ->> ${k}) ~ '${NUMERIC_TEXT}' THEN (p.attributes ->> ${k})::float8 END)`;
}

export interface FieldCatalogue {
  /** GET /api/parcels/query/fields: the record's fields the data sets have values for, then the attributes. */
  listed: QueryField[];
  /** Every field a query may name: all the record's columns, owner_kind, absentee and the attributes. */
  readers: Map<string, FieldReader>;
  /** The shown attributes of the data sets served, in order (the CSV's columns after the record's). */
  attributes: ParcelAttributeField[];
}

interface AttributeStats {
  key: string;
  filled: number;
  numeric: number;
  vals: string[] | null;
}

/**
 * How many parcels have each attribute, how many of those values are numbers, and the values of the
 * few-valued ones: the distinct (attribute, value) pairs hashed in one pass, then counted per attribute
 * (a count(DISTINCT) per attribute sorted every value again).
 */
async function readAttributes(db: Queryable, keys: readonly string[]): Promise<AttributeStats[]> {
  const { rows } = await db.query<{ stats: string | null }>(
    `SELECT json_agg(s)::text AS stats FROM (
       SELECT key, sum(n)::int AS filled, sum(numeric)::int AS numeric,
              CASE WHEN count(*) <= ${ENUM_MAX_VALUES} THEN array_agg(v ORDER BY v) END AS vals
         FROM (SELECT a.key, a.value #>> '{}' AS v, count(*) AS n,
                      count(*) FILTER (WHERE jsonb_typeof(a.value) = 'number' OR (a.value #>> '{}') ~ '${NUMERIC_TEXT}') AS numeric
                 FROM parcels p, jsonb_each(p.attributes) AS a WHERE a.key = ANY($1::text[]) GROUP BY 1, 2) AS pairs
        GROUP BY key) AS s`,
    [keys],
  );
  const stats = JSON.parse(rows[0]?.stats ?? '[]') as AttributeStats[];
  // array_agg's order is the database's collation's; the columns' values are listed in code-unit order.
  for (const stat of stats) stat.vals?.sort();
  return stats;
}

/** The enumerable columns. */
const GROUPED = COLUMNS.filter((column) => column.enumerable).map((column) => column.field);

/**
 * How many parcels have each column, and the distinct values of the enumerable ones, as grouping sets
 * hashed in one pass (a count(DISTINCT) each sorted the table again: 5–10 s
 * at 100,000 parcels on PGlite, against under a second).
 */
async function readColumns(db: Queryable) {
  const { rows: [counts] } = await db.query<Record<string, number>>(`SELECT ${COLUMNS.map(({ field }) => `count(${field})::int AS "${field}"`).join(', ')} FROM parcels`);
  const { rows } = await db.query<{ groups: string | null }>(
    `SELECT json_agg(g)::text AS groups FROM (
       SELECT GROUPING(${GROUPED.map((_, index) => `g${index}`).join(', ')}) AS grouping_set, ${GROUPED.map((_, index) => `g${index}`).join(', ')}
         FROM parcels p, LATERAL (SELECT ${GROUPED.map((field, index) => `p.${field}::text AS g${index}`).join(', ')}) AS grouped
        GROUP BY GROUPING SETS (${GROUPED.map((_, index) => `(g${index})`).join(', ')})) AS g`,
  );
  type Group = Record<string, string | null> & { grouping_set: number };
  const groups = JSON.parse(rows[0]?.groups ?? '[]') as Group[];
  // GROUPING() sets the bit of each argument a row is not grouped by, the first argument's highest.
  const everything = 2 ** GROUPED.length - 1;
  const distinct = (index: number): string[] => {
    const set = everything ^ (1 << (GROUPED.length - 1 - index));
    return groups.flatMap((group) => (group.grouping_set === set && typeof group[`g${index}`] === 'string' ? [group[`g${index}`]!] : [])).sort();
  };
  return {
    filled: (field: string) => (counts?.[field] ?? 0) > 0,
    /** Its values when there are at most ENUM_MAX_VALUES of them, else null. */
    valuesOf: (field: string) => {
      const values = distinct(GROUPED.indexOf(field));
      return values.length > 0 && values.length <= ENUM_MAX_VALUES ? values : null;
    },
  };
}

/**
 * Reads the catalogue from the parcels served, once per data version: one pass over the parcels for
 * the record's columns, one over the attributes' values.
 */
export async function loadFieldCatalogue(db: Queryable): Promise<FieldCatalogue> {
  const { rows: datasetRows } = await db.query<{ attribute_fields: ParcelAttributeField[] | null }>(
    'SELECT attribute_fields FROM datasets WHERE is_current ORDER BY id',
  );
  const attributes: ParcelAttributeField[] = [];
  for (const field of datasetRows.flatMap((row) => row.attribute_fields ?? [])) {
    if (!attributes.some((known) => known.key === field.key) && !COLUMNS.some((column) => column.field === field.key)) attributes.push(field);
  }

  const { filled, valuesOf } = await readColumns(db);

  const attributeStats = attributes.length === 0 ? [] : await readAttributes(db, attributes.map((field) => field.key));

  const listed: QueryField[] = [];
  const readers = new Map<string, FieldReader>();
  for (const column of COLUMNS) {
    const values = column.enumerable ? valuesOf(column.field) : null;
    const type: QueryFieldType = values ? 'enum' : column.type;
    readers.set(column.field, { kind: 'value', field: column.field, type, sql: () => `p.${column.field}`, ...(column.enumerable ? { fewValues: true as const } : {}) });
    if (filled(column.field)) listed.push(fieldOf(column.field, column.label, type, values ?? undefined));
  }

  readers.set(OWNER_KIND_FIELD, { kind: 'value', field: OWNER_KIND_FIELD, type: 'enum', sql: () => OWNER_KIND_COLUMN, closed: OWNER_KINDS, fewValues: true });
  readers.set(ABSENTEE_FIELD, { kind: 'absentee', field: ABSENTEE_FIELD, type: 'enum', closed: ABSENTEE_KINDS });
  if (filled('owner')) listed.push(closedField(OWNER_KIND_FIELD, 'Owner kind', OWNER_KINDS));
  if (filled('mail_state') || filled('mail_zip') || filled('mail_city')) listed.push(closedField(ABSENTEE_FIELD, 'Absentee owner', ABSENTEE_KINDS));

  const attributeStatsOf = new Map(attributeStats.map((row) => [row.key, row]));
  for (const attribute of attributes) {
    const stats = attributeStatsOf.get(attribute.key);
    const numeric = attribute.format === 'currency' || (stats !== undefined && stats.filled > 0 && stats.numeric === stats.filled);
    const isEnum = !numeric && stats?.vals !== null && stats?.vals !== undefined;
    const type: QueryFieldType = numeric ? 'number' : isEnum ? 'enum' : 'text';
    readers.set(attribute.key, {
      kind: 'value',
      field: attribute.key,
      type,
      sql: numeric ? (param) => attributeNumberSql(attribute.key, param) : (param) => `(p.attributes ->> ${param(attribute.key)})`,
      ...(isEnum ? { fewValues: true as const, lookup: (values: readonly string[], param: (value: unknown) => string) => attributeLookupSql(attribute.key, stats!.vals!, values, param) } : {}),
    });
    listed.push(fieldOf(attribute.key, attribute.label, type, isEnum ? stats!.vals! : undefined));
  }
  return { listed, readers, attributes };
}

function fieldOf(field: string, label: string, type: QueryFieldType, values: string[] | undefined): QueryField {
  return { field, label, type, ops: [...QUERY_OPERATORS_BY_TYPE[type]], ...(values ? { values } : {}) };
}

function closedField(field: string, label: string, values: readonly string[]): QueryField {
  return { field, label, type: 'enum', ops: [...CLOSED_FIELD_OPERATORS], values: [...values] };
}
