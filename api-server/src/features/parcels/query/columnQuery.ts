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

/** Rows a filter's loop runs over between two looks at the clock. */
const ROWS_PER_BLOCK = 0x10000;
/** Rows ordered between two looks at the clock. */
const ROWS_PER_LOOK = 0x1000;
/** Rows sorted by the engine at once (a few milliseconds) before a merge sort merges them. */
const ROWS_PER_RUN = 0x1000;
const DAY_MS = 86_400_000;

/** Negative when row `a` comes before row `b`. */
export type RowOrder = (a: number, b: number) => number;

/** What the columns need to answer a query: its filters checked, and what it is sorted by. */
export interface ColumnPlan {
  filters: CheckedFilter[];
  sort: string | undefined;
  dir: 1 | -1;
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
  return { filters, sort: sort?.field, dir: query.dir === 'desc' ? -1 : 1 };
}

/**
 * A filter as loops over rows, one per kind of column so that each stays a plain loop over a typed
 * array: `scan` appends the rows of [start, end) it keeps to `into` from `at`, `refine` keeps those it
 * keeps of into[from, to) in place; both return where the kept rows end.
 */
interface RowFilter {
  scan(start: number, end: number, into: Int32Array, at: number): number;
  refine(into: Int32Array, from: number, to: number): number;
}

/** The rows meeting every filter, in feature-id order, block by block, the event loop turning between blocks. */
export async function matchingRows(db: Queryable, columns: QueryColumns, filters: readonly CheckedFilter[]): Promise<Int32Array> {
  const [first = everyRow, ...rest] = await Promise.all(filters.map((filter) => rowFilter(db, columns.columns.get(filter.reader.field)!, filter)));
  const slices = eventLoopSlices();
  const total = columns.fids.length;
  // As long as every row: one allocation (20 MB at 5,000,000 parcels), none grown and copied.
  const rows = new Int32Array(total);
  let count = 0;
  for (let start = 0; start < total; start += ROWS_PER_BLOCK) {
    const end = Math.min(total, start + ROWS_PER_BLOCK);
    const from = count;
    count = first.scan(start, end, rows, count);
    for (const filter of rest) count = filter.refine(rows, from, count);
    if (slices.spent) await slices.next();
  }
  return rows.subarray(0, count);
}

/** The feature ids of these rows, in their order, the event loop turning meanwhile. */
export async function fidsOf(columns: QueryColumns, rows: Int32Array): Promise<Int32Array> {
  const slices = eventLoopSlices();
  const fids = new Int32Array(rows.length);
  for (let start = 0; start < rows.length; start += ROWS_PER_BLOCK) {
    const end = Math.min(rows.length, start + ROWS_PER_BLOCK);
    for (let at = start; at < end; at += 1) fids[at] = columns.fids[rows[at]!]!;
    if (slices.spent) await slices.next();
  }
  return fids;
}

const everyRow: RowFilter = {
  scan(start, end, into, at) {
    for (let row = start; row < end; row += 1) into[at++] = row;
    return at;
  },
  refine: (_into, _from, to) => to,
};

/** The rows whose value lies in [lo, hi]: NaN (a number's "no value") never does, nor NO_DATE below every date's lo. */
function intervalFilter(values: Float64Array | Int32Array, lo: number, hi: number): RowFilter {
  return {
    scan(start, end, into, at) {
      for (let row = start; row < end; row += 1) {
        const value = values[row]!;
        if (value >= lo && value <= hi) into[at++] = row;
      }
      return at;
    },
    refine(into, from, to) {
      let at = from;
      for (let index = from; index < to; index += 1) {
        const row = into[index]!;
        const value = values[row]!;
        if (value >= lo && value <= hi) into[at++] = row;
      }
      return at;
    },
  };
}

/** The rows whose code the table marks. */
function lookupFilter(codes: Uint8Array | Uint16Array, meets: Uint8Array): RowFilter {
  return {
    scan(start, end, into, at) {
      for (let row = start; row < end; row += 1) if (meets[codes[row]!] === 1) into[at++] = row;
      return at;
    },
    refine(into, from, to) {
      let at = from;
      for (let index = from; index < to; index += 1) {
        const row = into[index]!;
        if (meets[codes[row]!] === 1) into[at++] = row;
      }
      return at;
    },
  };
}

/** The rows whose value the test keeps: what is not an interval (`!=`, `in`). */
function testFilter(values: Float64Array | Int32Array, keeps: (value: number) => boolean): RowFilter {
  return {
    scan(start, end, into, at) {
      for (let row = start; row < end; row += 1) if (keeps(values[row]!)) into[at++] = row;
      return at;
    },
    refine(into, from, to) {
      let at = from;
      for (let index = from; index < to; index += 1) {
        const row = into[index]!;
        if (keeps(values[row]!)) into[at++] = row;
      }
      return at;
    },
  };
}

/** The first `count` of `rows` in `order`, or all of them ordered when count is at least their number; the event loop turns meanwhile. */
export async function firstInOrder(rows: Int32Array, order: RowOrder, count: number): Promise<Int32Array> {
  if (count >= rows.length) return sortedInSlices(rows, order);
  const slices = eventLoopSlices();
  // A heap of the `count` first so far, the last of them on top: each row after that is compared with it once.
  const heap = new Int32Array(count);
  let size = 0;
  const above = (a: number, b: number) => order(heap[a]!, heap[b]!) > 0;
  const swap = (a: number, b: number) => ([heap[a], heap[b]] = [heap[b]!, heap[a]!]);
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index]!;
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
    if ((index & (ROWS_PER_LOOK - 1)) === 0 && slices.spent) await slices.next();
  }
  return heap.sort(order);
}

/** A merge sort: runs sorted by the engine, then merged pairwise, the event loop turning between stretches. */
async function sortedInSlices(rows: Int32Array, order: RowOrder): Promise<Int32Array> {
  const slices = eventLoopSlices();
  let from = rows.slice();
  let to = new Int32Array(rows.length);
  const length = rows.length;
  for (let start = 0; start < length; start += ROWS_PER_RUN) {
    from.subarray(start, Math.min(length, start + ROWS_PER_RUN)).sort(order);
    if (slices.spent) await slices.next();
  }
  for (let width = ROWS_PER_RUN; width < length; width *= 2) {
    for (let low = 0; low < length; low += 2 * width) {
      const middle = Math.min(length, low + width);
      const high = Math.min(length, low + 2 * width);
      let left = low;
      let right = middle;
      for (let at = low; at < high; at += 1) {
        to[at] = right >= high || (left < middle && order(from[left]!, from[right]!) <= 0) ? from[left++]! : from[right++]!;
        if ((at & (ROWS_PER_LOOK - 1)) === 0 && slices.spent) await slices.next();
      }
    }
    [from, to] = [to, from];
  }
  return from;
}

/** The filter as a loop over its column, meaning what its condition in the WHERE means (conditionOn). */
async function rowFilter(db: Queryable, column: Column, filter: CheckedFilter): Promise<RowFilter> {
  const { op, values } = filter;
  switch (column.kind) {
    case 'absentee': {
      const mask = values.reduce<number>((bits, kind) => bits | ABSENTEE_BITS[kind as AbsenteeKind], 0);
      const meets = Uint8Array.from({ length: (ABSENTEE_BITS.county | ABSENTEE_BITS.state) + 1 }, (_, bits) => Number(((bits & mask) !== 0) !== (op === '!=')));
      return lookupFilter(column.bits, meets);
    }
    case 'coded':
      return lookupFilter(column.codes, await codesMeeting(db, column.dictionary, filter));
    case 'number': {
      const interval = numberInterval(op, values as number[]);
      return interval ? intervalFilter(column.values, ...interval) : testFilter(column.values, comparison(op, values as number[]));
    }
    case 'date': {
      const days = (values as string[]).map((date) => Date.parse(`${date}T00:00:00Z`) / DAY_MS);
      const interval = dayInterval(op, days);
      if (interval) return intervalFilter(column.values, ...interval);
      const test = comparison(op, days);
      return testFilter(column.values, op === '!=' ? (day) => day === NO_DATE || test(day) : (day) => day !== NO_DATE && test(day));
    }
  }
}

/** The closed interval of numbers a comparison keeps, or undefined for `!=` and `in`. */
function numberInterval(op: CheckedFilter['op'], [a, b]: number[]): [lo: number, hi: number] | undefined {
  switch (op) {
    case 'between':
      return [a!, b!];
    case '=':
      return [a!, a!];
    case '<':
      return [-Infinity, nextDown(a!)];
    case '<=':
      return [-Infinity, a!];
    case '>':
      return [-nextDown(-a!), Infinity];
    case '>=':
      return [a!, Infinity];
    default:
      return undefined;
  }
}

/** As numberInterval for whole days, none of them NO_DATE. */
function dayInterval(op: CheckedFilter['op'], days: number[]): [lo: number, hi: number] | undefined {
  const interval = numberInterval(op, days);
  if (!interval) return undefined;
  const [lo, hi] = interval;
  return [Math.max(NO_DATE + 1, Math.ceil(lo)), Math.floor(hi)];
}

const floatBits = new Float64Array(1);
const intBits = new BigInt64Array(floatBits.buffer);

/** The largest double below `value` (finite): x < value exactly when x <= nextDown(value). */
function nextDown(value: number): number {
  if (value === 0) return -Number.MIN_VALUE;
  floatBits[0] = value;
  intBits[0] = intBits[0]! + (value > 0 ? -1n : 1n);
  return floatBits[0];
}

/** `!=` (IS DISTINCT FROM: NaN, no value, is distinct) and `in`, the comparisons that are no interval. */
function comparison(op: CheckedFilter['op'], values: readonly number[]): (value: number) => boolean {
  if (op === 'in') {
    const set = new Set(values);
    return (value) => set.has(value);
  }
  if (op !== '!=') throw new Error(`${op} is an interval`);
  const [a] = values;
  return (value) => !(value === a);
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
 * column's codes are in the values' order) or the field's rank, read on first use; undefined when
 * that read failed (the query goes to SQL).
 */
export async function rowOrder(columns: QueryColumns, { sort, dir }: Pick<ColumnPlan, 'sort' | 'dir'>): Promise<RowOrder | undefined> {
  const { pinRanks, datasetOrder } = columns;
  const tieBreak: RowOrder = (a, b) => dir * (pinRanks[a]! - pinRanks[b]!) || datasetOrder[a]! - datasetOrder[b]!;
  if (sort === undefined) return tieBreak;
  const key = await sortKey(columns, sort);
  if (!key) return undefined;
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
async function sortKey(columns: QueryColumns, field: string): Promise<{ values: ArrayLike<number>; none: number } | undefined> {
  const column = columns.columns.get(field);
  if (column?.kind === 'number') return { values: column.values, none: Number.NaN };
  if (column?.kind === 'date') return { values: column.values, none: NO_DATE };
  if (column?.kind === 'coded') return { values: column.codes, none: 0 };
  const ranks = await columns.rankOf(field);
  return ranks ? { values: ranks, none: 0 } : undefined;
}
