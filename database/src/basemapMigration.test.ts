// Migration 006 moves the base map's roads into basemap_features: a database seeded before it keeps them.
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.ts';
import { migrate, MIGRATIONS_DIR } from './migrate.ts';
import { openTestDb } from './testing/openTestDb.ts';

describe('migration 006 on a database with roads', () => {
  let db: Db;
  let earlierMigrations: string;

  beforeAll(async () => {
    earlierMigrations = await mkdtemp(path.join(tmpdir(), 'migrations-'));
    for (const name of (await readdir(MIGRATIONS_DIR)).filter((name) => name < '006')) {
      await cp(path.join(MIGRATIONS_DIR, name), path.join(earlierMigrations, name));
    }
    db = await openTestDb({ migrationsDir: earlierMigrations });
    const { rows } = await db.query<{ id: number }>("INSERT INTO datasets (source_name, licence, is_current) VALUES ('demo', 'CC0', true) RETURNING id");
    await db.query(
      `INSERT INTO map_roads (name, kind, geometry, dataset_id)
       VALUES ('MAIN ST', 'major', '{"type":"LineString","coordinates":[[-80.86,35.62],[-80.85,35.62]]}', $1)`,
      [rows[0]!.id],
    );
    await migrate(db);
  });

  afterAll(async () => {
    await db.close();
    await rm(earlierMigrations, { recursive: true, force: true });
  });

  it('keeps every road as a feature of the roads layer of its data set', async () => {
    const { rows } = await db.query('SELECT layer, name, kind, geometry FROM basemap_features');
    expect(rows).toEqual([{ layer: 'roads', name: 'MAIN ST', kind: 'major', geometry: { type: 'LineString', coordinates: [[-80.86, 35.62], [-80.85, 35.62]] } }]);
    const { rows: tables } = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'map_roads' AND table_schema = current_schema()");
    expect(tables).toEqual([]);
  });
});
