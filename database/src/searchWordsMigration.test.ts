// Migration 029 stores each version's search words: versions kept before it get theirs, served or
// retired (a rollback serves a retired version's own again), and deleting a version deletes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { openTestDbBefore } from './testing/openTestDbBefore.ts';

/** Owners and site addresses: a word twice, one with punctuation, numbers and short words left out. */
const PARCELS: [pin: string, owner: string | null, add1: string | null][] = [
  ['P-1', 'YOUNT TIMOTHY', '132 SADDLE LN'],
  ['P-2', 'SMITH, JO & YOUNT', '7B MAIN ST #2'],
  ['P-3', null, '9 1/2 SADDLE LN'],
];

const EXPECTED = [
  { word: 'main', uses: 1 },
  { word: 'saddle', uses: 2 },
  { word: 'smith', uses: 1 },
  { word: 'timothy', uses: 1 },
  { word: 'yount', uses: 2 },
];

describe('migration 029 on a database with a served and a retired version', () => {
  let db: Db;
  let close: () => Promise<void>;
  let retiredId: number;
  let currentId: number;

  const version = async (number: number, current: boolean) => {
    const id = (await db.query<{ id: number }>("INSERT INTO datasets (name, version, is_current, source_name, licence) VALUES ('county', $1, $2, 'GIS', 'PDDL') RETURNING id", [number, current])).rows[0]!.id;
    await db.query('SELECT create_parcel_version_table($1)', [id]);
    for (const [pin, owner, add1] of PARCELS) {
      await db.query(
        `INSERT INTO parcels_v${id} (pin, owner, add1, geometry, centroid_lon, centroid_lat, min_lon, min_lat, max_lon, max_lat, dataset_id)
         VALUES ($1, $2, $3, '{}', 0, 0, 0, 0, 0, 0, $4)`,
        [pin, owner, add1, id],
      );
    }
    return id;
  };
  const words = async (id: number) => (await db.query('SELECT word, uses FROM parcel_search_words WHERE dataset_id = $1 ORDER BY word', [id])).rows;

  beforeAll(async () => {
    ({ db, close } = await openTestDbBefore('029'));
    retiredId = await version(1, false);
    currentId = await version(2, true);
    await db.exec(`ALTER TABLE parcels ATTACH PARTITION parcels_v${currentId} FOR VALUES IN (${currentId})`);
    await migrate(db);
  });
  afterAll(() => close());

  it("counts every kept version's words of three letters or more without digits, served or retired", async () => {
    expect(await words(currentId)).toEqual(EXPECTED);
    expect(await words(retiredId)).toEqual(EXPECTED);
  });

  it("derives a new version's words when asked, and deletes them with the version", async () => {
    const id = await version(3, false);
    expect(await words(id)).toEqual([]);
    await db.query('SELECT derive_search_words($1)', [id]);
    expect(await words(id)).toEqual(EXPECTED);
    await db.query('DELETE FROM datasets WHERE id = $1', [id]);
    expect(await words(id)).toEqual([]);
  });
});
