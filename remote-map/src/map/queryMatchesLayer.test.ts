import type { Feature } from 'geojson';
import { testConfig } from '@parcel-map/shared/testing';
import { PARCEL_HIGHLIGHT_SOURCE_ID, PARCEL_LAYER_IDS, PARCEL_SOURCE_ID, parcelLayer, parcelSource } from './parcelLayers.ts';
import { QUERY_MATCH_LAYER_IDS, QUERY_MATCH_SOURCE_ID, queryMatchesLayer, type QueryMatchesState } from './queryMatchesLayer.ts';
import { FakeMap } from './testing/fakeMap.ts';

const parcel = (pin: string): Feature => ({ type: 'Feature', properties: { PIN: pin }, geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] } });
const tilesOf = (key: string) => `http://api.test/tiles/query/${key}/{z}/{x}/{y}.pbf?v=3`;
const NO_QUERY: QueryMatchesState = { tilesUrl: null, total: 0 };

async function mapWithParcels(pins: string[]) {
  const fake = new FakeMap([{ url: 'http://styles.test/s.json' }]);
  await fake.styleLoaded();
  for (const id of [PARCEL_SOURCE_ID, PARCEL_HIGHLIGHT_SOURCE_ID]) fake.setVectorFeatures(id, pins.map(parcel));
  parcelLayer.install(fake.map, parcelLayer.initial(testConfig.map), { satellite: false });
  return fake;
}

describe('query matches layer', () => {
  it('draws the tiles of the query’s key, under the selection, another query’s instead of them, and no source without a query', async () => {
    const fake = await mapWithParcels(['1', '2', '3', '4']);
    queryMatchesLayer.install(fake.map, queryMatchesLayer.initial(testConfig.map), { satellite: false });
    // Nothing to draw: no source, so no tile is loaded for it.
    expect(fake.sourceIds()).not.toContain(QUERY_MATCH_SOURCE_ID);
    expect(fake.getLayer(QUERY_MATCH_LAYER_IDS.fill)).toBeUndefined();
    expect(queryMatchesLayer.published?.(NO_QUERY, fake.map)).toEqual({ queryMatches: null });

    // The API's tiles of a query hold its matches alone (as api-server's queryMatchTiles.test.ts shows).
    fake.setVectorFeatures(QUERY_MATCH_SOURCE_ID, [parcel('2'), parcel('4')]);
    const first: QueryMatchesState = { tilesUrl: tilesOf('firstKeyAAAAAAAAAAAAAA'), total: 30_000 };
    queryMatchesLayer.update(fake.map, first, NO_QUERY, { satellite: false });
    expect(fake.sourceSpec(QUERY_MATCH_SOURCE_ID)).toEqual(parcelSource(tilesOf('firstKeyAAAAAAAAAAAAAA')));
    expect(fake.drawnFeatures(QUERY_MATCH_LAYER_IDS.fill).map((feature) => feature.properties.PIN)).toEqual(['2', '4']);
    expect(fake.drawnFeatures(QUERY_MATCH_LAYER_IDS.line)).toHaveLength(2);
    expect(fake.layerIds().indexOf(QUERY_MATCH_LAYER_IDS.line)).toBeLessThan(fake.layerIds().indexOf(PARCEL_LAYER_IDS.selected));
    expect(queryMatchesLayer.published?.(first, fake.map)).toEqual({ queryMatches: 30_000 });

    const second: QueryMatchesState = { tilesUrl: tilesOf('secondKeyBBBBBBBBBBBBB'), total: 12 };
    queryMatchesLayer.update(fake.map, second, first, { satellite: false });
    expect(fake.sourceSpec(QUERY_MATCH_SOURCE_ID)).toMatchObject({ tiles: [tilesOf('secondKeyBBBBBBBBBBBBB')] });
    expect(fake.layerIds().filter((id) => id.startsWith('query-matches'))).toEqual([QUERY_MATCH_LAYER_IDS.fill, QUERY_MATCH_LAYER_IDS.line]);

    queryMatchesLayer.update(fake.map, NO_QUERY, second, { satellite: false });
    expect(fake.sourceIds()).not.toContain(QUERY_MATCH_SOURCE_ID);
    expect(fake.layerIds().filter((id) => id.startsWith('query-matches'))).toEqual([]);
  });
});
