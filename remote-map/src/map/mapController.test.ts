import type { Feature } from 'geojson';
import type { Mock } from 'vitest';
import type { Markup } from '@parcel-map/shared';
import { testConfig } from '@parcel-map/shared/testing';
import { controlMap, createMapController, type MapConfig, type MapControllerEvents } from './mapController.ts';
import { CONTOUR_LAYER_IDS, CONTOUR_SOURCE_ID } from './contourLayers.ts';
import { FINDINGS_LAYERS } from './findingsLayer.ts';
import { QUERY_MATCH_LAYER_IDS, QUERY_MATCH_SOURCE_ID } from './queryMatchesLayer.ts';
import { MARKUP_LAYER_IDS } from './markupsLayer.ts';
import { MY_LOCATION_LAYER_IDS } from './myLocationLayer.ts';
import { overlayLayerIds, type OverlayLayer } from './overlayLayers.ts';
import { HIGHLIGHT_LAYER_IDS, PARCEL_HIGHLIGHT_SOURCE_ID, PARCEL_LAYER_IDS, PARCEL_SOURCE_ID } from './parcelLayers.ts';
import { SAVED_LAYER_IDS } from './savedParcelsLayer.ts';
import { FakeMap, type FakeStyle } from './testing/fakeMap.ts';
import { IMAGERY_STYLE_SOURCE } from '@parcel-map/shared/api';

const events = (): { [Name in keyof MapControllerEvents]: Mock<MapControllerEvents[Name]> } => ({
  viewChanged: vi.fn(),
  parcelTilesLoading: vi.fn(),
  savedParcelClicked: vi.fn(),
  centreParcelChosen: vi.fn(),
  styleLoadStarted: vi.fn(),
  styleLoadFinished: vi.fn(),
  styleLoadFailed: vi.fn(),
  parcelClicked: vi.fn(),
  backgroundClicked: vi.fn(),
  overlayFeaturesClicked: vi.fn(),
  baseMapNotAnswering: vi.fn(),
});

// What needs WebGL is tested in Playwright; these checks run before any map exists.
describe('createMapController set-up checks (SPEC §5)', () => {
  it('aborts without a container element', () => {
    expect(() => createMapController({ container: null, config: testConfig.map, apiBaseUrl: testConfig.apiBaseUrl, sessionToken: () => null, events: events() })).toThrow(
      'Map container element not found.',
    );
  });

  it('aborts without an access token', () => {
    const container = document.createElement('div');
    expect(() =>
      createMapController({ container, config: { ...testConfig.map, accessToken: '' }, apiBaseUrl: testConfig.apiBaseUrl, sessionToken: () => null, events: events() }),
    ).toThrow('Mapbox Access Token missing.');
  });
});

const BASE_LAYERS = [
  { id: 'land', type: 'background' },
  { id: 'roads', type: 'line', source: 'base', 'source-layer': 'roads' },
  { id: 'road-label', type: 'symbol', source: 'base', 'source-layer': 'roads' },
] as FakeStyle['layers'];
const STYLES: FakeStyle[] = [
  { url: 'http://styles.test/streets.json', name: 'Streets', glyphs: 'http://fonts.test/{fontstack}/{range}.pbf', layers: BASE_LAYERS },
  { url: 'http://styles.test/satellite.json', name: 'Satellite', glyphs: 'http://fonts.test/{fontstack}/{range}.pbf', layers: BASE_LAYERS },
  // As the API serves an imagery layer's base map: its own name says satellite, its menu entry does not.
  { url: 'http://api.test/styles/imagery-orthophoto-2024.json', name: 'Satellite imagery: Orthophoto 2024', glyphs: 'http://fonts.test/{fontstack}/{range}.pbf', layers: BASE_LAYERS },
];
const IMAGERY_STYLE = { id: 'imagery-orthophoto-2024', name: 'Imagery — Orthophoto 2024', url: STYLES[2]!.url };
const config: MapConfig = {
  ...testConfig.map,
  styles: [
    { id: 'streets', name: 'Streets', url: STYLES[0]!.url },
    { id: 'satellite', name: 'Satellite', url: STYLES[1]!.url },
  ],
  contourTilesUrl: 'http://tiles.test/contours/{z}/{x}/{y}.pbf',
};

const parcel = (pin: string): Feature => ({ type: 'Feature', properties: { pin, Name: `OWNER ${pin}` }, geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] } });
const QUERY_MATCH_TILES = 'http://api.test/tiles/query/keyOfTheQueryAAAAAAAA/{z}/{x}/{y}.pbf?v=4';
const flood: OverlayLayer = { name: 'flood', label: 'Flood zones', geometryType: 'polygon', tilesUrl: 'http://api.test/tiles/overlays/flood/{z}/{x}/{y}.pbf?v=1', style: { colour: '#1c7ed6' }, legend: null, fields: [] };
const markup = (id: number, visible: boolean): Markup => ({
  id,
  name: `M${id}`,
  color: '#1971c2',
  geometry: { type: 'LineString', coordinates: [[-80.86, 35.62], [-80.85, 35.62]] },
  visible,
  created_at: '2026-11-27T12:00:00.000Z',
});

/** A controller on a fake map whose first style has loaded; `nextFrame` runs the animation frames asked for. */
async function loadedController() {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  const fake = new FakeMap(STYLES);
  const handlers = events();
  const controller = controlMap(fake.map, { container: fake.container, config, initialStyle: config.styles[0]!, online: false, events: handlers });
  await fake.styleLoaded();
  fake.setVectorFeatures(PARCEL_SOURCE_ID, [parcel('11'), parcel('12')]);
  fake.setVectorFeatures(PARCEL_HIGHLIGHT_SOURCE_ID, [parcel('11'), parcel('12')]);
  const nextFrame = () => frames.splice(0).forEach((callback) => callback(0));
  return { fake, controller, handlers, nextFrame, data: (name: string) => fake.container.getAttribute(`data-${name}`) };
}

const pins = (fake: FakeMap, layerId: string) => fake.drawnFeatures(layerId).map((feature) => feature.properties.pin);

afterEach(() => vi.restoreAllMocks());

describe('the controller on a map (fake)', () => {
  it('installs every drawn layer on the style load, in order: overlays under the base labels, contours under the parcels, owner names under the base labels, the rest on top', async () => {
    const { fake, controller } = await loadedController();
    controller.draw('overlays', { overlays: [flood] });
    controller.draw('queryMatches', { tilesUrl: QUERY_MATCH_TILES, total: 1 });
    expect(fake.layerIds()).toEqual([
      'land',
      'roads',
      overlayLayerIds('flood').fill,
      overlayLayerIds('flood').outline,
      PARCEL_LAYER_IDS.label,
      'road-label',
      PARCEL_LAYER_IDS.notParcel,
      CONTOUR_LAYER_IDS.line,
      CONTOUR_LAYER_IDS.label,
      PARCEL_LAYER_IDS.fill,
      // Under the hover and selection: a markup over the selected parcel never hides its highlight.
      MARKUP_LAYER_IDS.fill,
      MARKUP_LAYER_IDS.line,
      MARKUP_LAYER_IDS.point,
      PARCEL_LAYER_IDS.hover,
      QUERY_MATCH_LAYER_IDS.fill,
      QUERY_MATCH_LAYER_IDS.line,
      PARCEL_LAYER_IDS.selected,
      PARCEL_LAYER_IDS.line,
      PARCEL_LAYER_IDS.selectedLine,
      SAVED_LAYER_IDS.halo,
      SAVED_LAYER_IDS.marker,
      ...Object.values(MY_LOCATION_LAYER_IDS),
      ...FINDINGS_LAYERS.map((layer) => layer.id),
    ]);
    expect(fake.sourceSpec(CONTOUR_SOURCE_ID)).toMatchObject({ tiles: [config.contourTilesUrl] });
  });

  it('starts with the default switches: owner names and outlines shown, contours and saved parcels hidden, highlights off until parcels are drawn', async () => {
    const { fake, data } = await loadedController();
    expect(fake.visibility(PARCEL_LAYER_IDS.label)).toBe('visible');
    expect(fake.visibility(PARCEL_LAYER_IDS.line)).toBe('visible');
    expect(fake.visibility(CONTOUR_LAYER_IDS.line)).toBe('none');
    expect(fake.visibility(SAVED_LAYER_IDS.marker)).toBe('none');
    for (const id of HIGHLIGHT_LAYER_IDS) expect(fake.visibility(id)).toBe('none');
    expect([data('owner-names'), data('parcel-outlines'), data('contours'), data('saved-parcels'), data('outline-color'), data('style-id')]).toEqual([
      'visible',
      'visible',
      'none',
      'none',
      '#000000',
      'streets',
    ]);
  });

  it('shows the highlight layers on the first frame drawn with the parcel tiles loaded', async () => {
    const { fake, data } = await loadedController();
    fake.fire('render');
    expect(fake.visibility(PARCEL_LAYER_IDS.hover)).toBe('none');
    fake.setSourceLoaded(PARCEL_SOURCE_ID);
    fake.fire('render');
    for (const id of HIGHLIGHT_LAYER_IDS) expect(fake.visibility(id)).toBe('visible');
    expect(data('parcels-drawn')).toBe('true');
    expect(fake.listenerCount('render')).toBe(0);
  });

  it('highlights the selected parcel alone, fill and thick outline, and clears it', async () => {
    const { fake, controller } = await loadedController();
    fake.setSourceLoaded(PARCEL_SOURCE_ID);
    fake.fire('render');
    controller.setSelectedPin('12');
    expect(pins(fake, PARCEL_LAYER_IDS.selected)).toEqual(['12']);
    expect(pins(fake, PARCEL_LAYER_IDS.selectedLine)).toEqual(['12']);
    controller.setSelectedPin(null);
    expect(pins(fake, PARCEL_LAYER_IDS.selected)).toEqual([]);
  });

  it('highlights the hovered parcel, and nothing while one is selected', async () => {
    const { fake, controller, nextFrame } = await loadedController();
    fake.setSourceLoaded(PARCEL_SOURCE_ID);
    fake.fire('render');
    fake.fire('mousemove', { features: [parcel('12')] }, PARCEL_LAYER_IDS.fill);
    fake.fire('mousemove', { features: [parcel('11')] }, PARCEL_LAYER_IDS.fill);
    expect(pins(fake, PARCEL_LAYER_IDS.hover)).toEqual([]);
    nextFrame();
    expect(pins(fake, PARCEL_LAYER_IDS.hover)).toEqual(['11']);
    expect(fake.canvas.style.cursor).toBe('pointer');
    fake.fire('mouseleave', {}, PARCEL_LAYER_IDS.fill);
    nextFrame();
    expect(pins(fake, PARCEL_LAYER_IDS.hover)).toEqual([]);
    fake.fire('mousemove', { features: [parcel('11')] }, PARCEL_LAYER_IDS.fill);
    nextFrame();
    controller.setSelectedPin('12');
    expect(pins(fake, PARCEL_LAYER_IDS.hover)).toEqual([]);
    fake.fire('mousemove', { features: [parcel('11')] }, PARCEL_LAYER_IDS.fill);
    nextFrame();
    expect(pins(fake, PARCEL_LAYER_IDS.hover)).toEqual([]);
  });

  it('follows the overlay switches, and says so on the container', async () => {
    const { fake, controller, data } = await loadedController();
    controller.draw('parcels', { showLabels: false, showOutlines: false });
    controller.draw('contours', { visible: true });
    controller.draw('savedParcels', { visible: true });
    expect(fake.visibility(PARCEL_LAYER_IDS.label)).toBe('none');
    expect(fake.visibility(PARCEL_LAYER_IDS.line)).toBe('none');
    expect(fake.getPaintProperty(PARCEL_LAYER_IDS.fill, 'fill-opacity')).toBe(0);
    expect(fake.visibility(CONTOUR_LAYER_IDS.line)).toBe('visible');
    expect(fake.visibility(CONTOUR_LAYER_IDS.label)).toBe('visible');
    expect(fake.visibility(SAVED_LAYER_IDS.marker)).toBe('visible');
    expect([data('owner-names'), data('parcel-outlines'), data('contours'), data('saved-parcels')]).toEqual(['none', 'none', 'visible', 'visible']);
    // The fill stays: it is what a click or hover hits.
    expect(fake.visibility(PARCEL_LAYER_IDS.fill)).toBe('visible');
  });

  it('keeps what was asked before the style loaded and draws it when it has', async () => {
    const fake = new FakeMap(STYLES);
    const controller = controlMap(fake.map, { container: fake.container, config, initialStyle: config.styles[0]!, online: false, events: events() });
    controller.setSelectedPin('11');
    controller.draw('contours', { visible: true });
    controller.draw('markups', { markups: [markup(1, true), markup(2, false)] });
    await fake.styleLoaded();
    fake.setVectorFeatures(PARCEL_HIGHLIGHT_SOURCE_ID, [parcel('11'), parcel('12')]);
    fake.setSourceLoaded(PARCEL_SOURCE_ID);
    fake.fire('render');
    expect(pins(fake, PARCEL_LAYER_IDS.selected)).toEqual(['11']);
    expect(fake.visibility(CONTOUR_LAYER_IDS.line)).toBe('visible');
    expect(fake.drawnFeatures(MARKUP_LAYER_IDS.line).map((feature) => feature.id)).toEqual([1]);
    expect(fake.container.getAttribute('data-markups')).toBe('1');
  });

  it('installs everything again after a style change, as it was, with the satellite outline colour', async () => {
    const { fake, controller, handlers, data } = await loadedController();
    controller.setSelectedPin('12');
    controller.draw('parcels', { showLabels: false, dataVersion: 4 });
    controller.draw('overlays', { overlays: [flood] });
    controller.draw('savedParcels', { visible: true, points: [{ pin: '12', lng: -80.8, lat: 35.6, label: 'B' }] });
    controller.draw('queryMatches', { tilesUrl: QUERY_MATCH_TILES, total: 30_000 });
    controller.setStyle('satellite');
    expect(handlers.styleLoadStarted).toHaveBeenLastCalledWith('satellite');
    // Asked for while the new style loads: nothing to draw on, kept for it.
    controller.draw('contours', { visible: true });
    await fake.styleLoaded();
    fake.setVectorFeatures(PARCEL_HIGHLIGHT_SOURCE_ID, [parcel('11'), parcel('12')]);
    fake.setSourceLoaded(PARCEL_SOURCE_ID);
    fake.fire('render');

    expect(data('style-id')).toBe('satellite');
    expect(data('outline-color')).toBe('#ffff00');
    expect(pins(fake, PARCEL_LAYER_IDS.selected)).toEqual(['12']);
    expect(fake.visibility(PARCEL_LAYER_IDS.label)).toBe('none');
    expect(fake.visibility(CONTOUR_LAYER_IDS.line)).toBe('visible');
    expect(fake.drawnFeatures(SAVED_LAYER_IDS.marker).map((feature) => feature.properties.pin)).toEqual(['12']);
    expect(fake.sourceSpec(PARCEL_SOURCE_ID)).toMatchObject({ tiles: [`${config.parcelTilesUrl}?v=4`] });
    expect(data('overlay-layers')).toBe('flood');
    expect(data('saved-parcel-count')).toBe('1');
    expect(fake.sourceSpec(QUERY_MATCH_SOURCE_ID)).toMatchObject({ tiles: [QUERY_MATCH_TILES] });
    expect(fake.layerIds().indexOf(QUERY_MATCH_LAYER_IDS.fill)).toBeLessThan(fake.layerIds().indexOf(PARCEL_LAYER_IDS.selected));
    expect(data('query-matches')).toBe('30000');
  });

  it('points both parcel sources at the new data version’s tiles', async () => {
    const { fake, controller } = await loadedController();
    controller.draw('parcels', { dataVersion: 9 });
    for (const id of [PARCEL_SOURCE_ID, PARCEL_HIGHLIGHT_SOURCE_ID]) expect(fake.sourceSpec(id)).toMatchObject({ tiles: [`${config.parcelTilesUrl}?v=9`] });
  });

  it('draws exactly the overlays switched on, and reports the overlay features under a click', async () => {
    const { fake, controller, handlers, data } = await loadedController();
    controller.draw('overlays', { overlays: [flood] });
    fake.setVectorFeatures(`county-overlay:flood`, [{ type: 'Feature', properties: { zone: 'AE' }, geometry: { type: 'Polygon', coordinates: [] } }]);
    fake.fire('click', { lngLat: { lng: -80.8, lat: 35.6 }, point: { x: 10, y: 20 } });
    expect(handlers.overlayFeaturesClicked).toHaveBeenCalledWith({ lngLat: { lng: -80.8, lat: 35.6 }, features: [{ overlay: 'flood', label: 'Flood zones', fields: [], properties: { zone: 'AE' } }] });
    controller.draw('overlays', { overlays: [] });
    expect(fake.layerIds().filter((id) => id.startsWith('county-overlay:'))).toEqual([]);
    expect(data('overlay-layers')).toBe('');
  });

  it('marks no camera move essential, so mapbox-gl jumps for a user who prefers reduced motion', async () => {
    const { fake, controller } = await loadedController();
    const flyTo = vi.spyOn(fake.map, 'flyTo');
    controller.centreOn({ kind: 'point', lng: -80.86, lat: 35.62, zoom: 17 });
    controller.flyTo({ lng: -80.85, lat: 35.61, zoom: 16 });
    expect(flyTo).toHaveBeenCalledTimes(2);
    for (const [options] of flyTo.mock.calls) expect(options).not.toHaveProperty('essential');
  });

  it('reports a click on a parcel, on a shown saved-parcel marker, and on neither', async () => {
    const { fake, controller, handlers } = await loadedController();
    fake.setVectorFeatures(PARCEL_SOURCE_ID, [parcel('11')]);
    fake.fire('click', { point: { x: 1, y: 1 }, lngLat: { lng: 0, lat: 0 } });
    expect(handlers.parcelClicked).toHaveBeenCalledWith('11');

    controller.draw('savedParcels', { points: [{ pin: '77', lng: -80.8, lat: 35.6, label: 'S' }] });
    fake.fire('click', { point: { x: 1, y: 1 }, lngLat: { lng: 0, lat: 0 } });
    expect(handlers.savedParcelClicked).not.toHaveBeenCalled();
    controller.draw('savedParcels', { visible: true });
    fake.fire('click', { point: { x: 1, y: 1 }, lngLat: { lng: 0, lat: 0 } });
    expect(handlers.savedParcelClicked).toHaveBeenCalledWith('77');

    fake.setVectorFeatures(PARCEL_SOURCE_ID, []);
    controller.draw('savedParcels', { visible: false });
    fake.fire('click', { point: { x: 1, y: 1 }, lngLat: { lng: 0, lat: 0 } });
    expect(handlers.backgroundClicked).toHaveBeenCalledTimes(1);
  });

  it('draws the shown markups, the findings, the query matches and my location, and counts them on the container', async () => {
    const { fake, controller, data } = await loadedController();
    controller.draw('markups', { markups: [markup(1, true), markup(2, false), markup(3, true)] });
    expect(fake.drawnFeatures(MARKUP_LAYER_IDS.line).map((feature) => feature.id)).toEqual([1, 3]);
    expect(fake.drawnFeatures(MARKUP_LAYER_IDS.point)).toEqual([]);
    expect(data('markups')).toBe('2');

    expect(data('findings')).toBeNull();
    controller.draw('findings', {
      findings: {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: { kind: 'result', label: '1' }, geometry: { type: 'Point', coordinates: [0, 0] } },
          { type: 'Feature', properties: { kind: 'ring' }, geometry: { type: 'Polygon', coordinates: [] } },
        ],
      },
    });
    expect(fake.drawnFeatures('findings-result').map((feature) => feature.properties.kind)).toEqual(['result']);
    expect(fake.drawnFeatures('findings-ring-line').map((feature) => feature.properties.kind)).toEqual(['ring']);
    expect(data('findings')).toBe('2');

    expect(data('query-matches')).toBeNull();
    fake.setVectorFeatures(QUERY_MATCH_SOURCE_ID, [parcel('12')]);
    controller.draw('queryMatches', { tilesUrl: QUERY_MATCH_TILES, total: 1 });
    expect(pins(fake, QUERY_MATCH_LAYER_IDS.fill)).toEqual(['12']);
    expect(data('query-matches')).toBe('1');

    controller.draw('myLocation', { location: { lng: -80.86, lat: 35.62, accuracyM: 50 } });
    expect(fake.drawnFeatures(MY_LOCATION_LAYER_IDS.dot)).toHaveLength(1);
    expect(fake.drawnFeatures(MY_LOCATION_LAYER_IDS.accuracy)).toHaveLength(1);
  });

  it('reports the parcel tiles loading once, and done once they have loaded', async () => {
    const { fake, handlers, data } = await loadedController();
    fake.fire('dataloading', { sourceId: PARCEL_SOURCE_ID });
    fake.fire('dataloading', { sourceId: PARCEL_SOURCE_ID });
    expect(data('map-state')).toBe('rendering');
    fake.fire('idle');
    expect(data('map-state')).toBe('rendering');
    fake.setSourceLoaded(PARCEL_SOURCE_ID);
    fake.fire('sourcedata');
    fake.fire('idle');
    expect(handlers.parcelTilesLoading.mock.calls).toEqual([[true], [false]]);
    expect(data('map-state')).toBe('idle');
  });

  it('loads an imagery layer’s base map once it is told of it, as the current style, with the satellite outline colour', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { fake, controller, handlers, data } = await loadedController();
    controller.setStyle(IMAGERY_STYLE.id);
    expect(handlers.styleLoadStarted).not.toHaveBeenCalledWith(IMAGERY_STYLE.id);
    expect(console.warn).toHaveBeenCalledWith(`Unknown map style id '${IMAGERY_STYLE.id}' ignored.`);

    controller.setImageryStyles([IMAGERY_STYLE]);
    controller.setStyle(IMAGERY_STYLE.id);
    expect(handlers.styleLoadStarted).toHaveBeenLastCalledWith(IMAGERY_STYLE.id);
    await fake.styleLoaded();
    expect(data('style-id')).toBe(IMAGERY_STYLE.id);
    expect(data('outline-color')).toBe('#ffff00');
    expect(fake.layerIds()).toContain(PARCEL_LAYER_IDS.line);

    controller.setStyle('streets');
    await fake.styleLoaded();
    expect(data('outline-color')).toBe('#000000');
  });

  it('goes back to the base map shown before when every tile of an imagery service fails, and says which', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fake, controller, handlers, data } = await loadedController();
    controller.setImageryStyles([IMAGERY_STYLE]);
    controller.setStyle('satellite');
    await fake.styleLoaded();
    controller.setStyle(IMAGERY_STYLE.id);
    await fake.styleLoaded();
    // Tiles of other sources failing, or one imagery tile among good ones, are not a dead service.
    fake.fire('error', { error: new Error('tile'), sourceId: PARCEL_SOURCE_ID });
    fake.fire('sourcedata', { sourceId: IMAGERY_STYLE_SOURCE, tile: {} });
    fake.fire('error', { error: new Error('tile'), sourceId: IMAGERY_STYLE_SOURCE });
    fake.fire('idle');
    expect(handlers.baseMapNotAnswering).not.toHaveBeenCalled();
    expect(data('style-id')).toBe(IMAGERY_STYLE.id);

    // Loaded again: now no tile answers.
    controller.setStyle('streets');
    await fake.styleLoaded();
    controller.setStyle(IMAGERY_STYLE.id);
    await fake.styleLoaded();
    fake.fire('error', { error: new Error('tile'), sourceId: IMAGERY_STYLE_SOURCE });
    expect(handlers.baseMapNotAnswering).not.toHaveBeenCalled();
    fake.fire('idle');
    expect(handlers.baseMapNotAnswering.mock.calls).toEqual([[{ styleId: IMAGERY_STYLE.id, showingId: 'streets' }]]);
    expect(handlers.styleLoadStarted).toHaveBeenLastCalledWith('streets');
    await fake.styleLoaded();
    expect(data('style-id')).toBe('streets');
    expect(fake.layerIds()).toContain(PARCEL_LAYER_IDS.line);
    fake.fire('idle');
    expect(handlers.baseMapNotAnswering).toHaveBeenCalledTimes(1);
  });

  it('falls back to the configured base map when an imagery service is the first base map chosen and fails as its source settles', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fake, controller, handlers, data } = await loadedController();
    controller.setImageryStyles([IMAGERY_STYLE]);
    controller.setStyle(IMAGERY_STYLE.id);
    await fake.styleLoaded();
    fake.setSourceLoaded(IMAGERY_STYLE_SOURCE);
    fake.fire('error', { error: new Error('tile'), sourceId: IMAGERY_STYLE_SOURCE });
    expect(handlers.baseMapNotAnswering).toHaveBeenCalledWith({ styleId: IMAGERY_STYLE.id, showingId: 'streets' });
    await fake.styleLoaded();
    expect(data('style-id')).toBe('streets');
  });

  it('reports a style that could not be fetched, and not a tile error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fake, controller, handlers } = await loadedController();
    controller.setStyle('satellite');
    fake.fire('error', { error: new Error('tile'), sourceId: PARCEL_SOURCE_ID });
    expect(handlers.styleLoadFailed).not.toHaveBeenCalled();
    fake.fire('error', { error: new Error('style') });
    expect(handlers.styleLoadFailed).toHaveBeenCalledWith('satellite');
  });

  it('takes its listeners off and removes the map once, whatever is called later', async () => {
    const { fake, controller } = await loadedController();
    controller.remove();
    controller.remove();
    expect(fake.removed).toBe(true);
    expect(fake.listenerCount('click')).toBe(0);
    expect(fake.listenerCount('mousemove', PARCEL_LAYER_IDS.fill)).toBe(0);
  });
});
