import type { LayerSpecification, Map as MapboxMap } from 'mapbox-gl';
// @ts-expect-error -- typed through the cast below (see parcelLayers.test.ts)
import * as styleSpecModule from 'mapbox-gl/dist/style-spec/index.es.js';
import type * as StyleSpec from 'mapbox-gl/dist/style-spec/index.d.ts';
import { drawnOverlayNames, installOverlayLayers, overlayColour, overlayFeaturesAt, overlayLayerIds, overlayLayers, overlaySource, overlaySourceId, type OverlayLayer } from './overlayLayers.ts';

const styleSpec = styleSpecModule as typeof StyleSpec;

const flood: OverlayLayer = {
  name: 'flood-zones',
  label: 'Flood zones (FEMA 100-year)',
  geometryType: 'polygon',
  tilesUrl: 'http://api.test/tiles/overlays/flood-zones/{z}/{x}/{y}.pbf?v=1',
  style: { colour: '#888888', byAttribute: { attribute: 'fld_zone', colours: { AE: '#1c7ed6', X: '#a5d8ff' } } },
};
const rail: OverlayLayer = { name: 'railroads', label: 'Railroads', geometryType: 'line', tilesUrl: 'http://api.test/tiles/overlays/railroads/{z}/{x}/{y}.pbf?v=2', style: { colour: '#333333' } };
const exempt: OverlayLayer = { name: 'tax-exempt', label: 'Tax-exempt', geometryType: 'point', tilesUrl: 'http://api.test/tiles/overlays/tax-exempt/{z}/{x}/{y}.pbf?v=1', style: { colour: '#e8590c' } };

function colourOf(colour: ReturnType<typeof overlayColour>, properties: Record<string, unknown>): string {
  const expression = styleSpec.expression.createExpression(colour as never, { type: 'color' } as never);
  if (expression.result !== 'success') throw new Error(JSON.stringify(expression.value));
  return String(expression.value.evaluate({ zoom: 14 }, { type: 3, properties, geometry: [] } as never));
}

describe('overlayColour', () => {
  it('is the one colour of an overlay styled without an attribute', () => {
    expect(overlayColour({ colour: '#333333' })).toBe('#333333');
  });

  it('colours each listed value of the attribute, and every other value (or none) in the overlay colour', () => {
    const colour = overlayColour(flood.style);
    expect(colourOf(colour, { fld_zone: 'AE' })).toBe(colourOf('#1c7ed6', {}));
    expect(colourOf(colour, { fld_zone: 'X' })).toBe(colourOf('#a5d8ff', {}));
    expect(colourOf(colour, { fld_zone: 'VE' })).toBe(colourOf('#888888', {}));
    expect(colourOf(colour, {})).toBe(colourOf('#888888', {}));
  });

  it('matches numeric attribute values by their text, as the mapping file writes them', () => {
    const colour = overlayColour({ colour: '#000000', byAttribute: { attribute: 'code', colours: { '3': '#ff0000' } } });
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

/** Just enough of a map to hold a style's sources and layers in order, and record changes to them. */
function fakeMap(baseLayers: LayerSpecification[] = []) {
  const layers: LayerSpecification[] = [...baseLayers];
  const sources = new Map<string, { tiles?: string[] }>();
  const calls: string[] = [];
  const map = {
    getStyle: () => ({ version: 8, sources: Object.fromEntries(sources), layers: [...layers] }),
    getLayer: (id: string) => layers.find((layer) => layer.id === id),
    getSource: (id: string) => sources.get(id),
    addSource: (id: string, source: { tiles?: string[] }) => (calls.push(`addSource ${id}`), sources.set(id, source)),
    removeSource: (id: string) => (calls.push(`removeSource ${id}`), sources.delete(id)),
    addLayer: (layer: LayerSpecification, beforeId?: string) => {
      const at = beforeId ? layers.findIndex((candidate) => candidate.id === beforeId) : layers.length;
      layers.splice(at, 0, layer);
    },
    removeLayer: (id: string) => layers.splice(layers.findIndex((layer) => layer.id === id), 1),
  };
  return { map: map as unknown as MapboxMap, layers, calls };
}

const base: LayerSpecification[] = [
  { id: 'land', type: 'background' },
  { id: 'parcels-label', type: 'background' },
  { id: 'parcels-fill', type: 'background' },
];

describe('installOverlayLayers', () => {
  it('draws the overlays under the given layer, areas under lines under points whatever order they were switched on in', () => {
    const { map, layers } = fakeMap(base);
    installOverlayLayers(map, [exempt, rail, flood], 'parcels-label');
    expect(layers.map((layer) => layer.id)).toEqual([
      'land',
      overlayLayerIds('flood-zones').fill,
      overlayLayerIds('flood-zones').outline,
      overlayLayerIds('railroads').line,
      overlayLayerIds('tax-exempt').point,
      'parcels-label',
      'parcels-fill',
    ]);
  });

  it('takes off the overlays switched off, and reloads an overlay only when its tiles change (a new version)', () => {
    const { map, layers, calls } = fakeMap(base);
    installOverlayLayers(map, [flood, rail], 'parcels-label');
    calls.length = 0;
    installOverlayLayers(map, [flood], 'parcels-label');
    expect(calls).toEqual([`removeSource ${overlaySourceId('railroads')}`]);
    expect(layers.map((layer) => layer.id)).toEqual(['land', overlayLayerIds('flood-zones').fill, overlayLayerIds('flood-zones').outline, 'parcels-label', 'parcels-fill']);

    calls.length = 0;
    installOverlayLayers(map, [{ ...flood, tilesUrl: flood.tilesUrl.replace('v=1', 'v=2') }], 'parcels-label');
    expect(calls).toEqual([`removeSource ${overlaySourceId('flood-zones')}`, `addSource ${overlaySourceId('flood-zones')}`]);

    installOverlayLayers(map, [], 'parcels-label');
    expect(layers.map((layer) => layer.id)).toEqual(['land', 'parcels-label', 'parcels-fill']);
  });

  it('says which overlays the style draws, bottom first', () => {
    const { map } = fakeMap(base);
    expect(drawnOverlayNames(map)).toEqual([]);
    installOverlayLayers(map, [exempt, flood], 'parcels-label');
    expect(drawnOverlayNames(map)).toEqual(['flood-zones', 'tax-exempt']);
  });

  it('draws on top when the layer to go under is missing', () => {
    const { map, layers } = fakeMap([{ id: 'land', type: 'background' }]);
    installOverlayLayers(map, [rail], 'parcels-label');
    expect(layers.map((layer) => layer.id)).toEqual(['land', overlayLayerIds('railroads').line]);
  });
});

describe('overlayFeaturesAt', () => {
  function mapWithFeatures(features: { layer: string; id?: number; properties: Record<string, unknown> }[]) {
    const { map } = fakeMap(base);
    installOverlayLayers(map, [flood, rail], 'parcels-label');
    const queries: { at: unknown; layers: string[] }[] = [];
    (map as unknown as { queryRenderedFeatures: unknown }).queryRenderedFeatures = (at: unknown, { layers }: { layers: string[] }) => {
      queries.push({ at, layers });
      return features.filter((feature) => layers.includes(feature.layer)).map((feature) => ({ ...feature, layer: { id: feature.layer } }));
    };
    return { map, queries };
  }

  it('lists each overlay feature under the point once, with its overlay’s label and its attributes', () => {
    const { map } = mapWithFeatures([
      { layer: overlayLayerIds('flood-zones').fill, properties: { fld_zone: 'AE', static_bfe: 3.5, sfha_tf: 'T' } },
      // The same zone again from the next tile.
      { layer: overlayLayerIds('flood-zones').fill, properties: { fld_zone: 'AE', static_bfe: 3.5, sfha_tf: 'T' } },
      { layer: overlayLayerIds('railroads').line, id: 7, properties: { name: 'MBTA', nested: { not: 'shown' } } },
    ]);
    expect(overlayFeaturesAt(map, { x: 100, y: 50 }, [flood, rail])).toEqual([
      { overlay: 'railroads', label: 'Railroads', properties: { name: 'MBTA' } },
      { overlay: 'flood-zones', label: 'Flood zones (FEMA 100-year)', properties: { fld_zone: 'AE', static_bfe: 3.5, sfha_tf: 'T' } },
    ]);
  });

  it('hits areas at the point itself and lines within a few pixels, and asks nothing of outlines or overlays not drawn', () => {
    const { map, queries } = mapWithFeatures([]);
    overlayFeaturesAt(map, { x: 100, y: 50 }, [flood, rail, exempt]);
    expect(queries).toEqual([
      { at: [[96, 46], [104, 54]], layers: [overlayLayerIds('railroads').line] },
      { at: [100, 50], layers: [overlayLayerIds('flood-zones').fill] },
    ]);
    expect(overlayFeaturesAt(fakeMap(base).map, { x: 1, y: 1 }, [flood])).toEqual([]);
  });
});
