// Migration 028 stores each version's town and street labels: versions kept before it get theirs,
// served or retired (a rollback serves a retired version's own again), a version with roads of its own
// gets no street labels, and deleting a version deletes its labels.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateWithKeptVersions, type KeptVersions } from './testing/keptVersions.ts';

/** PIN, site address, city and centroid: two addresses of SADDLE LN in one grid cell, and one unit's address. */
const PARCELS: [pin: string, add1: string, city: string, lon: number, lat: number][] = [
  ['P-1', '132 SADDLE LN', 'MOORESVILLE', -80.8101, 35.5801],
  ['P-2', '136-140 SADDLE LN #2', 'Mooresville', -80.8103, 35.5803],
  ['P-3', '9 1/2 SADDLE LN', 'MOORESVILLE', -80.8105, 35.5805],
  ['P-4', '7 MAIN ST', 'TROUTMAN', -80.9, 35.7],
];

describe('migration 028 on a database with a served and a retired version', () => {
  let kept: KeptVersions;
  let withRoadsId: number;

  const labels = async (id: number) =>
    (await kept.db.query('SELECT kind, name, parcels, lon, lat FROM parcel_place_labels WHERE dataset_id = $1 ORDER BY kind, name', [id])).rows;

  beforeAll(async () => {
    kept = await migrateWithKeptVersions(
      '028',
      async (db, id) => {
        for (const [pin, add1, city, lon, lat] of PARCELS) {
          await db.query(
            `INSERT INTO parcels_v${id} (pin, add1, city, geometry, centroid_lon, centroid_lat, min_lon, min_lat, max_lon, max_lat, dataset_id)
             VALUES ($1, $2, $3, '{}', $4, $5, $4, $5, $4, $5, $6)`,
            [pin, add1, city, lon, lat, id],
          );
        }
      },
      async ({ db, version }) => {
        withRoadsId = await version(3, false);
        await db.query(`INSERT INTO basemap_features (layer, name, kind, geometry, dataset_id) VALUES ('roads', 'Saddle Ln', 'minor', '{}', $1)`, [withRoadsId]);
      },
    );
  });
  afterAll(() => kept.close());

  it("derives every kept version's towns and street runs, served or retired", async () => {
    const expected = [
      { kind: 'street', name: 'SADDLE LN', parcels: 3, lon: expect.closeTo(-80.8103, 9), lat: expect.closeTo(35.5803, 9) },
      // Spelt as most of its parcels spell it, at the parcel nearest their middle.
      { kind: 'town', name: 'MOORESVILLE', parcels: 3, lon: -80.8103, lat: 35.5803 },
      { kind: 'town', name: 'TROUTMAN', parcels: 1, lon: -80.9, lat: 35.7 },
    ];
    expect(await labels(kept.currentId)).toEqual(expected);
    expect(await labels(kept.retiredId)).toEqual(expected);
  });

  it('gives a version with roads of its own its towns and no street labels', async () => {
    expect((await labels(withRoadsId)).map(({ kind, name }) => `${kind} ${name}`)).toEqual(['town MOORESVILLE', 'town TROUTMAN']);
  });

  it("derives a new version's labels when asked, and deletes them with the version", async () => {
    const id = await kept.version(4, false);
    expect(await labels(id)).toEqual([]);
    await kept.db.query('SELECT derive_place_labels($1)', [id]);
    expect(await labels(id)).toHaveLength(3);
    await kept.db.query('DELETE FROM datasets WHERE id = $1', [id]);
    expect(await labels(id)).toEqual([]);
  });
});
