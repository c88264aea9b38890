import type { Markup } from '@parcel-map/shared';
import { testConfig } from '@parcel-map/shared/testing';
import { MARKUP_LAYER_IDS, markupsCollection, markupsLayer } from './markupsLayer.ts';
import { HIGHLIGHT_LAYER_IDS, PARCEL_LAYER_IDS, parcelLayer } from './parcelLayers.ts';
import { FakeMap } from './testing/fakeMap.ts';

const markup = (overrides: Partial<Markup>): Markup => ({
  id: 1,
  name: 'Fence line',
  color: '#1971c2',
  geometry: { type: 'LineString', coordinates: [[-80.86, 35.62], [-80.85, 35.62]] },
  visible: true,
  created_at: '2026-11-27T12:00:00.000Z',
  ...overrides,
});

describe('markups overlay', () => {
  it('draws the shown markups only, each with its own colour and name', () => {
    const collection = markupsCollection([markup({ id: 1 }), markup({ id: 2, visible: false }), markup({ id: 3, color: '#e03131', geometry: { type: 'Point', coordinates: [-80.8, 35.6] } })]);
    expect(collection.features).toEqual([
      { type: 'Feature', id: 1, properties: { name: 'Fence line', color: '#1971c2' }, geometry: { type: 'LineString', coordinates: [[-80.86, 35.62], [-80.85, 35.62]] } },
      { type: 'Feature', id: 3, properties: { name: 'Fence line', color: '#e03131' }, geometry: { type: 'Point', coordinates: [-80.8, 35.6] } },
    ]);
  });

  it('draws each shown markup by its kind: areas filled and outlined, lines as lines, points as circles', async () => {
    const fake = new FakeMap([{ url: 'http://styles.test/s.json' }]);
    await fake.styleLoaded();
    const area = markup({ id: 2, geometry: { type: 'Polygon', coordinates: [[[-80.86, 35.62], [-80.85, 35.62], [-80.85, 35.63], [-80.86, 35.62]]] } });
    const point = markup({ id: 3, geometry: { type: 'Point', coordinates: [-80.8, 35.6] } });
    markupsLayer.install(fake.map, { markups: [] }, { satellite: false });
    markupsLayer.update(fake.map, { markups: [markup({ id: 1 }), area, point, markup({ id: 4, visible: false })] }, { markups: [] }, { satellite: false });
    const ids = (layerId: string) => fake.drawnFeatures(layerId).map((feature) => feature.id);
    expect(ids(MARKUP_LAYER_IDS.fill)).toEqual([2]);
    expect(ids(MARKUP_LAYER_IDS.line)).toEqual([1, 2]);
    expect(ids(MARKUP_LAYER_IDS.point)).toEqual([3]);
    expect(markupsLayer.published?.({ markups: [area, markup({ id: 4, visible: false })] }, fake.map)).toEqual({ markups: 1 });
  });

  it('draws the markups under the parcel selection and hover, so a markup over the selected parcel never hides its highlight (issue #44)', async () => {
    const fake = new FakeMap([{ url: 'http://styles.test/s.json' }]);
    await fake.styleLoaded();
    parcelLayer.install(fake.map, { ...parcelLayer.initial(testConfig.map), selectedPin: '4634000007' }, { satellite: false });
    markupsLayer.install(fake.map, { markups: [markup({})] }, { satellite: false });
    const order = fake.layerIds();
    const lowestHighlight = Math.min(...HIGHLIGHT_LAYER_IDS.map((id) => order.indexOf(id)));
    for (const id of Object.values(MARKUP_LAYER_IDS)) {
      expect(order.indexOf(id)).toBeGreaterThan(order.indexOf(PARCEL_LAYER_IDS.fill));
      expect(order.indexOf(id)).toBeLessThan(lowestHighlight);
    }
  });

  it('draws the markups on top where the style has no parcel layers', async () => {
    const fake = new FakeMap([{ url: 'http://styles.test/s.json' }]);
    await fake.styleLoaded();
    markupsLayer.install(fake.map, { markups: [] }, { satellite: false });
    expect(fake.layerIds().slice(-3)).toEqual([MARKUP_LAYER_IDS.fill, MARKUP_LAYER_IDS.line, MARKUP_LAYER_IDS.point]);
  });
});
