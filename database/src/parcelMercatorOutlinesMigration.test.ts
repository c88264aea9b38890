// Migration 030 stores each parcel's outline in Web Mercator where the server has PostGIS (the
// PostgreSQL test run's does; CI installs it), in the served version's table and in a retired one
// alike, which a rollback can still attach; on PGlite it changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { openTestDbBefore } from './testing/openTestDbBefore.ts';
import { testDbMode } from './testing/openTestDb.ts';

const SQUARE = { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] };

describe('migration 030 on a database with a served and a retired version', () => {
  let db: Db;
  let close: () => Promise<void>;
  let retiredId: number;
  let currentId: number;

  const outlineColumns = async (table: string) =>
    (await db.query("SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass($1) AND attname = 'mercator_outline' AND NOT attisdropped", [table])).rows.length;

  beforeAll(async () => {
    ({ db, close } = await openTestDbBefore('030'));
    const version = async (number: number, current: boolean) => {
      const id = (await db.query<{ id: number }>("INSERT INTO datasets (name, version, is_current, source_name, licence) VALUES ('county', $1, $2, 'GIS', 'PDDL') RETURNING id", [number, current])).rows[0]!.id;
      await db.query('SELECT create_parcel_version_table($1)', [id]);
      // An outline that is none ('{}') is stored as none, not refused.
      await db.query(
        `INSERT INTO parcels_v${id} (pin, geometry, centroid_lon, centroid_lat, min_lon, min_lat, max_lon, max_lat, dataset_id)
         VALUES ('127-1', $2, 0.5, 0.5, 0, 0, 1, 1, $1), ('127-2', '{}', 0, 0, 0, 0, 0, 0, $1)`,
        [id, JSON.stringify(SQUARE)],
      );
      if (current) await db.exec(`ALTER TABLE parcels ATTACH PARTITION parcels_v${id} FOR VALUES IN (${id})`);
      return id;
    };
    retiredId = await version(1, false);
    currentId = await version(2, true);
    await migrate(db);
  });
  afterAll(() => close());

  it.runIf(testDbMode === 'pglite')('adds nothing where PostGIS is not', async () => {
    expect(await outlineColumns('parcels')).toBe(0);
  });

  describe.runIf(testDbMode === 'postgres')('where PostGIS is', () => {
    const outlines = (table: string) =>
      db.query(`SELECT pin, ST_SRID(mercator_outline) AS srid, round(ST_XMax(mercator_outline)) AS east FROM ${table} ORDER BY pin`).then(({ rows }) => rows);
    // 1° east of Greenwich on the equator, in Web Mercator metres.
    const stored = [{ pin: '127-1', srid: 3857, east: 111319 }, { pin: '127-2', srid: null, east: null }];

    it('stores every outline in Web Mercator, served or retired', async () => {
      expect(await outlines('parcels')).toEqual(stored);
      expect(await outlines(`parcels_v${retiredId}`)).toEqual(stored);
    });

    it('lets a rollback attach the retired version again, indexed', async () => {
      await db.exec(`ALTER TABLE parcels DETACH PARTITION parcels_v${currentId}`);
      await db.exec(`ALTER TABLE parcels ATTACH PARTITION parcels_v${retiredId} FOR VALUES IN (${retiredId})`);
      const { rows } = await db.query<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE tablename = $1', [`parcels_v${retiredId}`]);
      expect(rows.some(({ indexdef }) => /USING gist \(mercator_outline\)/.test(indexdef))).toBe(true);
    });

    it("gives a new version's table the column, written with its rows", async () => {
      const { rows } = await db.query<{ id: number }>("INSERT INTO datasets (name, version, source_name, licence) VALUES ('county', 3, 'GIS', 'PDDL') RETURNING id");
      const id = rows[0]!.id;
      await db.query('SELECT create_parcel_version_table($1)', [id]);
      await db.query(
        `INSERT INTO parcels_v${id} (pin, geometry, centroid_lon, centroid_lat, min_lon, min_lat, max_lon, max_lat, dataset_id)
         VALUES ('127-1', $2, 0.5, 0.5, 0, 0, 1, 1, $1)`,
        [id, JSON.stringify(SQUARE)],
      );
      expect(await outlines(`parcels_v${id}`)).toEqual([stored[0]]);
    });
  });
});
