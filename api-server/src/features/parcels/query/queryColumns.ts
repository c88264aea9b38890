// The column index of attribute queries: for the data version served, every field a query can filter
// by held as one typed-array entry per parcel, so that a query's filters are one pass in the API
// instead of reading every match's row from the heap (at 5,000,000 parcels a query with three filters
// read ~100,000 pages: seconds). What a column holds is read with the field readers' own SQL
// (queryFields.ts) and compared as the WHERE compares it (columnQuery.ts), so both paths answer alike.
//
// Rows are the parcels in feature-id order. Text of few values is held as codes into its distinct
// values sorted by the database (its collation orders them); text of many values (owner, addresses) is
// not filtered here, only sorted by, by its rank, read on first use. Every read carries the data
// version it saw: a publish in the middle of a build drops it, and the next query builds anew.
import type { Queryable } from '@parcel-map/database';
import { eventLoopSlices } from '../../../platform/runtime/eventLoopSlices.ts';
import { SqlParams } from './queryConditions.ts';
import type { FieldCatalogue, FieldReader } from './queryFields.ts';

/** Rows read per statement while building: one page's rows are turned into columns on the API's thread. */
const ROWS_PER_READ = 20_000;
/** A coded column's distinct values at most (code 0 is a parcel without a value). */
const MAX_CODES = 0xffff;
/** A date column's entry for a parcel without a date. */
export const NO_DATE = -0x80000000;

export type Column =
  /** NaN: no value. */
  | { kind: 'number'; values: Float64Array }
  /** Days since 1970-01-01, NO_DATE: no value. */
  | { kind: 'date'; values: Int32Array }
  /** 0: no value; code c: `dictionary[c - 1]`, the dictionary in the database's order, so codes sort as the values. */
  | { kind: 'coded'; codes: Uint8Array | Uint16Array; dictionary: string[] }
  /** Absentee: bit 1 outside the county, bit 2 outside the state. */
  | { kind: 'absentee'; bits: Uint8Array };

export interface QueryColumns {
  version: number;
  /** Each row's parcel, ascending. */
  fids: Int32Array;
  /** Each row's data set as its place among the data sets' ids: the sort's last tie-break. */
  datasetOrder: Uint16Array;
  /** Each row's PIN as its rank among the PINs (equal PINs, equal ranks): every order's tie-break. */
  pinRanks: Int32Array;
  columns: ReadonlyMap<string, Column>;
  /** A text field's rank per row (0: no value), read once on first use; undefined when the read failed or another version became current meanwhile. */
  rankOf(field: string): Promise<Int32Array | undefined>;
}

export const ABSENTEE_BITS = { county: 1, state: 2 } as const;

const VERSION_SQL = '(SELECT value::float8 FROM data_version)';

/** What a column of this field is read as, or null when the field is not held (text of many values). */
function columnSql(reader: FieldReader, params: SqlParams): { kind: Column['kind']; sql: string } | null {
  if (reader.kind === 'absentee') return { kind: 'absentee', sql: `(CASE WHEN p.absentee_county THEN ${ABSENTEE_BITS.county} ELSE 0 END + CASE WHEN p.absentee_state THEN ${ABSENTEE_BITS.state} ELSE 0 END)` };
  if (reader.closed || reader.fewValues || reader.type === 'enum') return { kind: 'coded', sql: `(${reader.sql(params.add)})::text` };
  if (reader.type === 'number') return { kind: 'number', sql: `(${reader.sql(params.add)})::float8` };
  if (reader.type === 'date') return { kind: 'date', sql: `((${reader.sql(params.add)}) - DATE '1970-01-01')` };
  return null;
}

class VersionChangedError extends Error {}

/** A comma-separated list of integers (the database's string_agg) into `into`, cut into slices of the event loop. */
async function readIntegers(text: string, into: Int32Array): Promise<void> {
  const slices = eventLoopSlices();
  let at = 0;
  let value = 0;
  let negative = false;
  for (let i = 0; i <= text.length; i += 1) {
    const code = i === text.length ? 0x2c : text.charCodeAt(i);
    if (code === 0x2c) {
      into[at++] = negative ? -value : value;
      value = 0;
      negative = false;
      if ((at & 0xffff) === 0 && slices.spent) await slices.next();
    } else if (code === 0x2d) negative = true;
    else value = value * 10 + (code - 0x30);
  }
  if (at !== into.length) throw new VersionChangedError();
}

/**
 * A rank per parcel (in feature-id order) of the value `sql` reads: equal values equal ranks, 0 for
 * no value; one statement, so one snapshot, checked against `version`.
 */
async function readRanks(db: Queryable, sql: string, params: SqlParams, version: number, rows: number): Promise<Int32Array> {
  const { rows: [read] } = await db.query<{ version: number; ranks: string | null }>(
    `SELECT ${VERSION_SQL} AS version, string_agg(r::text, ',' ORDER BY fid) AS ranks
       FROM (SELECT p.fid, CASE WHEN v IS NULL THEN 0 ELSE dense_rank() OVER (ORDER BY v) END AS r
               FROM parcels p, LATERAL (SELECT ${sql} AS v) AS value WHERE p.kind = 'parcel') AS ranked`,
    params.values,
  );
  if (read?.version !== version) throw new VersionChangedError();
  const ranks = new Int32Array(rows);
  if (rows > 0) await readIntegers(read.ranks ?? '', ranks);
  return ranks;
}

interface ColumnBuilder {
  field: string;
  kind: Column['kind'];
  numbers?: Float64Array;
  integers?: Int32Array;
  codes?: Uint16Array;
  /** A coded column's values as first met, with their provisional codes. */
  met?: Map<string, number>;
  /** Not held, left to SQL: a text of too many values for codes, or a number column holding NaN (the database's NaN equals itself and sorts above every number; held as "no value" it would not). */
  unheld?: true;
}

/** Reads the columns of the data version `version` (the one current when asked); undefined when another version became current meanwhile. */
export async function buildQueryColumns(db: Queryable, catalogue: FieldCatalogue, version: number): Promise<QueryColumns | undefined> {
  try {
    return await build(db, catalogue, version);
  } catch (error) {
    if (error instanceof VersionChangedError) return undefined;
    throw error;
  }
}

async function build(db: Queryable, catalogue: FieldCatalogue, version: number): Promise<QueryColumns> {
  const { rows: [counted] } = await db.query<{ version: number; n: number; datasets: number[] | null }>(
    `SELECT ${VERSION_SQL} AS version, count(*)::int AS n, array_agg(DISTINCT p.dataset_id ORDER BY p.dataset_id) AS datasets FROM parcels p WHERE p.kind = 'parcel'`,
  );
  if (counted?.version !== version) throw new VersionChangedError();
  const rows = counted.n;
  const datasetIds = counted.datasets ?? [];
  const pinRanks = await readRanks(db, 'p.pin', new SqlParams(), version, rows);

  const params = new SqlParams();
  const builders: ColumnBuilder[] = [];
  const selected: string[] = [];
  for (const [field, reader] of catalogue.readers) {
    const column = columnSql(reader, params);
    if (!column) continue;
    selected.push(`${column.sql} AS c${builders.length}`);
    builders.push({
      field,
      kind: column.kind,
      ...(column.kind === 'number' ? { numbers: new Float64Array(rows) } : {}),
      ...(column.kind === 'date' ? { integers: new Int32Array(rows) } : {}),
      ...(column.kind === 'coded' || column.kind === 'absentee' ? { codes: new Uint16Array(rows), met: new Map() } : {}),
    });
  }
  const after = params.add(0);
  const limit = params.add(ROWS_PER_READ);
  const fids = new Int32Array(rows);
  const datasetOrder = new Uint16Array(rows);
  const slices = eventLoopSlices();
  let at = 0;
  let last = -1;
  for (;;) {
    params.values[Number(after.slice(1)) - 1] = last;
    const { rows: page } = await db.query<Record<string, unknown> & { fid: number; dataset_id: number; version: number }>(
      `SELECT p.fid, p.dataset_id, ${VERSION_SQL} AS version${selected.map((sql) => `, ${sql}`).join('')}
         FROM parcels p WHERE p.kind = 'parcel' AND p.fid > ${after} ORDER BY p.fid LIMIT ${limit}`,
      params.values,
    );
    if (page.length === 0) break;
    if (page[0]!.version !== version || at + page.length > rows) throw new VersionChangedError();
    for (const row of page) {
      fids[at] = row.fid;
      datasetOrder[at] = datasetIds.indexOf(row.dataset_id);
      builders.forEach((builder, index) => putValue(builder, at, row[`c${index}`]));
      at += 1;
      if (slices.spent) await slices.next();
    }
    last = page.at(-1)!.fid;
  }
  if (at !== rows) throw new VersionChangedError();

  const columns = new Map<string, Column>();
  for (const builder of builders) {
    const column = await finishColumn(db, builder);
    if (column) columns.set(builder.field, column);
  }

  const ranks = new Map<string, Promise<Int32Array | undefined>>();
  return {
    version,
    fids,
    datasetOrder,
    pinRanks,
    columns,
    rankOf(field) {
      let rank = ranks.get(field);
      const reader = catalogue.readers.get(field);
      if (!rank && reader?.kind === 'value') {
        const params = new SqlParams();
        rank = readRanks(db, reader.sql(params.add), params, version, rows).catch((error: unknown) => {
          // Read again on the next use, unless the version changed (these columns are then dropped).
          if (!(error instanceof VersionChangedError)) ranks.delete(field);
          return undefined;
        });
        ranks.set(field, rank);
      }
      return rank ?? Promise.resolve(undefined);
    },
  };
}

function putValue(builder: ColumnBuilder, at: number, value: unknown): void {
  switch (builder.kind) {
    case 'number':
      if (typeof value === 'number' && Number.isNaN(value)) builder.unheld = true;
      builder.numbers![at] = value === null ? Number.NaN : (value as number);
      return;
    case 'date':
      builder.integers![at] = value === null ? NO_DATE : (value as number);
      return;
    case 'absentee':
      builder.codes![at] = value as number;
      return;
    case 'coded': {
      const met = builder.met!;
      if (value === null || builder.unheld) return;
      let code = met.get(value as string);
      if (code === undefined) {
        if (met.size === MAX_CODES) {
          builder.unheld = true;
          return;
        }
        code = met.size + 1;
        met.set(value as string, code);
      }
      builder.codes![at] = code;
    }
  }
}

/** The column as held: a coded column's codes renumbered in the database's order of its values. */
async function finishColumn(db: Queryable, builder: ColumnBuilder): Promise<Column | undefined> {
  if (builder.unheld) return undefined;
  switch (builder.kind) {
    case 'number':
      return { kind: 'number', values: builder.numbers! };
    case 'date':
      return { kind: 'date', values: builder.integers! };
    case 'absentee':
      return { kind: 'absentee', bits: Uint8Array.from(builder.codes!) };
    case 'coded': {
      const met = [...builder.met!.keys()];
      const { rows: [sorted] } = await db.query<{ values: string[] | null }>('SELECT array_agg(value ORDER BY value) AS values FROM unnest($1::text[]) AS value', [met]);
      const dictionary = sorted?.values ?? [];
      const renumbered = new Uint16Array(met.length + 1);
      dictionary.forEach((value, index) => (renumbered[builder.met!.get(value)!] = index + 1));
      const codes = dictionary.length < 0x100 ? new Uint8Array(builder.codes!.length) : new Uint16Array(builder.codes!.length);
      for (let at = 0; at < codes.length; at += 1) codes[at] = renumbered[builder.codes![at]!]!;
      return { kind: 'coded', codes, dictionary };
    }
  }
}

export interface QueryColumnIndex {
  /**
   * The columns of `version` (the current data version) when built; else undefined, and asking starts
   * building them (once per version: a build that failed is not tried again for it). The columns of an
   * earlier version are dropped on asking, so two versions are never held.
   */
  columnsFor(version: number): QueryColumns | undefined;
}

export function createQueryColumnIndex(build: (version: number) => Promise<QueryColumns | undefined>, onFailure: (error: unknown) => void): QueryColumnIndex {
  let held: QueryColumns | undefined;
  let asked: number | undefined;
  return {
    columnsFor(version) {
      if (held?.version === version) return held;
      if (asked !== version) {
        held = undefined;
        asked = version;
        build(version).then((built) => {
          if (built && asked === built.version) held = built;
        }, onFailure);
      }
      return undefined;
    },
  };
}
