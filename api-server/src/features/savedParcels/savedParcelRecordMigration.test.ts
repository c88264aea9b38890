// Migrations 003 and 008 give every saved parcel its API record as JSON (with its tags from 008): rows
// saved before them must get theirs too.
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@parcel-map/database';
import { MIGRATIONS_DIR, migrate } from '@parcel-map/database';
import { openTestDb } from '@parcel-map/database/testing';
import { createSavedParcelsRepository } from './savedParcelsRepository.ts';

const BEFORE_RECORD_JSON = (name: string) => name < '003';

describe('migration 003 on a database with saved parcels', () => {
  let db: Db;
  let earlierMigrations: string;

  beforeAll(async () => {
    earlierMigrations = await mkdtemp(path.join(tmpdir(), 'migrations-'));
    for (const name of (await readdir(MIGRATIONS_DIR)).filter(BEFORE_RECORD_JSON)) {
      await cp(path.join(MIGRATIONS_DIR, name), path.join(earlierMigrations, name));
    }
    db = await openTestDb('empty');
    await migrate(db, earlierMigrations);
    await db.query(
      `INSERT INTO parcels (pin, owner, add1, geometry, centroid_lon, centroid_lat, min_lon, min_lat, max_lon, max_lat)
       VALUES ('4605050123', 'DOE JANE', '1 MAIN ST', '{"type":"Point","coordinates":[-80.86,35.62]}', -80.86, 35.62, -80.86, 35.62, -80.86, 35.62)`,
    );
    await db.query(
      `INSERT INTO saved_parcels (user_id, parcel_pin, parcel_owner_name, parcel_address, parcel_centroid_lat, parcel_centroid_lon, notes, created_at)
       VALUES ('user-1', '4605050123', 'DOE JANE', '1 MAIN ST', 35.62, -80.86, 'it''s "quoted"', '2026-01-02T03:04:05.678Z')`,
    );
    await migrate(db);
  });

  afterAll(async () => {
    await db.close();
    await rm(earlierMigrations, { recursive: true, force: true });
  });

  it('lists the earlier row as the full API record', async () => {
    const list = JSON.parse(await createSavedParcelsRepository(db).listByUserAsJson('user-1')) as unknown[];
    expect(list).toEqual([
      {
        id: expect.any(Number),
        parcel_pin: '4605050123',
        parcel_owner_name: 'DOE JANE',
        parcel_address: '1 MAIN ST',
        parcel_centroid_lat: 35.62,
        parcel_centroid_lon: -80.86,
        notes: 'it\'s "quoted"',
        tags: [],
        created_at: '2026-01-02T03:04:05.678Z',
        // Its parcel, of no data set, is not served since migration 012: the list says so (issue #43).
        gone: { since: null },
      },
    ]);
  });

  it('keeps the record in step when the tags change', async () => {
    const repository = createSavedParcelsRepository(db);
    const [saved] = JSON.parse(await repository.listByUserAsJson('user-1')) as { id: number }[];
    expect(await repository.updateTags('user-1', saved!.id, ['Creek', 'it\'s "quoted"'])).toMatchObject({ tags: ['Creek', 'it\'s "quoted"'] });
    expect(JSON.parse(await repository.listByUserAsJson('user-1'))).toEqual([expect.objectContaining({ tags: ['Creek', 'it\'s "quoted"'] })]);
  });

  it('keeps the record in step when the notes change', async () => {
    const repository = createSavedParcelsRepository(db);
    const [saved] = JSON.parse(await repository.listByUserAsJson('user-1')) as { id: number }[];
    expect(await repository.updateNotes('user-1', saved!.id, null)).toMatchObject({ notes: null });
    expect(JSON.parse(await repository.listByUserAsJson('user-1'))).toEqual([expect.objectContaining({ notes: null })]);
  });
});
