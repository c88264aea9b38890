// Migration 023 gives each overlay version a legend: those imported before it list the values their
// features hold that the mapping coloured, in its colours, and count the rest as drawn in the
// overlay's colour, as the map drew them; an overlay coloured alike has none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { openTestDbBefore } from './testing/openTestDbBefore.ts';

describe('migration 023 on a database with overlays imported before it', () => {
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await openTestDbBefore('023'));
    const overlay = async (name: string, style: object, properties: object[]) => {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO overlays (name, version, is_current, label, geometry_type, style, source_name, licence) VALUES ($1, 1, true, $1, 'polygon', $2::jsonb, 'GIS', 'PDDL') RETURNING id`,
        [name, JSON.stringify(style)],
      );
      for (const [i, feature] of properties.entries()) {
        await db.query(
          `INSERT INTO overlay_features (overlay_id, feature, properties, geometry, min_lon, min_lat, max_lon, max_lat) VALUES ($1, $2, $3::jsonb, '{}', 0, 0, 1, 1)`,
          [rows[0]!.id, i + 1, JSON.stringify(feature)],
        );
      }
    };
    await overlay('flood-zones', { colour: '#74a9cf', byAttribute: { attribute: 'fld_zone', colours: { AE: '#0570b0', VE: '#023858', X: '#fdae6b' } } }, [
      { fld_zone: 'AE' }, { fld_zone: 'AE' }, { fld_zone: 'X' }, { fld_zone: 'D' }, {},
    ]);
    await overlay('railroads', { colour: '#333333' }, [{ name: 'Southern Railway' }]);
    await migrate(db);
  });
  afterAll(() => close());

  const current = async (name: string) => (await db.query<{ legend: unknown; attribute_fields: unknown }>('SELECT legend, attribute_fields FROM overlays WHERE name = $1', [name])).rows[0];

  it('lists the values held that the mapping coloured, and counts the others', async () => {
    expect(await current('flood-zones')).toEqual({
      legend: {
        attribute: 'fld_zone',
        entries: [
          { value: 'AE', label: 'AE', colour: '#0570b0', features: 2 },
          { value: 'X', label: 'X', colour: '#fdae6b', features: 1 },
        ],
        others: 2,
      },
      attribute_fields: [],
    });
  });

  it('gives an overlay coloured alike no legend', async () => {
    expect(await current('railroads')).toEqual({ legend: null, attribute_fields: [] });
  });
});
