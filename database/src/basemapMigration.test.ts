// Migration 006 moves the base map's roads into basemap_features: a database seeded before it keeps them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { openTestDbBefore } from './testing/openTestDbBefore.ts';

describe('migration 006 on a database with roads', () => {
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await openTestDbBefore('006'));
    const { rows } = await db.query<{ id: number }>("INSERT INTO datasets (source_name, licence, is_current) VALUES ('demo', 'CC0', true) RETURNING id");
    await db.query(
      `INSERT INTO map_roads (name, kind, geometry, dataset_id)
       VALUES ('MAIN ST', 'major', '{"type":"LineString","coordinates":[[-80.86,35.62],[-80.85,35.62]]}', $1)`,
      [rows[0]!.id],
    );
    await migrate(db);
  });

  afterAll(() => close());

  it('keeps every road as a feature of the roads layer of its data set', async () => {
    const { rows } = await db.query('SELECT layer, name, kind, geometry FROM basemap_features');
    expect(rows).toEqual([{ layer: 'roads', name: 'MAIN ST', kind: 'major', geometry: { type: 'LineString', coordinates: [[-80.86, 35.62], [-80.85, 35.62]] } }]);
    const { rows: tables } = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'map_roads' AND table_schema = current_schema()");
    expect(tables).toEqual([]);
  });
});
