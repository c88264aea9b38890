import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@parcel-map/database';
import { openTestDb } from '@parcel-map/database/testing';
import { currentDataset, parcelCount } from '../testing/readBack.ts';
import { DEMO_DATASET, TEST_EXTENT } from './demoCounty.ts';
import { removeDataset } from '../publish/datasetVersions.ts';
import { DEMO_DATASET_NAME, seedDemoDataIfEmpty } from './seedDemoData.ts';

const logger = pino({ level: 'silent' });

async function layerCounts(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.query<{ layer: string; count: number }>('SELECT layer, count(*)::int AS count FROM basemap_features GROUP BY layer');
  return Object.fromEntries(rows.map((row) => [row.layer, row.count]));
}

async function gridCount(db: Db): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM elevation_grids');
  return rows[0]!.count;
}

describe('seedDemoDataIfEmpty', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  it('writes the data set, its parcels, its roads and water, and its elevation grid, and makes it current', async () => {
    const inserted = await seedDemoDataIfEmpty(db, logger, { extent: TEST_EXTENT });
    expect(inserted).toBeGreaterThan(1000);
    expect(await parcelCount(db)).toBe(inserted);
    expect(await currentDataset(db, DEMO_DATASET_NAME)).toMatchObject({ source_name: DEMO_DATASET.source_name, parcel_count: inserted, version: 1 });
    const layers = await layerCounts(db);
    expect(layers.roads).toBeGreaterThan(10);
    expect(layers.water).toBeGreaterThan(0);
    expect(await gridCount(db)).toBe(1);
    const { rows } = await db.query<{ missing: number; out_of_state: number }>(
      `SELECT count(*) FILTER (WHERE mail_add1 IS NULL OR mail_city IS NULL OR mail_state IS NULL OR mail_zip IS NULL)::int AS missing,
              count(*) FILTER (WHERE mail_state <> 'NC')::int AS out_of_state FROM parcels`,
    );
    expect(rows[0]!.missing).toBe(0);
    expect(rows[0]!.out_of_state).toBeGreaterThan(0);
  });

  it('seeds nothing twice', async () => {
    const before = { parcels: await parcelCount(db), layers: await layerCounts(db), grids: await gridCount(db) };
    expect(await seedDemoDataIfEmpty(db, logger, { extent: TEST_EXTENT })).toBe(0);
    expect({ parcels: await parcelCount(db), layers: await layerCounts(db), grids: await gridCount(db) }).toEqual(before);
  });

  it('seeds nothing after the demo county was removed: a removed county stays removed', async () => {
    const other = await openTestDb();
    try {
      expect(await seedDemoDataIfEmpty(other, logger, { extent: TEST_EXTENT })).toBeGreaterThan(0);
      await removeDataset(other, DEMO_DATASET_NAME);
      expect(await seedDemoDataIfEmpty(other, logger, { extent: TEST_EXTENT })).toBe(0);
      expect(await parcelCount(other)).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('gives a demo county seeded before water and elevation were data its lake and grid back', async () => {
    await db.query("DELETE FROM basemap_features WHERE layer = 'water'");
    await db.query('DELETE FROM elevation_grids');
    expect(await seedDemoDataIfEmpty(db, logger, { extent: TEST_EXTENT })).toBe(0);
    expect((await layerCounts(db)).water).toBeGreaterThan(0);
    expect(await gridCount(db)).toBe(1);
  });
});
