// Migration 007 turns the one current data set into version 1 of a named one: a copy seeded or
// imported before it keeps its parcels, and its next start neither re-seeds nor reuses a data version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { openTestDbBefore } from './testing/openTestDbBefore.ts';

describe('migration 007 on a database with an earlier import', () => {
  let db: Db;
  let close: () => Promise<void>;
  let currentId: number;

  beforeAll(async () => {
    ({ db, close } = await openTestDbBefore('007'));
    // The demo county, then an import that replaced it (the demo row stays as history).
    await db.query("INSERT INTO datasets (source_name, licence) VALUES ('Parcel Map demo county (generated, Iredell-like)', 'CC0')");
    const { rows } = await db.query<{ id: number }>("INSERT INTO datasets (source_name, licence, parcel_count) VALUES ('Cambridge GIS', 'PDDL', 1) RETURNING id");
    currentId = rows[0]!.id;
    await db.query('UPDATE datasets SET is_current = (id = $1)', [currentId]);
    await db.query(
      `INSERT INTO parcels (pin, geometry, centroid_lon, centroid_lat, min_lon, min_lat, max_lon, max_lat, dataset_id)
       VALUES ('127-1', '{"type":"Point","coordinates":[-71.1,42.3]}', -71.1, 42.3, -71.2, 42.2, -71.0, 42.4, $1)`,
      [currentId],
    );
    await migrate(db);
  });
  afterAll(() => close());

  it('makes the current data set version 1 of a named one, with its extent, and drops the rest', async () => {
    const { rows } = await db.query('SELECT id, name, version, is_current, west, south, east, north FROM datasets');
    expect(rows).toEqual([{ id: currentId, name: 'county', version: 1, is_current: true, west: -71.2, south: 42.2, east: -71, north: 42.4 }]);
    expect((await db.query('SELECT pin FROM parcels')).rows).toEqual([{ pin: '127-1' }]);
  });

  it('starts the data version above every earlier dataset id and bumps it with each change', async () => {
    const version = async () => Number((await db.query<{ value: string }>('SELECT value FROM data_version')).rows[0]!.value);
    const first = await version();
    expect(first).toBeGreaterThan(currentId);
    await db.query('UPDATE datasets SET licence = licence');
    expect(await version()).toBe(first + 1);
  });

  it('remembers that data was there, so the demo county is not seeded into it', async () => {
    expect((await db.query("SELECT value FROM app_settings WHERE key = 'demo_seeded'")).rows).toEqual([{ value: true }]);
  });
});
