// A query's filters, its text and its sort as SQL on `parcels p`, every value bound as a parameter;
// a field the data sets do not have, an operator its type does not take or a value that does not fit
// it is a 400 naming the field.
import { QUERY_OPERATORS_BY_TYPE, type AbsenteeKind, type ParcelQuery, type QueryFilter, type QueryOperator } from '@parcel-map/shared/contracts';
import { BadRequestError } from '../../../platform/http/httpErrors.ts';
import { SEARCH_WORDS } from '../search/parcelSearchSql.ts';
import { likeLiteral } from '../search/searchText.ts';
import { ABSENTEE_COLUMNS, CLOSED_FIELD_OPERATORS, type FieldCatalogue, type FieldReader } from './queryFields.ts';

/**
 * A statement's parameters, numbered from $1 in the order added. Each statement forks the WHERE's own:
 * PostgreSQL refuses a parameter its statement does not use (it cannot tell its type).
 */
export class SqlParams {
  readonly values: unknown[];
  constructor(values: unknown[] = []) {
    this.values = values;
  }
  add = (value: unknown): string => {
    this.values.push(value);
    return `$${this.values.length}`;
  };
  fork(): SqlParams {
    return new SqlParams([...this.values]);
  }
}

/** A query's WHERE with its parameters, and its ORDER BY for a statement's own parameters. */
export interface QuerySql {
  where: string;
  params: SqlParams;
  order(params: SqlParams): string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const COMPARISONS = { '=': '=', '<': '<', '<=': '<=', '>': '>', '>=': '>=' } as const;

type Scalar = string | number;
// What filterSql has checked against the field's type (QUERY_OPERATORS_BY_TYPE).
type ComparisonOperator = (typeof QUERY_OPERATORS_BY_TYPE)['number'][number];
type TextOperator = (typeof QUERY_OPERATORS_BY_TYPE)['text'][number];

/**
 * The WHERE of a query: parcels only (a right-of-way, road, water or rail feature is nobody's), every
 * filter, and each word of `q` beginning a word of the owner's name or the site address (search's
 * words, on its trigram index).
 */
export function whereSql(query: Pick<ParcelQuery, 'q' | 'filters'>, catalogue: FieldCatalogue, params: SqlParams): string {
  const conditions = [`p.kind = 'parcel'`, ...query.filters.map((filter) => filterSql(filter, catalogue, params))];
  for (const word of (query.q ?? '').toLowerCase().split(/[\s,.#&/]+/).filter(Boolean)) {
    conditions.push(`${SEARCH_WORDS} LIKE ${params.add(`% ${likeLiteral(word)}%`)}`);
  }
  return conditions.join(' AND ');
}

/** ORDER BY: the sort field (missing values last), then PIN and data set, so pages never overlap. */
export function orderSql(query: Partial<Pick<ParcelQuery, 'sort' | 'dir'>>, catalogue: FieldCatalogue, params: SqlParams): string {
  const dir = query.dir === 'desc' ? 'DESC' : 'ASC';
  const tieBreak = `p.pin ${dir}, p.dataset_id`;
  const reader = sortReader(query, catalogue);
  return reader ? `${reader.sql(params.add)} ${dir} NULLS LAST, ${tieBreak}` : tieBreak;
}

/** The field a query is sorted by, undefined for none (PIN order); a 400 when it cannot be sorted by. */
export function sortReader(query: Partial<Pick<ParcelQuery, 'sort'>>, catalogue: FieldCatalogue): Extract<FieldReader, { kind: 'value' }> | undefined {
  if (query.sort === undefined) return undefined;
  const reader = catalogue.readers.get(query.sort);
  if (!reader) throw new BadRequestError(`sort: ${query.sort} is not a field the parcels can be sorted by`);
  if (reader.kind === 'absentee') throw new BadRequestError(`sort: ${reader.field} cannot be sorted by`);
  return reader;
}

function readerOf(catalogue: FieldCatalogue, field: string): FieldReader {
  const reader = catalogue.readers.get(field);
  if (!reader) throw new BadRequestError(`${field} is not a field the parcels can be queried by`);
  return reader;
}

/** A filter checked against its field: the operator one the field takes, the values of its type. */
export interface CheckedFilter {
  reader: FieldReader;
  op: QueryOperator;
  /** Numbers for a number field, 'YYYY-MM-DD' for a date, text otherwise. */
  values: Scalar[];
}

/** The filter checked against the catalogue: a 400 naming the field when it does not fit. */
export function checkedFilter(filter: QueryFilter, catalogue: FieldCatalogue): CheckedFilter {
  const reader = readerOf(catalogue, filter.field);
  const { field } = reader;
  const ops: readonly QueryOperator[] = reader.closed ? CLOSED_FIELD_OPERATORS : QUERY_OPERATORS_BY_TYPE[reader.type];
  if (!ops.includes(filter.op)) throw new BadRequestError(`${field} takes ${ops.join(' ')}, not ${filter.op}`);
  const values = valuesOf(filter, field);
  if (reader.closed) {
    const unknown = values.find((value) => !reader.closed!.includes(String(value)));
    if (unknown !== undefined) throw new BadRequestError(`${field} must be one of ${reader.closed.join(', ')}`);
  }
  if (reader.kind === 'value' && !reader.closed && reader.type === 'number') return { reader, op: filter.op, values: values.map((value) => numberOf(value, field)) };
  if (reader.kind === 'value' && !reader.closed && reader.type === 'date') return { reader, op: filter.op, values: values.map((value) => dateOf(value, field)) };
  return { reader, op: filter.op, values: values.map(String) };
}

function filterSql(filter: QueryFilter, catalogue: FieldCatalogue, params: SqlParams): string {
  const checked = checkedFilter(filter, catalogue);
  const { reader, op, values } = checked;
  if (reader.kind === 'absentee') {
    const any = `(${values.map((kind) => ABSENTEE_COLUMNS[kind as AbsenteeKind]).join(' OR ')})`;
    return op === '!=' ? `NOT ${any}` : any;
  }
  const compared = conditionOn(checked, reader.sql(params.add), params);
  // The attribute's index finds the parcels that may match; the comparison keeps the filter's meaning exact.
  return reader.lookup && (op === '=' || op === 'in') ? `(${reader.lookup(values.map(String), params.add)} AND ${compared})` : compared;
}

/**
 * A value filter's comparison applied to `valueSql`: a parcel's value in the WHERE, or each of a
 * field's distinct values when the query is answered from the column index (queryColumns.ts), so
 * that both answer by the same SQL.
 */
export function conditionOn({ reader, op, values }: CheckedFilter, valueSql: string, params: SqlParams): string {
  if (reader.closed) return closedCompare(valueSql, op, values.map(String), params);
  switch (reader.type) {
    case 'number':
      return compare(valueSql, op as ComparisonOperator, values, 'float8', params);
    case 'date':
      return compare(valueSql, op as ComparisonOperator, values, 'date', params);
    case 'text':
    case 'enum':
      return textCompare(valueSql, op as TextOperator, values.map(String), params);
  }
}

/** The filter's values, as many as its operator takes. */
function valuesOf(filter: QueryFilter, field: string): Scalar[] {
  const { op, value } = filter;
  if (op === 'between') {
    if (!Array.isArray(value) || value.length !== 2) throw new BadRequestError(`${field} between takes two values, [from, to]`);
    return value;
  }
  if (op === 'in') {
    if (!Array.isArray(value) || value.length === 0) throw new BadRequestError(`${field} in takes a list of values`);
    return value;
  }
  if (Array.isArray(value)) throw new BadRequestError(`${field} ${op} takes one value, not a list`);
  return [value];
}

function numberOf(value: Scalar, field: string): number {
  const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(number)) throw new BadRequestError(`${field} must be a number`);
  return number;
}

function dateOf(value: Scalar, field: string): string {
  const match = typeof value === 'string' ? DATE.exec(value) : null;
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!match || !date || date.getUTCMonth() !== Number(match[2]) - 1 || date.getUTCDate() !== Number(match[3])) {
    throw new BadRequestError(`${field} must be a date, YYYY-MM-DD`);
  }
  return value as string;
}

/** Numbers and dates: `!=` keeps the parcels without a value, the other comparisons never match them. */
function compare(sql: string, op: ComparisonOperator, values: (number | string)[], type: 'float8' | 'date', params: SqlParams): string {
  const bound = (value: number | string) => `${params.add(value)}::${type}`;
  switch (op) {
    case 'between':
      return `${sql} BETWEEN ${bound(values[0]!)} AND ${bound(values[1]!)}`;
    case 'in':
      return `${sql} = ANY(${params.add(values)}::${type}[])`;
    case '!=':
      return `${sql} IS DISTINCT FROM ${bound(values[0]!)}`;
    default:
      return `${sql} ${COMPARISONS[op]} ${bound(values[0]!)}`;
  }
}

/**
 * A closed field's stored value as its values are spelled (checked against them above), so that its
 * index serves the comparison; `!=` keeps the parcels without a value. The operator is one of CLOSED_FIELD_OPERATORS.
 */
function closedCompare(sql: string, op: QueryOperator, values: string[], params: SqlParams): string {
  if (op === '=') return `${sql} = ${params.add(values[0])}`;
  if (op === '!=') return `${sql} IS DISTINCT FROM ${params.add(values[0])}`;
  return `${sql} = ANY(${params.add(values)}::text[])`;
}

/** Text without regard to case; `contains` anywhere in it; `!=` keeps the parcels without a value. */
function textCompare(sql: string, op: TextOperator, values: string[], params: SqlParams): string {
  switch (op) {
    case '=':
      return `lower(${sql}) = lower(${params.add(values[0])})`;
    case '!=':
      return `lower(${sql}) IS DISTINCT FROM lower(${params.add(values[0])})`;
    case 'contains':
      return `strpos(lower(${sql}), lower(${params.add(values[0])})) > 0`;
    case 'in':
      // An array, not IN (SELECT …): the column's index then scans once for all the values, not once per value.
      return `lower(${sql}) = ANY(ARRAY(SELECT lower(value) FROM unnest(${params.add(values)}::text[]) AS value))`;
  }
}
