import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from './testing/openTestDb.ts';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';

describe('migrate', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(); // already migrated once
  });
  afterAll(() => db.close());

  it('records each migration once and applies nothing the second time', async () => {
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((row) => row.name)).toContain('001_initial_schema.sql');
  });

  it('creates the tables the API uses', async () => {
    const { rows } = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(['basemap_features', 'datasets', 'elevation_grids', 'parcels', 'saved_parcels', 'schema_migrations']),
    );
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO datasets (name, version, source_name, licence) VALUES ('rollback-test', 1, 'rollback-test', 'none')`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await db.query(`SELECT 1 FROM datasets WHERE source_name = 'rollback-test'`);
    expect(rows).toHaveLength(0);
  });
});
