// Migration 029 stores each version's search words: versions kept before it get theirs, served or
// retired (a rollback serves a retired version's own again), and deleting a version deletes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateWithKeptVersions, type KeptVersions } from './testing/keptVersions.ts';

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
  let kept: KeptVersions;

  const words = async (id: number) => (await kept.db.query('SELECT word, uses FROM parcel_search_words WHERE dataset_id = $1 ORDER BY word', [id])).rows;

  beforeAll(async () => {
    kept = await migrateWithKeptVersions('029', async (db, id) => {
      for (const [pin, owner, add1] of PARCELS) {
        await db.query(
          `INSERT INTO parcels_v${id} (pin, owner, add1, geometry, centroid_lon, centroid_lat, min_lon, min_lat, max_lon, max_lat, dataset_id)
           VALUES ($1, $2, $3, '{}', 0, 0, 0, 0, 0, 0, $4)`,
          [pin, owner, add1, id],
        );
      }
    });
  });
  afterAll(() => kept.close());

  it("counts every kept version's words of three letters or more without digits, served or retired", async () => {
    expect(await words(kept.currentId)).toEqual(EXPECTED);
    expect(await words(kept.retiredId)).toEqual(EXPECTED);
  });

  it("derives a new version's words when asked, and deletes them with the version", async () => {
    const id = await kept.version(3, false);
    expect(await words(id)).toEqual([]);
    await kept.db.query('SELECT derive_search_words($1)', [id]);
    expect(await words(id)).toEqual(EXPECTED);
    await kept.db.query('DELETE FROM datasets WHERE id = $1', [id]);
    expect(await words(id)).toEqual([]);
  });
});
