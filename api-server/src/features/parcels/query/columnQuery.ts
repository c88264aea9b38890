// A query answered from the column index (queryColumns.ts): its matches in one pass over the rows, then
// ordered as its ORDER BY orders them (orderSql). Numbers and dates are compared here as the WHERE
// compares them; a text filter is the WHERE's own comparison run in the database over the field's
// distinct values, so its meaning (lower(), the collation) is the database's.
import type { AbsenteeKind, ParcelQuery, QueryConditions } from '@parcel-map/shared/contracts';
import type { Queryable } from '@parcel-map/database';
import { eventLoopSlices } from '../../../platform/runtime/eventLoopSlices.ts';
import { checkedFilter, conditionOn, sortReader, SqlParams, type CheckedFilter } from './queryConditions.ts';
import type { FieldCatalogue } from './queryFields.ts';
import { ABSENTEE_BITS, NO_DATE, type Column, type QueryColumns } from './queryColumns.ts';

/** Rows tested between two looks at the clock. */
const ROWS_PER_LOOK = 0x10000;
const DAY_MS = 86_400_000;

type RowTest = (row: number) => boolean;
/** Negative when row `a` comes before row `b`. */
export type RowOrder = (a: number, b: number) => number;

/** What the columns need to answer a query: its filters checked, and how its rows are ordered. */
export interface ColumnPlan {
  filters: CheckedFilter[];
  /** Null when the sort's field has no column and its rank is not read yet: the query goes to SQL. */
  order: RowOrder | null;
}

/**
 * The query checked (its 400s are the SQL path's) and planned on the columns, or undefined when they
 * cannot answer it: a text, an area or an overlay, a filter on a field not held (text of many values).
 */
export function columnPlan(query: QueryConditions & Partial<Pick<ParcelQuery, 'sort' | 'dir'>>, catalogue: FieldCatalogue, columns: QueryColumns): ColumnPlan | undefined {
  const filters = query.filters.map((filter) => checkedFilter(filter, catalogue));
  const sort = sortReader(query, catalogue);
  if ((query.q ?? '').trim() !== '' || query.within || query.overlay) return undefined;
  if (!filters.every((filter) => columns.columns.has(filter.reader.field))) return undefined;
  return { filters, order: rowOrder(columns, sort?.field, query.dir === 'desc' ? -1 : 1) };
}

/** The rows meeting every filter, in feature-id order, the pass cut into slices of the event loop. */
export async function matchingRows(db: Queryable, columns: QueryColumns, filters: readonly CheckedFilter[]): Promise<Int32Array> {
  const tests = await Promise.all(filters.map((filter) => rowTest(db, columns.columns.get(filter.reader.field)!, filter)));
  const slices = eventLoopSlices();
  const total = columns.fids.length;
  let rows: Int32Array<ArrayBuffer> = new Int32Array(Math.min(total, ROWS_PER_LOOK));
  let count = 0;
  const [first, ...rest] = tests;
  for (let row = 0; row < total; row += 1) {
    if (first === undefined || first(row)) {
      if (count === rows.length) rows = grown(rows, total);
      rows[count++] = row;
    }
    if ((row & (ROWS_PER_LOOK - 1)) === 0 && slices.spent) await slices.next();
  }
  for (const test of rest) {
    let kept = 0;
    for (let at = 0; at < count; at += 1) {
      const row = rows[at]!;
      if (test(row)) rows[kept++] = row;
      if ((at & (ROWS_PER_LOOK - 1)) === 0 && slices.spent) await slices.next();
    }
    count = kept;
  }
  return rows.slice(0, count);
}

function grown(rows: Int32Array, most: number): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(Math.min(most, rows.length * 2));
  larger.set(rows);
  return larger;
}

/** The first `count` of `rows` in `order` (all of them, ordered, when count is at least their number). */
export function firstInOrder(rows: Int32Array, order: RowOrder, count: number): Int32Array {
  if (count >= rows.length) return rows.slice().sort(order);
  // A heap of the `count` first so far, the last of them on top: each row after that is compared with it once.
  const heap = new Int32Array(count);
  let size = 0;
  const above = (a: number, b: number) => order(heap[a]!, heap[b]!) > 0;
  const swap = (a: number, b: number) => ([heap[a], heap[b]] = [heap[b]!, heap[a]!]);
  for (const row of rows) {
    if (size < count) {
      heap[size] = row;
      for (let at = size++; at > 0 && above(at, (at - 1) >> 1); at = (at - 1) >> 1) swap(at, (at - 1) >> 1);
    } else if (count > 0 && order(row, heap[0]!) < 0) {
      heap[0] = row;
      for (let at = 0; ; ) {
        const left = 2 * at + 1;
        const larger = left + 1 < size && above(left + 1, left) ? left + 1 : left;
        if (left >= size || !above(larger, at)) break;
        swap(at, larger);
        at = larger;
      }
    }
  }
  return heap.sort(order);
}

/** Whether a row meets the filter, as its condition in the WHERE decides (conditionOn). */
async function rowTest(db: Queryable, column: Column, { reader, op, values }: CheckedFilter): Promise<RowTest> {
  switch (column.kind) {
    case 'absentee': {
      const mask = values.reduce<number>((bits, kind) => bits | ABSENTEE_BITS[kind as AbsenteeKind], 0);
      const bits = column.bits;
      return op === '!=' ? (row) => (bits[row]! & mask) === 0 : (row) => (bits[row]! & mask) !== 0;
    }
    case 'coded': {
      const meets = await codesMeeting(db, column.dictionary, { reader, op, values });
      const codes = column.codes;
      return (row) => meets[codes[row]!] === 1;
    }
    case 'number': {
      const test = comparison(op, values as number[]);
      const numbers = column.values;
      // NaN (no value) fails every comparison but !=, which is IS DISTINCT FROM.
      return (row) => test(numbers[row]!);
    }
    case 'date': {
      const test = comparison(op, (values as string[]).map((date) => Date.parse(`${date}T00:00:00Z`) / DAY_MS));
      const days = column.values;
      return op === '!=' ? (row) => days[row] === NO_DATE || test(days[row]!) : (row) => days[row] !== NO_DATE && test(days[row]!);
    }
  }
}

/** A number or date comparison (compare() in queryConditions.ts); NaN never equals, so != keeps it. */
function comparison(op: CheckedFilter['op'], values: readonly number[]): (value: number) => boolean {
  const [a, b] = values as [number, number];
  switch (op) {
    case 'between':
      return (value) => value >= a && value <= b;
    case 'in': {
      const set = new Set(values);
      return (value) => set.has(value);
    }
    case '!=':
      return (value) => !(value === a);
    case '=':
      return (value) => value === a;
    case '<':
      return (value) => value < a;
    case '<=':
      return (value) => value <= a;
    case '>':
      return (value) => value > a;
    case '>=':
      return (value) => value >= a;
    default:
      throw new Error(`${op} does not compare numbers`);
  }
}

/** For each code (0: no value), 1 when the filter's own SQL condition holds for that value. */
async function codesMeeting(db: Queryable, dictionary: readonly string[], filter: CheckedFilter): Promise<Uint8Array> {
  const params = new SqlParams();
  const values = params.add(dictionary);
  const condition = conditionOn(filter, 'd.value', params);
  const { rows: [met] } = await db.query<{ codes: number[] | null }>(
    `SELECT array_agg(d.code - 1) AS codes FROM unnest(array_prepend(NULL::text, ${values}::text[])) WITH ORDINALITY AS d(value, code) WHERE ${condition}`,
    params.values,
  );
  const meets = new Uint8Array(dictionary.length + 1);
  for (const code of met?.codes ?? []) meets[code] = 1;
  return meets;
}

/**
 * `ORDER BY value dir NULLS LAST, p.pin dir, p.dataset_id` over rows: the value a column's (a coded
 * column's codes are in the values' order) or the field's rank, read on first use (null until then).
 */
function rowOrder(columns: QueryColumns, field: string | undefined, dir: 1 | -1): RowOrder | null {
  const { pinRanks, datasetOrder } = columns;
  const tieBreak: RowOrder = (a, b) => dir * (pinRanks[a]! - pinRanks[b]!) || datasetOrder[a]! - datasetOrder[b]!;
  if (field === undefined) return tieBreak;
  const key = sortKey(columns, field);
  if (!key) return null;
  const { values, none } = key;
  return (a, b) => {
    const va = values[a]!;
    const vb = values[b]!;
    const noA = va === none || va !== va;
    const noB = vb === none || vb !== vb;
    if (noA || noB) return noA === noB ? tieBreak(a, b) : noA ? 1 : -1;
    return va === vb ? tieBreak(a, b) : va < vb ? -dir : dir;
  };
}

/** A row's sort value and the value meaning none (NaN is none too). */
function sortKey(columns: QueryColumns, field: string): { values: ArrayLike<number>; none: number } | undefined {
  const column = columns.columns.get(field);
  if (column?.kind === 'number') return { values: column.values, none: Number.NaN };
  if (column?.kind === 'date') return { values: column.values, none: NO_DATE };
  if (column?.kind === 'coded') return { values: column.codes, none: 0 };
  const ranks = columns.rankOf(field);
  return ranks ? { values: ranks, none: 0 } : undefined;
}
