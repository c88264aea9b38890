import type { LayerSpecification } from 'mapbox-gl';
// @ts-expect-error -- typed through the cast below (see parcelLayers.test.ts)
import * as styleSpecModule from 'mapbox-gl/dist/style-spec/index.es.js';
import type * as StyleSpec from 'mapbox-gl/dist/style-spec/index.d.ts';
import { FakeMap } from './testing/fakeMap.ts';
import { drawnOverlayNames, installOverlayLayers, overlayColour, overlayFeaturesAt, overlayLayerIds, overlayLayers, overlaySource, overlaySourceId, type OverlayLayer } from './overlayLayers.ts';

const styleSpec = styleSpecModule as typeof StyleSpec;

const floodFields = [{ key: 'fld_zone', label: 'Flood zone', codes: { AE: '1% annual chance flood, base flood elevation determined' } }];
const flood: OverlayLayer = {
  name: 'flood-zones',
  label: 'Flood zones (FEMA 100-year)',
  geometryType: 'polygon',
  tilesUrl: 'http://api.test/tiles/overlays/flood-zones/{z}/{x}/{y}.pbf?v=1',
  // The style's colours as the mapping gave them, VE too; the legend the values the layer holds.
  style: { colour: '#888888', byAttribute: { attribute: 'fld_zone', colours: { AE: '#0570b0', VE: '#023858' } } },
  legend: {
    attribute: 'fld_zone',
    entries: [
      { value: 'AE', label: '1% annual chance flood, base flood elevation determined', colour: '#332288', features: 18 },
      { value: 'X', label: 'X', colour: '#DDCC77', features: 3 },
    ],
    others: 0,
  },
  fields: floodFields,
};
const rail: OverlayLayer = { name: 'railroads', label: 'Railroads', geometryType: 'line', tilesUrl: 'http://api.test/tiles/overlays/railroads/{z}/{x}/{y}.pbf?v=2', style: { colour: '#333333' }, legend: null, fields: [] };
const exempt: OverlayLayer = { name: 'tax-exempt', label: 'Tax-exempt', geometryType: 'point', tilesUrl: 'http://api.test/tiles/overlays/tax-exempt/{z}/{x}/{y}.pbf?v=1', style: { colour: '#e8590c' }, legend: null, fields: [] };

function colourOf(colour: ReturnType<typeof overlayColour>, properties: Record<string, unknown>): string {
  const expression = styleSpec.expression.createExpression(colour as never, { type: 'color' } as never);
  if (expression.result !== 'success') throw new Error(JSON.stringify(expression.value));
  return String(expression.value.evaluate({ zoom: 14 }, { type: 3, properties, geometry: [] } as never));
}

describe('overlayColour', () => {
  it('is the one colour of an overlay without a legend', () => {
    expect(overlayColour(rail)).toBe('#333333');
  });

  it('colours each value of the legend in its colour, and every other value (or none) in the overlay colour', () => {
    const colour = overlayColour(flood);
    expect(colourOf(colour, { fld_zone: 'AE' })).toBe(colourOf('#332288', {}));
    expect(colourOf(colour, { fld_zone: 'X' })).toBe(colourOf('#DDCC77', {}));
    expect(colourOf(colour, { fld_zone: 'VE' })).toBe(colourOf('#888888', {}));
    expect(colourOf(colour, {})).toBe(colourOf('#888888', {}));
  });

  it('matches numeric attribute values by their text, as the legend writes them', () => {
    const colour = overlayColour({ style: { colour: '#000000' }, legend: { attribute: 'code', entries: [{ value: '3', label: '3', colour: '#ff0000', features: 1 }], others: 0 } });
    expect(colourOf(colour, { code: 3 })).toBe(colourOf('#ff0000', {}));
  });
});

describe('overlayLayers', () => {
  it('draws areas as a see-through fill with an outline, lines as lines and points as circles', () => {
    expect(overlayLayers(flood).map((layer) => layer.type)).toEqual(['fill', 'line']);
    expect(overlayLayers(rail).map((layer) => layer.type)).toEqual(['line']);
    expect(overlayLayers(exempt).map((layer) => layer.type)).toEqual(['circle']);
  });

  it('are a valid style with their sources, reading the overlay tiles’ layer', () => {
    const overlays = [flood, rail, exempt];
    const style = {
      version: 8,
      sources: Object.fromEntries(overlays.map((overlay) => [overlaySourceId(overlay.name), overlaySource(overlay.tilesUrl)])),
      layers: overlays.flatMap(overlayLayers),
    };
    expect(styleSpec.validate(style as never)).toEqual([]);
    for (const layer of style.layers) expect((layer as { 'source-layer'?: string })['source-layer']).toBe('features');
    expect(overlaySource(flood.tilesUrl)).toMatchObject({ minzoom: 8, maxzoom: 16 });
  });
});

/** A fake map with the base layers loaded, recording what is done to the overlay sources. */
async function fakeMap(baseLayers: LayerSpecification[] = []) {
  const fake = new FakeMap([{ url: 'http://styles.test/s.json', layers: baseLayers }]);
  await fake.styleLoaded();
  const calls: string[] = [];
  const { addSource, removeSource } = fake;
  fake.addSource = (id, spec) => (calls.push(`addSource ${id}`), addSource.call(fake, id, spec));
  fake.removeSource = (id) => (calls.push(`removeSource ${id}`), removeSource.call(fake, id));
  return { fake, map: fake.map, calls };
}

const base: LayerSpecification[] = [
  { id: 'land', type: 'background' },
  { id: 'parcels-label', type: 'background' },
  { id: 'parcels-fill', type: 'background' },
];

describe('installOverlayLayers', () => {
  it('draws the overlays under the given layer, areas under lines under points whatever order they were switched on in', async () => {
    const { fake, map } = await fakeMap(base);
    installOverlayLayers(map, [exempt, rail, flood], 'parcels-label');
    expect(fake.layerIds()).toEqual([
      'land',
      overlayLayerIds('flood-zones').fill,
      overlayLayerIds('flood-zones').outline,
      overlayLayerIds('railroads').line,
      overlayLayerIds('tax-exempt').point,
      'parcels-label',
      'parcels-fill',
    ]);
  });

  it('takes off the overlays switched off, and reloads an overlay only when its tiles change (a new version)', async () => {
    const { fake, map, calls } = await fakeMap(base);
    installOverlayLayers(map, [flood, rail], 'parcels-label');
    calls.length = 0;
    installOverlayLayers(map, [flood], 'parcels-label');
    expect(calls).toEqual([`removeSource ${overlaySourceId('railroads')}`]);
    expect(fake.layerIds()).toEqual(['land', overlayLayerIds('flood-zones').fill, overlayLayerIds('flood-zones').outline, 'parcels-label', 'parcels-fill']);

    calls.length = 0;
    installOverlayLayers(map, [{ ...flood, tilesUrl: flood.tilesUrl.replace('v=1', 'v=2') }], 'parcels-label');
    expect(calls).toEqual([`removeSource ${overlaySourceId('flood-zones')}`, `addSource ${overlaySourceId('flood-zones')}`]);

    installOverlayLayers(map, [], 'parcels-label');
    expect(fake.layerIds()).toEqual(['land', 'parcels-label', 'parcels-fill']);
  });

  it('says which overlays the style draws, bottom first', async () => {
    const { map } = await fakeMap(base);
    expect(drawnOverlayNames(map)).toEqual([]);
    installOverlayLayers(map, [exempt, flood], 'parcels-label');
    expect(drawnOverlayNames(map)).toEqual(['flood-zones', 'tax-exempt']);
  });

  it('paints an overlay’s areas and outlines in its legend’s colours', async () => {
    const { fake, map } = await fakeMap(base);
    installOverlayLayers(map, [flood], 'parcels-label');
    const { fill, outline } = overlayLayerIds('flood-zones');
    for (const [layer, property] of [[fill, 'fill-color'], [outline, 'line-color']] as const) {
      const paint = fake.getPaintProperty(layer, property) as ReturnType<typeof overlayColour>;
      expect(colourOf(paint, { fld_zone: 'AE' })).toBe(colourOf('#332288', {}));
      expect(colourOf(paint, { fld_zone: 'X' })).toBe(colourOf('#DDCC77', {}));
      // A value the mapping colours but the layer lacks is no case of the paint's.
      expect(JSON.stringify(paint)).not.toContain('VE');
    }
  });

  it('draws on top when the layer to go under is missing', async () => {
    const { fake, map } = await fakeMap([{ id: 'land', type: 'background' }]);
    installOverlayLayers(map, [rail], 'parcels-label');
    expect(fake.layerIds()).toEqual(['land', overlayLayerIds('railroads').line]);
  });
});

describe('overlayFeaturesAt', () => {
  async function mapWithFeatures(features: { layer: string; id?: number; properties: Record<string, unknown> }[]) {
    const { fake } = await fakeMap(base);
    installOverlayLayers(fake.map, [flood, rail], 'parcels-label');
    for (const overlay of [flood, rail]) {
      const ids = Object.values(overlayLayerIds(overlay.name)) as string[];
      fake.setVectorFeatures(
        overlaySourceId(overlay.name),
        features.filter((feature) => ids.includes(feature.layer)).map(({ id, properties }) => ({ type: 'Feature', ...(id !== undefined && { id }), properties, geometry: { type: overlay.geometryType === 'line' ? 'LineString' : 'Polygon', coordinates: [] } })),
      );
    }
    return { map: fake.map, queries: fake.queries };
  }

  it('lists each overlay feature under the point once, with its overlay’s label and its attributes', async () => {
    const { map } = await mapWithFeatures([
      { layer: overlayLayerIds('flood-zones').fill, properties: { fld_zone: 'AE', static_bfe: 3.5, sfha_tf: 'T' } },
      // The same zone again from the next tile.
      { layer: overlayLayerIds('flood-zones').fill, properties: { fld_zone: 'AE', static_bfe: 3.5, sfha_tf: 'T' } },
      { layer: overlayLayerIds('railroads').line, id: 7, properties: { name: 'MBTA', nested: { not: 'shown' } } },
    ]);
    expect(overlayFeaturesAt(map, { x: 100, y: 50 }, [flood, rail])).toEqual([
      { overlay: 'railroads', label: 'Railroads', fields: [], properties: { name: 'MBTA' } },
      { overlay: 'flood-zones', label: 'Flood zones (FEMA 100-year)', fields: floodFields, properties: { fld_zone: 'AE', static_bfe: 3.5, sfha_tf: 'T' } },
    ]);
  });

  it('hits areas at the point itself and lines within a few pixels, and asks nothing of outlines or overlays not drawn', async () => {
    const { map, queries } = await mapWithFeatures([]);
    overlayFeaturesAt(map, { x: 100, y: 50 }, [flood, rail, exempt]);
    expect(queries).toEqual([
      { at: [[96, 46], [104, 54]], layers: [overlayLayerIds('railroads').line] },
      { at: [100, 50], layers: [overlayLayerIds('flood-zones').fill] },
    ]);
    expect(overlayFeaturesAt((await fakeMap(base)).map, { x: 1, y: 1 }, [flood])).toEqual([]);
  });
});
