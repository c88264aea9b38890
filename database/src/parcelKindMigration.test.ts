// Migration 020 gives every parcel a kind: rows written before it are parcels, in the served version's
// table and in a retired one alike, which a rollback can still attach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { openTestDbBefore } from './testing/openTestDbBefore.ts';

describe('migration 020 on a database with a served and a retired version', () => {
  let db: Db;
  let close: () => Promise<void>;
  let retiredId: number;
  let currentId: number;

  beforeAll(async () => {
    ({ db, close } = await openTestDbBefore('020'));
    const version = async (number: number, current: boolean) => {
      const id = (await db.query<{ id: number }>("INSERT INTO datasets (name, version, is_current, source_name, licence) VALUES ('county', $1, $2, 'GIS', 'PDDL') RETURNING id", [number, current])).rows[0]!.id;
      await db.query('SELECT create_parcel_version_table($1)', [id]);
      await db.query(
        `INSERT INTO parcels_v${id} (pin, geometry, centroid_lon, centroid_lat, min_lon, min_lat, max_lon, max_lat, dataset_id)
         VALUES ('127-1', '{}', -71.1, 42.3, -71.2, 42.2, -71.0, 42.4, $1)`,
        [id],
      );
      if (current) await db.exec(`ALTER TABLE parcels ATTACH PARTITION parcels_v${id} FOR VALUES IN (${id})`);
      return id;
    };
    retiredId = await version(1, false);
    currentId = await version(2, true);
    await migrate(db);
  });
  afterAll(() => close());

  it('calls every parcel written before it a parcel, served or retired', async () => {
    expect((await db.query('SELECT pin, kind FROM parcels')).rows).toEqual([{ pin: '127-1', kind: 'parcel' }]);
    expect((await db.query(`SELECT pin, kind FROM parcels_v${retiredId}`)).rows).toEqual([{ pin: '127-1', kind: 'parcel' }]);
  });

  it('lets a rollback attach the retired version again', async () => {
    await db.exec(`ALTER TABLE parcels DETACH PARTITION parcels_v${currentId}`);
    await db.exec(`ALTER TABLE parcels ATTACH PARTITION parcels_v${retiredId} FOR VALUES IN (${retiredId})`);
    expect((await db.query('SELECT dataset_id, kind FROM parcels')).rows).toEqual([{ dataset_id: retiredId, kind: 'parcel' }]);
  });

  it("gives a new version's table the column", async () => {
    const { rows } = await db.query<{ id: number }>("INSERT INTO datasets (name, version, source_name, licence) VALUES ('county', 3, 'GIS', 'PDDL') RETURNING id");
    await db.query('SELECT create_parcel_version_table($1)', [rows[0]!.id]);
    const { rows: columns } = await db.query(`SELECT column_default, is_nullable FROM information_schema.columns WHERE table_name = $1 AND column_name = 'kind'`, [`parcels_v${rows[0]!.id}`]);
    expect(columns).toEqual([{ column_default: "'parcel'::text", is_nullable: 'NO' }]);
  });
});
