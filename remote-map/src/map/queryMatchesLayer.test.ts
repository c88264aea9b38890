import type { Feature } from 'geojson';
import { testConfig } from '@parcel-map/shared/testing';
import { PARCEL_HIGHLIGHT_SOURCE_ID, PARCEL_LAYER_IDS, PARCEL_SOURCE_ID, parcelLayer } from './parcelLayers.ts';
import { QUERY_MATCH_LAYER_IDS, queryMatchesLayer } from './queryMatchesLayer.ts';
import { FakeMap } from './testing/fakeMap.ts';

const parcel = (pin: string): Feature => ({ type: 'Feature', properties: { PIN: pin }, geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] } });

async function mapWithParcels(pins: string[]) {
  const fake = new FakeMap([{ url: 'http://styles.test/s.json' }]);
  await fake.styleLoaded();
  for (const id of [PARCEL_SOURCE_ID, PARCEL_HIGHLIGHT_SOURCE_ID]) fake.setVectorFeatures(id, pins.map(parcel));
  parcelLayer.install(fake.map, parcelLayer.initial(testConfig.map), { satellite: false });
  return fake;
}

describe('query matches layer', () => {
  it('highlights every matched parcel on the tiles, under the selection, and none once the query has none', async () => {
    const fake = await mapWithParcels(['1', '2', '3', '4']);
    queryMatchesLayer.install(fake.map, queryMatchesLayer.initial(testConfig.map), { satellite: false });
    const drawn = () => fake.drawnFeatures(QUERY_MATCH_LAYER_IDS.fill).map((feature) => feature.properties.PIN);
    expect(drawn()).toEqual([]);
    // Hidden with nothing to draw: the highlight tiles are not loaded for it.
    expect(fake.visibility(QUERY_MATCH_LAYER_IDS.line)).toBe('none');

    const matched = { pins: ['2', '4'] };
    queryMatchesLayer.update(fake.map, matched, { pins: [] }, { satellite: false });
    expect(drawn()).toEqual(['2', '4']);
    expect(fake.drawnFeatures(QUERY_MATCH_LAYER_IDS.line)).toHaveLength(2);
    expect(fake.layerIds().indexOf(QUERY_MATCH_LAYER_IDS.line)).toBeLessThan(fake.layerIds().indexOf(PARCEL_LAYER_IDS.selected));
    expect(queryMatchesLayer.published?.(matched, fake.map)).toEqual({ queryMatches: 2 });

    queryMatchesLayer.update(fake.map, { pins: [] }, matched, { satellite: false });
    expect(drawn()).toEqual([]);
    expect(fake.visibility(QUERY_MATCH_LAYER_IDS.fill)).toBe('none');
    expect(queryMatchesLayer.published?.({ pins: [] }, fake.map)).toEqual({ queryMatches: null });
  });
});
