// Issue #41 point 5: an overlay's tiles carry the property that names its features (style.labelAttribute)
// for the styles' water and road names, whatever its mapping shows, and no "<Null>" for a name.
import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CENTRE } from '@parcel-map/county-data/demo';
import { squarePolygon } from '@parcel-map/county-data/testing';
import type { Db } from '@parcel-map/database';
import { openTestDb } from '@parcel-map/database/testing';
import { OVERLAY_SOURCE_LAYER } from '@parcel-map/shared/contracts';
import { lonLatToTile } from '../kit/tileMath.ts';
import { createOverlayFeaturesRepository } from './overlayFeaturesRepository.ts';
import { createOverlayTiles } from './overlayTiles.ts';

describe('overlay tiles and labels', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  /** A current overlay of side-by-side squares round the demo centre, one per properties object. */
  async function publish(name: string, style: object, shownAttributes: string[] | null, properties: Record<string, unknown>[]): Promise<void> {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO overlays (name, version, is_current, label, geometry_type, context, style, shown_attributes, source_name, licence)
       VALUES ($1, 1, true, $1, 'polygon', 'water', $2, $3, 'test', 'none') RETURNING id`,
      [name, JSON.stringify(style), shownAttributes && JSON.stringify(shownAttributes)],
    );
    for (const [i, props] of properties.entries()) {
      const west = DEMO_CENTRE.lng - 0.004 + i * 0.002;
      await db.query(
        'INSERT INTO overlay_features (overlay_id, feature, properties, geometry, min_lon, min_lat, max_lon, max_lat) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [rows[0]!.id, i + 1, JSON.stringify(props), JSON.stringify(squarePolygon(west, DEMO_CENTRE.lat, 0.001)), west, DEMO_CENTRE.lat, west + 0.001, DEMO_CENTRE.lat + 0.001],
      );
    }
  }

  async function tileProperties(name: string) {
    const tiles = createOverlayTiles({ features: createOverlayFeaturesRepository(db), dataVersion: { current: async () => 1, known: () => 1 } });
    const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 14);
    const tile = await tiles.getTile(14, x, y, name);
    if (tile.kind !== 'tile') throw new Error('no tile');
    const layer = new VectorTile(new PbfReader(gunzipSync(tile.body))).layers[OVERLAY_SOURCE_LAYER]!;
    return Array.from({ length: layer.length }, (_, i) => layer.feature(i)).sort((a, b) => Number(a.id) - Number(b.id)).map((feature) => feature.properties);
  }

  it('carries the label attribute the mapping does not show, and leaves out the values that name nothing', async () => {
    await publish('ponds', { colour: '#aad3df', labelAttribute: 'NAME' }, ['TYPE'], [
      { NAME: 'Fresh Pond', TYPE: 'POND', OWNER: 'City' },
      { NAME: '<Null>', TYPE: 'WETAREA', OWNER: 'City' },
      { TYPE: 'POND' },
    ]);
    expect(await tileProperties('ponds')).toEqual([{ TYPE: 'POND', NAME: 'Fresh Pond' }, { TYPE: 'WETAREA' }, { TYPE: 'POND' }]);
  });

  it('carries every property where the mapping shows all, and only those of an overlay with no label attribute', async () => {
    await publish('lakes', { colour: '#aad3df', labelAttribute: 'Name' }, null, [{ Name: 'Lake Norman', Acres: 32_510 }, { Name: 'None', Acres: 4 }]);
    expect(await tileProperties('lakes')).toEqual([{ Name: 'Lake Norman', Acres: 32_510 }, { Acres: 4 }]);
    await publish('pools', { colour: '#aad3df' }, ['TYPE'], [{ NAME: 'Pool', TYPE: 'POOL' }]);
    expect(await tileProperties('pools')).toEqual([{ TYPE: 'POOL' }]);
  });
});
