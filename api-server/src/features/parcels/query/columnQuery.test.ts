// The column index answers as the SQL does: on the demo county's test square, with attributes of mixed
// case, numbers stored as text and values missing, every field the panel lists under every operator
// and every order, the matches' feature ids in the columns' order equal the SQL's ORDER BY, exactly.
// Run on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '@parcel-map/database';
import { openTestDb } from '@parcel-map/database/testing';
import type { ParcelQuery, QueryFilter } from '@parcel-map/shared/contracts';
import { columnPlan, firstInOrder, matchingRows, rowOrder } from './columnQuery.ts';
import { orderSql, SqlParams, whereSql } from './queryConditions.ts';
import { buildQueryColumns, createQueryColumnIndex, type QueryColumns } from './queryColumns.ts';
import { loadFieldCatalogue, type FieldCatalogue } from './queryFields.ts';
import { createQueryRepository } from './queryRepository.ts';

type Asked = Pick<ParcelQuery, 'filters'> & Partial<Pick<ParcelQuery, 'sort' | 'dir'>>;

let db: Db;
let catalogue: FieldCatalogue;
let columns: QueryColumns;

const versionOf = async () => (await db.query<{ value: number }>('SELECT value::float8 AS value FROM data_version')).rows[0]!.value;

/** The SQL path's answer: every match's feature id in the query's ORDER BY. */
async function bySql(query: Asked): Promise<number[]> {
  const params = new SqlParams();
  const where = whereSql(query, catalogue, params);
  return createQueryRepository(db).orderedFids({ where, params, order: (statement) => orderSql(query, catalogue, statement) });
}

/** The columns' answer, all of it and its first `count`. */
async function byColumns(query: Asked, count: number): Promise<{ all: number[]; first: number[] }> {
  const plan = columnPlan(query, catalogue, columns);
  const order = plan && (await rowOrder(columns, plan));
  if (!plan || !order) throw new Error(`the columns do not answer ${JSON.stringify(query)}`);
  const rows = await matchingRows(db, columns, plan.filters);
  const fids = (ordered: Int32Array) => Array.from(ordered, (row) => columns.fids[row]!);
  return { all: fids(await firstInOrder(rows, order, rows.length)), first: fids(await firstInOrder(rows, order, count)) };
}

async function expectSame(query: Asked): Promise<number> {
  const expected = await bySql(query);
  const { all, first } = await byColumns(query, 7);
  expect(all, JSON.stringify(query)).toEqual(expected);
  expect(first, `${JSON.stringify(query)}: its first page`).toEqual(expected.slice(0, 7));
  return expected.length;
}

beforeAll(async () => {
  db = await openTestDb('seeded');
  // Attributes as counties bring them: a few values in two cases, a number as a number and as text, none.
  await db.query(`UPDATE parcels SET attributes = CASE fid % 7 WHEN 0 THEN '{"SOIL": "Loam", "YEAR": 1950}' WHEN 1 THEN '{"SOIL": "LOAM", "YEAR": "1987"}'
    WHEN 2 THEN '{"SOIL": 7, "YEAR": 2004}' WHEN 3 THEN '{"SOIL": "clay"}' WHEN 4 THEN '{"YEAR": "1950"}' END::jsonb`);
  // Values missing from the record's columns too.
  await db.query(`UPDATE parcels SET zoning = NULL, taxacres = NULL, sale_date = NULL WHERE fid % 11 = 0`);
  await db.query(`UPDATE datasets SET attribute_fields = '[{"key": "SOIL", "label": "Soil"}, {"key": "YEAR", "label": "Year built"}]' WHERE is_current`);
  catalogue = await loadFieldCatalogue(db);
  columns = (await buildQueryColumns(db, catalogue, await versionOf()))!;
});
afterAll(() => db.close());

describe('the column index', () => {
  it('holds the fields of few values, numbers and dates, and leaves text of many values to SQL', () => {
    expect([...columns.columns.keys()].sort()).toEqual(expect.arrayContaining(['SOIL', 'YEAR', 'absentee', 'city', 'owner_kind', 'sale_date', 'sales_price', 'taxacres', 'zoning']));
    expect(columns.columns.has('owner')).toBe(false);
    expect(columns.columns.get('SOIL')).toMatchObject({ kind: 'coded', dictionary: ['7', 'LOAM', 'Loam', 'clay'].sort() });
    expect(columnPlan({ filters: [{ field: 'owner', op: 'contains', value: 'llc' }] }, catalogue, columns)).toBeUndefined();
    expect(columnPlan({ filters: [], q: 'main' }, catalogue, columns)).toBeUndefined();
  });

  it('answers every listed field under every operator as the SQL does', async () => {
    const sample = (await db.query<Record<string, unknown>>(
      `SELECT taxacres, sales_price::float8 AS sales_price, to_char(sale_date, 'YYYY-MM-DD') AS sale_date FROM parcels WHERE taxacres IS NOT NULL AND sale_date IS NOT NULL AND sales_price IS NOT NULL ORDER BY fid LIMIT 3 OFFSET 40`,
    )).rows;
    const filters: QueryFilter[] = [];
    for (const field of catalogue.listed) {
      if (!columns.columns.has(field.field)) continue;
      const picked = field.values ?? sample.map((row) => row[field.field] as string | number).filter((value) => value !== undefined);
      if (field.field === 'YEAR') picked.push(1950, 1987);
      if (picked.length === 0) continue;
      for (const op of field.ops) {
        const [a, b] = [picked[0]!, picked[1] ?? picked[0]!];
        const value = op === 'between' ? ([a, b] as [string | number, string | number]).sort() : op === 'in' ? picked.slice(0, 3) : op === 'contains' ? String(a).slice(1, 3).toLowerCase() : a;
        filters.push({ field: field.field, op, value } as QueryFilter);
      }
    }
    // The same value in another case: a text comparison is the database's lower().
    filters.push({ field: 'SOIL', op: '=', value: 'loam' }, { field: 'SOIL', op: '!=', value: 'LOAM' }, { field: 'SOIL', op: 'in', value: ['7', 'CLAY'] });
    expect(filters.length).toBeGreaterThan(40);
    const totals: number[] = [];
    for (const filter of filters) totals.push(await expectSame({ filters: [filter] }));
    // Filters that pick none or all would not tell a working comparison from a broken one.
    const parcels = (await bySql({ filters: [] })).length;
    expect(totals.filter((total) => total > 0 && total < parcels).length).toBeGreaterThan(filters.length / 2);
  });

  it('orders by every field, both ways, missing values last, then by PIN', async () => {
    const filters: QueryFilter[] = [{ field: 'taxacres', op: '>', value: 0.05 }];
    for (const field of ['taxacres', 'sale_date', 'zoning', 'SOIL', 'YEAR', 'owner_kind', 'city', undefined]) {
      for (const dir of ['asc', 'desc'] as const) await expectSame({ filters, ...(field ? { sort: field } : {}), dir });
    }
  });

  it('orders by text of many values by its rank, read on first use', async () => {
    const filters: QueryFilter[] = [{ field: 'zoning', op: '!=', value: 'R-20' }];
    await expectSame({ filters, sort: 'owner', dir: 'desc' });
    await expectSame({ filters, sort: 'add1', dir: 'asc' });
  });

  it('orders a long list as a plain sort does, and picks its first rows as one', async () => {
    const keys = Int32Array.from({ length: 30_000 }, (_, row) => (row * 7_919) % 1_000);
    const order = (a: number, b: number) => keys[a]! - keys[b]! || b - a;
    const rows = Int32Array.from({ length: keys.length }, (_, row) => row);
    const expected = [...rows].sort(order);
    expect(Array.from(await firstInOrder(rows, order, rows.length))).toEqual(expected);
    expect(Array.from(await firstInOrder(rows, order, 1_234))).toEqual(expected.slice(0, 1_234));
  });

  it('ands three filters', async () => {
    const total = await expectSame({
      filters: [
        { field: 'taxacres', op: 'between', value: [0.1, 5] },
        { field: 'SOIL', op: 'in', value: ['loam', 'clay'] },
        { field: 'absentee', op: '!=', value: 'state' },
      ],
      sort: 'sale_date',
      dir: 'desc',
    });
    expect(total).toBeGreaterThan(0);
  });

  it('leaves a number column holding NaN to SQL', async () => {
    await db.query(`UPDATE parcels SET taxacres = 'NaN' WHERE fid = (SELECT min(fid) FROM parcels WHERE kind = 'parcel')`);
    const rebuilt = (await buildQueryColumns(db, catalogue, await versionOf()))!;
    expect(rebuilt.columns.has('taxacres')).toBe(false);
    expect(rebuilt.columns.has('sales_price')).toBe(true);
  });

  it('is built once per data version, and dropped when another version is asked for', async () => {
    const built: number[] = [];
    const index = createQueryColumnIndex(async (version) => (built.push(version), { ...columns, version }), (error) => {
      throw error;
    });
    expect(index.columnsFor(1)).toBeUndefined();
    await vi.waitFor(() => expect(index.columnsFor(1)?.version).toBe(1));
    expect(index.columnsFor(2)).toBeUndefined();
    expect(index.columnsFor(2)).toBeUndefined();
    await vi.waitFor(() => expect(index.columnsFor(2)?.version).toBe(2));
    expect(built).toEqual([1, 2]);
  });

  it('is not kept when another version became current while it was read', async () => {
    const version = await versionOf();
    // Every change to datasets is a new data version (migration 007).
    await db.query(`UPDATE datasets SET licence = licence WHERE is_current`);
    expect(await versionOf()).not.toBe(version);
    expect(await buildQueryColumns(db, catalogue, version)).toBeUndefined();
  });
});
