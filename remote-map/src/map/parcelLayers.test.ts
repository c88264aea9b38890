import type { LayerSpecification } from 'mapbox-gl';
import { testConfig } from '@parcel-map/shared/testing';
import { FakeMap, type FakeStyle } from './testing/fakeMap.ts';
// The style-spec bundle ships its declarations as index.d.ts beside index.es.js, which TS cannot pair.
// @ts-expect-error -- typed through the cast below
import * as styleSpecModule from 'mapbox-gl/dist/style-spec/index.es.js';
import type * as StyleSpec from 'mapbox-gl/dist/style-spec/index.d.ts';
import {
  HIGHLIGHT_LAYER_IDS,
  HOVER_FILL,
  OUTLINE_COLOR,
  PARCEL_LAYER_IDS,
  PARCEL_HIGHLIGHT_SOURCE_ID,
  PARCEL_SOURCE_ID,
  outlineColor,
  parcelLayers,
  parcelLayer,
  parcelSource,
  pinFilter,
  type ParcelState,
  versionedTilesUrl,
} from './parcelLayers.ts';

const styleSpec = styleSpecModule as typeof StyleSpec;

function matches(filter: ReturnType<typeof pinFilter>, properties: Record<string, unknown>): boolean {
  const { filter: evaluate } = styleSpec.featureFilter(filter);
  return evaluate({ zoom: 15 }, { type: 3, properties, geometry: [] } as never);
}

describe('pinFilter', () => {
  it('matches only the parcel with that pin, whichever case the tiles use', () => {
    expect(matches(pinFilter('4601'), { pin: '4601' })).toBe(true);
    expect(matches(pinFilter('4601'), { PIN: '4601' })).toBe(true);
    expect(matches(pinFilter('4601'), { PIN: 4601 })).toBe(true);
    expect(matches(pinFilter('4601'), { pin: '4602' })).toBe(false);
    expect(matches(pinFilter('4601'), {})).toBe(false);
  });

  it('matches nothing for a null or empty pin', () => {
    for (const pin of [null, undefined, '']) {
      expect(matches(pinFilter(pin), { pin: '' })).toBe(false);
      expect(matches(pinFilter(pin), {})).toBe(false);
      expect(matches(pinFilter(pin), { pin: '4601' })).toBe(false);
    }
  });
});

describe('outlineColor', () => {
  it('is yellow on satellite styles and black otherwise', () => {
    expect(outlineColor(true)).toBe(OUTLINE_COLOR.satellite);
    expect(outlineColor(false)).toBe(OUTLINE_COLOR.default);
    expect(OUTLINE_COLOR).toEqual({ default: '#000000', satellite: '#ffff00' });
  });
});

/** A layer's paint property at a zoom, evaluated by mapbox-gl's own style-spec. */
function paintAt(layers: LayerSpecification[], id: string, property: string, zoom: number): unknown {
  const layer = layers.find((candidate) => candidate.id === id)!;
  const specs = styleSpec.latest as unknown as Record<string, Record<string, unknown>>;
  const compiled = styleSpec.expression.createPropertyExpression((layer.paint as Record<string, unknown>)[property], specs[`paint_${layer.type}`]![property] as never);
  if (compiled.result !== 'success') throw new Error(JSON.stringify(compiled.value));
  return compiled.value.evaluate({ zoom });
}

describe('parcelLayers', () => {
  const options = { satellite: false, hoverPin: null, selectedPin: '77', withLabels: true };
  const byId = (layers: LayerSpecification[], id: string) => layers.find((layer) => layer.id === id)!;

  it('builds the features that are not parcels, fill, highlights, line and label in drawing order', () => {
    expect(parcelLayers(options).map((layer) => layer.id)).toEqual([
      PARCEL_LAYER_IDS.notParcel,
      PARCEL_LAYER_IDS.fill,
      PARCEL_LAYER_IDS.hover,
      PARCEL_LAYER_IDS.selected,
      PARCEL_LAYER_IDS.line,
      PARCEL_LAYER_IDS.selectedLine,
      PARCEL_LAYER_IDS.label,
    ]);
  });

  it('outlines the selected parcel thickly so the selection reads at zoom 13', () => {
    const selectedLine = byId(parcelLayers(options), PARCEL_LAYER_IDS.selectedLine);
    expect(selectedLine).toMatchObject({ type: 'line', filter: pinFilter('77') });
    expect(selectedLine.minzoom).toBeUndefined();
    expect((selectedLine.paint as Record<string, number>)['line-width']).toBeGreaterThanOrEqual(3);
  });

  it('hides the owner names and outlines (the hairline and the line layer) when their overlays are off', () => {
    const layers = parcelLayers({ ...options, showLabels: false, showOutlines: false });
    expect(byId(layers, PARCEL_LAYER_IDS.label).layout).toMatchObject({ visibility: 'none' });
    expect(byId(layers, PARCEL_LAYER_IDS.line).layout).toMatchObject({ visibility: 'none' });
    for (const zoom of [13, 14, 14.9]) expect(paintAt(layers, PARCEL_LAYER_IDS.fill, 'fill-opacity', zoom)).toBe(0);
    expect(byId(parcelLayers(options), PARCEL_LAYER_IDS.label).layout).toMatchObject({ visibility: 'visible' });
    // The fill itself stays: it is what a click or hover hits.
    expect(byId(layers, PARCEL_LAYER_IDS.fill).layout?.visibility ?? 'visible').toBe('visible');
  });

  it('is a valid style together with the parcel source', () => {
    const style = {
      version: 8,
      glyphs: 'http://fonts.test/{fontstack}/{range}.pbf',
      sources: {
        [PARCEL_SOURCE_ID]: parcelSource('http://tiles.test/{z}/{x}/{y}.pbf'),
        [PARCEL_HIGHLIGHT_SOURCE_ID]: parcelSource('http://tiles.test/{z}/{x}/{y}.pbf'),
      },
      layers: parcelLayers(options),
    };
    expect(styleSpec.validate(style as never)).toEqual([]);
  });

  it('keeps the pin-filtered highlight layers off the source the fill, outlines and labels are built from', () => {
    // A filter change re-parses every tile of the layer's source (mapbox-gl): a hover must not
    // rebuild the geometry of every parcel in view.
    const sourceOf = Object.fromEntries(parcelLayers(options).map((layer) => [layer.id, (layer as { source?: string }).source]));
    expect(sourceOf).toEqual({
      [PARCEL_LAYER_IDS.notParcel]: PARCEL_SOURCE_ID,
      [PARCEL_LAYER_IDS.fill]: PARCEL_SOURCE_ID,
      [PARCEL_LAYER_IDS.line]: PARCEL_SOURCE_ID,
      [PARCEL_LAYER_IDS.label]: PARCEL_SOURCE_ID,
      [PARCEL_LAYER_IDS.hover]: PARCEL_HIGHLIGHT_SOURCE_ID,
      [PARCEL_LAYER_IDS.selected]: PARCEL_HIGHLIGHT_SOURCE_ID,
      [PARCEL_LAYER_IDS.selectedLine]: PARCEL_HIGHLIGHT_SOURCE_ID,
    });
  });

  it('outlines the parcels from zoom 13 with the fill\'s hairline, hands over to the line layer at zoom 15, and labels from zoom 14', () => {
    const layers = parcelLayers(options);
    const fillOpacity = (zoom: number) => paintAt(layers, PARCEL_LAYER_IDS.fill, 'fill-opacity', zoom);
    expect([12, 12.99, 13, 14, 14.99, 15, 18].map(fillOpacity)).toEqual([0, 0, 1, 1, 1, 0, 0]);
    expect(byId(layers, PARCEL_LAYER_IDS.line).minzoom).toBe(15);
    expect(byId(layers, PARCEL_LAYER_IDS.label).minzoom).toBe(14);
    // The fill has no zoom range: it is hit by the pointer at every zoom the tiles cover.
    expect(byId(layers, PARCEL_LAYER_IDS.fill).minzoom).toBeUndefined();
    expect(paintAt(layers, PARCEL_LAYER_IDS.fill, 'fill-color', 13)).toMatchObject({ a: 0 });
  });

  /** A parcel layer's outline colour (the hairline below the line layer's zoom, the line from it). */
  const outlineAt = (satellite: boolean, zoom: number) =>
    (zoom < 15
      ? paintAt(parcelLayers({ ...options, satellite }), PARCEL_LAYER_IDS.fill, 'fill-outline-color', zoom)
      : paintAt(parcelLayers({ ...options, satellite }), PARCEL_LAYER_IDS.line, 'line-color', zoom)) as { r: number; g: number; b: number; a: number };
  const widthAt = (satellite: boolean, zoom: number) => paintAt(parcelLayers({ ...options, satellite }), PARCEL_LAYER_IDS.line, 'line-width', zoom) as number;

  it('colours the outline by style kind, and names that colour in the line layer metadata', () => {
    const line = (satellite: boolean) => byId(parcelLayers({ ...options, satellite }), PARCEL_LAYER_IDS.line);
    expect(line(true).metadata).toEqual({ outlineColor: '#ffff00' });
    expect(line(false).metadata).toEqual({ outlineColor: '#000000' });
    for (const zoom of [13, 14, 16, 19]) {
      expect(outlineAt(true, zoom)).toMatchObject({ r: 1, g: 1, b: 0 });
      expect(outlineAt(false, zoom)).toMatchObject({ r: 0, g: 0, b: 0 });
    }
  });

  it('draws the outlines faint at zoom 13 and heavier as the lots grow, yellow fainter than black', () => {
    for (const satellite of [false, true]) {
      const alpha = (zoom: number) => outlineAt(satellite, zoom).a;
      expect(alpha(13)).toBeLessThan(alpha(14));
      expect(alpha(14)).toBeLessThan(alpha(15));
      expect(alpha(15)).toBeLessThan(alpha(17));
      expect(alpha(13)).toBeLessThan(0.2);
      expect(widthAt(satellite, 15)).toBeLessThan(widthAt(satellite, 17));
      expect(widthAt(satellite, 17)).toBeGreaterThanOrEqual(1);
    }
    for (const zoom of [13, 15]) expect(outlineAt(true, zoom).a).toBeLessThan(outlineAt(false, zoom).a);
  });

  it('keeps line-opacity at 1: below it mapbox-gl draws the outlines through an extra stencil pass', () => {
    for (const satellite of [false, true]) {
      expect(byId(parcelLayers({ ...options, satellite }), PARCEL_LAYER_IDS.line).paint).not.toHaveProperty('line-opacity');
    }
  });

  it('filters the highlights on the current pins', () => {
    const layers = parcelLayers({ ...options, hoverPin: '12' });
    expect(byId(layers, PARCEL_LAYER_IDS.hover)).toMatchObject({ filter: pinFilter('12'), paint: { 'fill-opacity': HOVER_FILL.opacity } });
    expect(byId(layers, PARCEL_LAYER_IDS.selected)).toMatchObject({ filter: pinFilter('77') });
  });

  it('hides the highlight layers, and only those, when highlights are off', () => {
    const layers = parcelLayers({ ...options, showHighlights: false });
    for (const layer of layers) {
      const hidden = (HIGHLIGHT_LAYER_IDS as readonly string[]).includes(layer.id);
      expect(layer.layout?.visibility ?? 'visible').toBe(hidden ? 'none' : 'visible');
    }
    expect(byId(layers, PARCEL_LAYER_IDS.selectedLine).layout).toEqual({ visibility: 'none', 'line-join': 'round' });
    expect(byId(parcelLayers(options), PARCEL_LAYER_IDS.hover).layout).toEqual({ visibility: 'visible' });
  });

  it('leaves the label layer out when labels are off', () => {
    expect(parcelLayers({ ...options, withLabels: false }).map((layer) => layer.id)).not.toContain(PARCEL_LAYER_IDS.label);
  });
});

describe('parcelSource', () => {
  it('serves 512 px vector tiles from zoom 10 to 18', () => {
    expect(parcelSource('http://t/{z}/{x}/{y}.pbf')).toEqual({
      type: 'vector',
      tiles: ['http://t/{z}/{x}/{y}.pbf'],
      tileSize: 512,
      minzoom: 10,
      maxzoom: 18,
    });
  });
});

async function loadedFake(style: Partial<FakeStyle> = {}) {
  const fake = new FakeMap([{ url: 'http://styles.test/s.json', glyphs: 'http://fonts.test/{fontstack}/{range}.pbf', ...style }]);
  await fake.styleLoaded();
  return fake;
}

const parcelFeatures = ['4601', '4602'].map((pin) => ({ type: 'Feature' as const, properties: { pin }, geometry: { type: 'Polygon' as const, coordinates: [] } }));
const state = (changes: Partial<ParcelState> = {}): ParcelState => ({ ...parcelLayer.initial(testConfig.map), ...changes });

/** Installs the parcel layers for `from`, then updates them to `to`. */
async function updated(from: Partial<ParcelState>, to: Partial<ParcelState>) {
  const fake = await loadedFake();
  for (const id of [PARCEL_SOURCE_ID, PARCEL_HIGHLIGHT_SOURCE_ID]) fake.setVectorFeatures(id, parcelFeatures);
  parcelLayer.install(fake.map, state(from), { satellite: false });
  parcelLayer.update(fake.map, state({ ...from, ...to }), state(from), { satellite: false });
  return fake;
}

const pinsDrawn = (fake: FakeMap, id: string) => fake.drawnFeatures(id).map((feature) => feature.properties.pin);

describe('parcelLayer', () => {
  it('puts the owner names under the base map labels, so street names win the placement, and the rest on top', async () => {
    const fake = await loadedFake({ layers: [{ id: 'roads', type: 'background' }, { id: 'road-label', type: 'symbol', source: 'x' } as never, { id: 'place-label', type: 'symbol', source: 'x' } as never] });
    fake.addSource('x', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    parcelLayer.install(fake.map, state(), { satellite: false });
    expect(fake.layerIds()).toEqual([
      'roads',
      PARCEL_LAYER_IDS.label,
      'road-label',
      'place-label',
      PARCEL_LAYER_IDS.notParcel,
      PARCEL_LAYER_IDS.fill,
      PARCEL_LAYER_IDS.hover,
      PARCEL_LAYER_IDS.selected,
      PARCEL_LAYER_IDS.line,
      PARCEL_LAYER_IDS.selectedLine,
    ]);
  });

  it("draws a right-of-way, road, water or rail feature by a quiet layer of its own, with no owner name, outline or pointer fill", async () => {
    const fake = await loadedFake();
    const feature = (pin: string, kind?: string) => ({ type: 'Feature' as const, properties: { pin, Name: `OWNER ${pin}`, ...(kind && { kind }) }, geometry: { type: 'Polygon' as const, coordinates: [] } });
    fake.setVectorFeatures(PARCEL_SOURCE_ID, [feature('ROAD', 'road'), feature('WATER', 'water'), feature('4601')]);
    parcelLayer.install(fake.map, state(), { satellite: false });
    fake.zoom = 16;
    expect(pinsDrawn(fake, PARCEL_LAYER_IDS.notParcel)).toEqual(['ROAD', 'WATER']);
    for (const id of [PARCEL_LAYER_IDS.fill, PARCEL_LAYER_IDS.line, PARCEL_LAYER_IDS.label]) expect(pinsDrawn(fake, id), id).toEqual(['4601']);
    const layers = parcelLayers({ satellite: false, hoverPin: null, selectedPin: null, withLabels: true });
    const colourOf = (kind: string) => {
      const layer = layers.find((candidate) => candidate.id === PARCEL_LAYER_IDS.notParcel)!;
      const specs = styleSpec.latest as unknown as Record<string, Record<string, unknown>>;
      const compiled = styleSpec.expression.createPropertyExpression((layer.paint as Record<string, unknown>)['fill-color'], specs.paint_fill!['fill-color'] as never);
      if (compiled.result !== 'success') throw new Error(JSON.stringify(compiled.value));
      return compiled.value.evaluate({ zoom: 16 }, { type: 'Polygon', properties: { kind } } as never) as { r: number; g: number; b: number };
    };
    // Water reads as water, rail apart from the streets; none as bright as a highlight.
    expect(colourOf('water').b).toBeGreaterThan(colourOf('water').r);
    expect(colourOf('rail')).not.toEqual(colourOf('road'));
    expect(colourOf('right-of-way')).toEqual(colourOf('road'));
  });

  it('leaves labels out of a style without glyphs', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fake = await loadedFake({ glyphs: undefined });
    parcelLayer.install(fake.map, state(), { satellite: false });
    expect(fake.getLayer(PARCEL_LAYER_IDS.label)).toBeUndefined();
    expect(fake.getLayer(PARCEL_LAYER_IDS.fill)).toBeDefined();
    parcelLayer.update(fake.map, state({ showLabels: false }), state(), { satellite: false });
  });

  it('installs with the pins, switches and data version the state holds, the outline colour of the base map', async () => {
    const fake = await loadedFake();
    for (const id of [PARCEL_SOURCE_ID, PARCEL_HIGHLIGHT_SOURCE_ID]) fake.setVectorFeatures(id, parcelFeatures);
    parcelLayer.install(fake.map, state({ selectedPin: '4602', hoverPin: '4601', showLabels: false, showHighlights: true, dataVersion: 3 }), { satellite: true });
    expect(pinsDrawn(fake, PARCEL_LAYER_IDS.selected)).toEqual(['4602']);
    expect(pinsDrawn(fake, PARCEL_LAYER_IDS.selectedLine)).toEqual(['4602']);
    expect(pinsDrawn(fake, PARCEL_LAYER_IDS.hover)).toEqual(['4601']);
    expect(fake.visibility(PARCEL_LAYER_IDS.label)).toBe('none');
    expect(fake.getLayer(PARCEL_LAYER_IDS.line)?.metadata).toEqual({ outlineColor: '#ffff00' });
    expect(fake.sourceSpec(PARCEL_SOURCE_ID)).toMatchObject({ tiles: [`${testConfig.map.parcelTilesUrl}?v=3`] });
    expect(parcelLayer.published?.(state(), fake.map)).toEqual({ outlineColor: '#ffff00', ownerNames: 'none', parcelOutlines: 'visible' });
  });

  it('moves the selection highlight (fill and outline) to the new pin, and leaves the hover alone', async () => {
    const fake = await updated({ selectedPin: '4601', showHighlights: true }, { selectedPin: '4602' });
    expect(pinsDrawn(fake, PARCEL_LAYER_IDS.selected)).toEqual(['4602']);
    expect(pinsDrawn(fake, PARCEL_LAYER_IDS.selectedLine)).toEqual(['4602']);
    expect(pinsDrawn(fake, PARCEL_LAYER_IDS.hover)).toEqual([]);
  });

  it('moves the hover highlight alone', async () => {
    const fake = await updated({ selectedPin: '4601', showHighlights: true }, { hoverPin: '4602' });
    expect(pinsDrawn(fake, PARCEL_LAYER_IDS.hover)).toEqual(['4602']);
    expect(pinsDrawn(fake, PARCEL_LAYER_IDS.selected)).toEqual(['4601']);
  });

  it('switches the hairline and the line layer together, and leaves the fill the pointer hits in place', async () => {
    const hidden = await updated({}, { showOutlines: false });
    expect(hidden.getPaintProperty(PARCEL_LAYER_IDS.fill, 'fill-opacity')).toBe(0);
    expect(hidden.visibility(PARCEL_LAYER_IDS.line)).toBe('none');
    expect(hidden.visibility(PARCEL_LAYER_IDS.fill)).toBe('visible');
    const shown = await updated({ showOutlines: false }, { showOutlines: true });
    expect(shown.getPaintProperty(PARCEL_LAYER_IDS.fill, 'fill-opacity')).toEqual(expect.arrayContaining(['step']));
    expect(shown.visibility(PARCEL_LAYER_IDS.line)).toBe('visible');
  });

  it('hides and shows the owner names', async () => {
    expect((await updated({}, { showLabels: false })).visibility(PARCEL_LAYER_IDS.label)).toBe('none');
    expect((await updated({ showLabels: false }, { showLabels: true })).visibility(PARCEL_LAYER_IDS.label)).toBe('visible');
  });

  it('shows the highlight layers, and only those, when the parcels have been drawn', async () => {
    const fake = await updated({ showHighlights: false }, { showHighlights: true });
    for (const id of HIGHLIGHT_LAYER_IDS) expect(fake.visibility(id)).toBe('visible');
  });

  it('points both sources at the tiles of a new data version', async () => {
    const fake = await updated({ dataVersion: 1 }, { dataVersion: 2 });
    for (const id of [PARCEL_SOURCE_ID, PARCEL_HIGHLIGHT_SOURCE_ID]) expect(fake.sourceSpec(id)).toMatchObject({ tiles: [`${testConfig.map.parcelTilesUrl}?v=2`] });
  });
});

describe('versionedTilesUrl', () => {
  it('adds the data version as v, after any query the configured URL has, and leaves the URL alone before the version is known', () => {
    expect(versionedTilesUrl('http://api.test/tiles/{z}/{x}/{y}.pbf', 12)).toBe('http://api.test/tiles/{z}/{x}/{y}.pbf?v=12');
    expect(versionedTilesUrl('http://api.test/tiles/{z}/{x}/{y}.pbf?key=a', 12)).toBe('http://api.test/tiles/{z}/{x}/{y}.pbf?key=a&v=12');
    expect(versionedTilesUrl('http://api.test/tiles/{z}/{x}/{y}.pbf', undefined)).toBe('http://api.test/tiles/{z}/{x}/{y}.pbf');
  });
});
