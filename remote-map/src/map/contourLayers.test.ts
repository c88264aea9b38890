import type { LayerSpecification } from 'mapbox-gl';
// @ts-expect-error -- typed through the cast below (see parcelLayers.test.ts)
import * as styleSpecModule from 'mapbox-gl/dist/style-spec/index.es.js';
import type * as StyleSpec from 'mapbox-gl/dist/style-spec/index.d.ts';
import { CONTOUR_LAYER_IDS, CONTOUR_SOURCE_ID, contourLayer, contourLayers, contourSource, metresToFeet } from './contourLayers.ts';
import { PARCEL_LAYER_IDS } from './parcelLayers.ts';
import { FakeMap } from './testing/fakeMap.ts';

const styleSpec = styleSpecModule as typeof StyleSpec;
const byId = (layers: LayerSpecification[], id: string) => layers.find((layer) => layer.id === id)!;

function passes(layer: LayerSpecification, zoom: number, properties: Record<string, unknown>): boolean {
  const filter = (layer as { filter?: unknown }).filter;
  const { filter: evaluate } = styleSpec.featureFilter(filter as never);
  return (layer.minzoom ?? 0) <= zoom && evaluate({ zoom }, { type: 2, properties, geometry: [] } as never);
}

describe('contour layers', () => {
  const layers = contourLayers({ visible: false, satellite: false, withLabels: true });

  it('start hidden', () => {
    for (const layer of layers) expect(layer.layout).toMatchObject({ visibility: 'none' });
    expect(contourLayers({ visible: true, satellite: false, withLabels: true })[0]?.layout).toMatchObject({ visibility: 'visible' });
  });

  it('draw lines from zoom 12 where index is 6 or more', () => {
    const line = byId(layers, CONTOUR_LAYER_IDS.line);
    expect(line.minzoom).toBe(12);
    expect(passes(line, 12, { index: 10, ele: 200 })).toBe(true);
    expect(passes(line, 12, { index: 6, ele: 200 })).toBe(true);
    expect(passes(line, 12, { index: 5, ele: 200 })).toBe(false);
  });

  it('label index-5 lines from zoom 13', () => {
    const label = byId(layers, CONTOUR_LAYER_IDS.label);
    expect(label.minzoom).toBe(13);
    expect(passes(label, 13, { index: 5, ele: 200 })).toBe(true);
    expect(passes(label, 13, { index: 10, ele: 200 })).toBe(false);
  });

  it('write the elevation in feet', () => {
    expect(metresToFeet(100)).toBe(328);
    const label = byId(layers, CONTOUR_LAYER_IDS.label);
    const field = (label.layout as Record<string, unknown>)['text-field'];
    const expression = styleSpec.expression.createExpression(field as never);
    if (expression.result !== 'success') throw new Error('invalid text-field');
    expect(String(expression.value.evaluate({ zoom: 14 }, { type: 2, properties: { ele: 100 }, geometry: [] } as never))).toBe('328 ft');
  });

  it('are a valid style with their source', () => {
    const style = { version: 8, glyphs: 'http://g/{fontstack}/{range}.pbf', sources: { [CONTOUR_SOURCE_ID]: contourSource('http://t/{z}/{x}/{y}.pbf') }, layers };
    expect(styleSpec.validate(style as never)).toEqual([]);
  });

  it('reference mapbox tilesets by url and other servers by tile template', () => {
    expect(contourSource('mapbox://mapbox.mapbox-terrain-v2')).toEqual({ type: 'vector', url: 'mapbox://mapbox.mapbox-terrain-v2' });
    expect(contourSource('http://t/{z}/{x}/{y}.pbf')).toMatchObject({ type: 'vector', tiles: ['http://t/{z}/{x}/{y}.pbf'] });
  });
});

describe('contourLayer on a map', () => {
  const tilesUrl = 'http://t/{z}/{x}/{y}.pbf';
  async function installed(visible: boolean, glyphs?: string) {
    const fake = new FakeMap([{ url: 'http://styles.test/s.json', glyphs, layers: [{ id: 'land', type: 'background' }, { id: PARCEL_LAYER_IDS.fill, type: 'background' }] }]);
    await fake.styleLoaded();
    contourLayer.install(fake.map, { tilesUrl, visible }, { satellite: false });
    return fake;
  }

  it('goes under the parcels, hidden until switched on, and shown and hidden again, labels with the lines', async () => {
    const fake = await installed(false, 'http://g/{fontstack}/{range}.pbf');
    expect(fake.layerIds()).toEqual(['land', CONTOUR_LAYER_IDS.line, CONTOUR_LAYER_IDS.label, PARCEL_LAYER_IDS.fill]);
    fake.zoom = 14;
    fake.setVectorFeatures(CONTOUR_SOURCE_ID, [5, 10].map((index) => ({ type: 'Feature', properties: { index, ele: 100 }, geometry: { type: 'LineString', coordinates: [] } })));
    expect(fake.drawnFeatures(CONTOUR_LAYER_IDS.line)).toEqual([]);
    contourLayer.update(fake.map, { tilesUrl, visible: true }, { tilesUrl, visible: false }, { satellite: false });
    expect(fake.drawnFeatures(CONTOUR_LAYER_IDS.line).map((feature) => feature.properties.index)).toEqual([10]);
    expect(fake.drawnFeatures(CONTOUR_LAYER_IDS.label).map((feature) => feature.properties.index)).toEqual([5]);
    expect(contourLayer.published?.({ tilesUrl, visible: true }, fake.map)).toEqual({ contours: 'visible' });
    contourLayer.update(fake.map, { tilesUrl, visible: false }, { tilesUrl, visible: true }, { satellite: false });
    expect(fake.visibility(CONTOUR_LAYER_IDS.label)).toBe('none');
  });

  it('leaves the labels out of a style without glyphs, and draws nothing without a tile URL', async () => {
    const fake = await installed(true);
    expect(fake.getLayer(CONTOUR_LAYER_IDS.label)).toBeUndefined();
    contourLayer.update(fake.map, { tilesUrl, visible: false }, { tilesUrl, visible: true }, { satellite: false });
    expect(fake.visibility(CONTOUR_LAYER_IDS.line)).toBe('none');

    const bare = new FakeMap([{ url: 'http://styles.test/s.json' }]);
    await bare.styleLoaded();
    contourLayer.install(bare.map, { tilesUrl: undefined, visible: true }, { satellite: false });
    expect(bare.sourceIds()).toEqual([]);
    expect(contourLayer.published?.({ tilesUrl: undefined, visible: true }, bare.map)).toEqual({ contours: 'absent' });
  });
});
