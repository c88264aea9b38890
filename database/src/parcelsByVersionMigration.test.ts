// Migration 012 moves each kept data set version's parcels into a table of its own: the served ones
// stay served, the retired ones wait for a rollback, and feature ids go on from those given so far.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { openTestDb } from './testing/openTestDb.ts';
import { openTestDbBefore } from './testing/openTestDbBefore.ts';

describe('migration 012 on a database with a served and a retired version', () => {
  let db: Db;
  let close: () => Promise<void>;
  let retiredId: number;
  let currentId: number;

  beforeAll(async () => {
    ({ db, close } = await openTestDbBefore('012'));
    const version = async (number: number, current: boolean) =>
      (await db.query<{ id: number }>("INSERT INTO datasets (name, version, is_current, source_name, licence) VALUES ('county', $1, $2, 'GIS', 'PDDL') RETURNING id", [number, current])).rows[0]!.id;
    retiredId = await version(1, false);
    currentId = await version(2, true);
    const parcel = (table: string) =>
      `INSERT INTO ${table} (pin, owner, geometry, centroid_lon, centroid_lat, min_lon, min_lat, max_lon, max_lat, dataset_id, fid)
       VALUES ('127-1', $2, '{"type":"Point","coordinates":[-71.1,42.3]}', -71.1, 42.3, -71.2, 42.2, -71.0, 42.4, $1, $3)`;
    await db.query(parcel('parcels_retired'), [retiredId, 'OWNER V1', 7]);
    await db.query(parcel('parcels'), [currentId, 'OWNER V2', 40]);
    await migrate(db);
  });
  afterAll(() => close());

  it('serves the current version, through its own table', async () => {
    expect((await db.query('SELECT pin, owner, fid, dataset_id, bbox IS NOT NULL AS boxed FROM parcels')).rows).toEqual([
      { pin: '127-1', owner: 'OWNER V2', fid: 40, dataset_id: currentId, boxed: true },
    ]);
    expect((await db.query(`SELECT tableoid::regclass::text AS "table" FROM parcels`)).rows).toEqual([{ table: `parcels_v${currentId}` }]);
  });

  it('keeps the retired version in a table of its own, not served', async () => {
    expect((await db.query(`SELECT pin, owner, fid FROM parcels_v${retiredId}`)).rows).toEqual([{ pin: '127-1', owner: 'OWNER V1', fid: 7 }]);
    expect((await db.query(`SELECT relispartition AS served FROM pg_class WHERE relname = $1 AND relnamespace = current_schema()::regnamespace`, [`parcels_v${retiredId}`])).rows).toEqual([{ served: false }]);
    expect((await db.query(`SELECT to_regclass('parcels_retired') AS retired`)).rows).toEqual([{ retired: null }]);
  });

  it('gives new parcels feature ids after those given so far', async () => {
    const { rows } = await db.query<{ id: number }>("INSERT INTO datasets (name, version, source_name, licence) VALUES ('county', 3, 'GIS', 'PDDL') RETURNING id");
    const id = rows[0]!.id;
    await db.query('SELECT create_parcel_version_table($1)', [id]);
    const { rows: inserted } = await db.query<{ fid: number }>(
      `INSERT INTO parcels_v${id} (pin, geometry, centroid_lon, centroid_lat, min_lon, min_lat, max_lon, max_lat, dataset_id)
       VALUES ('127-2', '{}', 0, 0, 0, 0, 0, 0, $1) RETURNING fid`,
      [id],
    );
    expect(inserted[0]!.fid).toBe(41);
  });

  it("drops a version's table with its datasets row", async () => {
    await db.query('DELETE FROM datasets WHERE id = $1', [retiredId]);
    expect((await db.query(`SELECT to_regclass($1) AS "table"`, [`parcels_v${retiredId}`])).rows).toEqual([{ table: null }]);
  });
});

describe('migration 012 on a new database', () => {
  it('numbers feature ids from 1, as before it', async () => {
    const db = await openTestDb();
    try {
      const { rows } = await db.query<{ id: number }>("INSERT INTO datasets (name, version, source_name, licence) VALUES ('county', 1, 'GIS', 'PDDL') RETURNING id");
      await db.query('SELECT create_parcel_version_table($1)', [rows[0]!.id]);
      const { rows: inserted } = await db.query<{ fid: number }>(
        `INSERT INTO parcels_v${rows[0]!.id} (pin, geometry, centroid_lon, centroid_lat, min_lon, min_lat, max_lon, max_lat, dataset_id)
         VALUES ('1', '{}', 0, 0, 0, 0, 0, 0, $1) RETURNING fid`,
        [rows[0]!.id],
      );
      expect(inserted[0]!.fid).toBe(1);
    } finally {
      await db.close();
    }
  });
});
