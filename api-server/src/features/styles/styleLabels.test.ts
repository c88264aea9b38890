// Issue #41 point 5: every self-hosted style (offline and imagery) names what is under the parcels —
// the context overlays' water and road names (their labelAttribute), the demo base map's road names
// from z11, and the towns of the parcels' cities at z10–13 — above the parcels and in its palette's
// label colours.
import express from 'express';
import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CENTRE } from '@parcel-map/county-data/demo';
import type { Imagery, Overlay } from '@parcel-map/shared/contracts';
import { errorHandler, notFoundHandler } from '../../platform/http/errorHandler.ts';
import { listenOnLoopback, type ListeningServer } from '../../testing/listenOnLoopback.ts';
import { rawRequest, startTestApp } from '../../testing/testApp.ts';
import { lonLatToTile } from '../../tiles/kit/tileMath.ts';
import { createStylesRouter } from './stylesRouter.ts';

type Layer = { id: string; type: string; source?: string; 'source-layer'?: string; minzoom?: number; maxzoom?: number; filter?: unknown; layout?: Record<string, unknown>; paint?: Record<string, unknown> };
type Style = { sources: Record<string, { tiles?: string[] }>; layers: Layer[] };

const overlay = (name: string, context: Overlay['context'], geometryType: Overlay['geometryType'], labelAttribute?: string): Overlay => ({
  name,
  label: name,
  geometryType,
  version: 1,
  features: 1,
  bbox: null,
  tiles: `/tiles/overlays/${name}/{z}/{x}/{y}.pbf?v=1`,
  context,
  style: { colour: '#123456', ...(labelAttribute ? { labelAttribute } : {}) },
  legend: null,
  fields: [],
  source: 'County GIS',
  licence: 'PD',
});

const orthophoto: Imagery = { name: 'ortho', source: 'file', label: 'Orthophoto 2024', bbox: [-71.2, 42.3, -71, 42.45], minzoom: 10, maxzoom: 18, tiles: '/tiles/imagery/ortho/{z}/{x}/{y}.webp?v=1', attribution: 'MassGIS', version: 1, year: 2024 };

describe('the names in the self-hosted styles', () => {
  const overlays = [
    overlay('water', 'water', 'polygon', 'NAME'),
    overlay('streams', 'water', 'line', 'GNIS_NAME'),
    // Cambridge's roads: surfaces with no name field.
    overlay('pavement', 'roads', 'polygon'),
    overlay('centrelines', 'roads', 'line', 'ST_NAME'),
    overlay('kerbs', 'roads', 'polygon', 'STREET'),
    overlay('towns', 'boundaries', 'polygon', 'TOWN'),
    overlay('flood', null, 'polygon', 'ZONE'),
  ];
  let server: ListeningServer;
  beforeAll(async () => {
    const app = express();
    app.use('/styles', createStylesRouter({ publicBaseUrl: 'https://maps.example.org', overlays: { current: async () => overlays }, imagery: { current: async () => [orthophoto] } }));
    app.use(notFoundHandler());
    app.use(errorHandler(pino({ level: 'silent' })));
    server = await listenOnLoopback(app);
  });
  afterAll(() => server.close());

  const styleOf = async (id: string) => (await rawRequest(`${server.baseUrl}/styles/${id}.json`)).json as Style;
  const byId = (style: Style) => new Map(style.layers.map((layer) => [layer.id, layer]));

  it.each([
    ['streets-local', '#555555', '#ffffff'],
    ['dark-local', '#e8e8e8', '#000000'],
    ['imagery-ortho', '#e8e8e8', '#000000'],
  ])('%s names the water inside its areas and along its lines, in its label colours', async (id, label, halo) => {
    const layers = byId(await styleOf(id));
    expect(layers.get('context-water-label')).toMatchObject({
      type: 'symbol',
      source: 'context-water',
      'source-layer': 'features',
      filter: ['has', 'NAME'],
      layout: { 'symbol-placement': 'point', 'text-field': ['get', 'NAME'] },
      paint: { 'text-color': label, 'text-halo-color': halo },
    });
    expect(layers.get('context-streams-label')).toMatchObject({ source: 'context-streams', layout: { 'symbol-placement': 'line', 'text-field': ['get', 'GNIS_NAME'] } });
  });

  it.each(['streets-local', 'dark-local', 'imagery-ortho'])('%s names the roads along their lines and their surfaces’ edges, and no road file without names', async (id) => {
    const style = await styleOf(id);
    const layers = byId(style);
    expect(layers.get('context-centrelines-label')).toMatchObject({ type: 'symbol', filter: ['has', 'ST_NAME'], layout: { 'symbol-placement': 'line', 'text-field': ['get', 'ST_NAME'] } });
    expect(layers.get('context-kerbs-label')).toMatchObject({ type: 'symbol', layout: { 'symbol-placement': 'line', 'text-field': ['get', 'STREET'] } });
    const labelled = style.layers.filter((layer) => layer.type === 'symbol').map((layer) => layer.id);
    expect(labelled.filter((layerId) => layerId.startsWith('context-')).sort()).toEqual(['context-centrelines-label', 'context-kerbs-label', 'context-streams-label', 'context-water-label']);
    for (const name of ['centrelines', 'kerbs', 'streams', 'water']) expect(style.sources[`context-${name}`]?.tiles).toEqual([`https://maps.example.org/tiles/overlays/${name}/{z}/{x}/{y}.pbf?v=1`]);
  });

  it.each(['streets-local', 'dark-local', 'imagery-ortho'])('%s names the towns at z10–13 and the demo roads from z11, every name above the other layers', async (id) => {
    const style = await styleOf(id);
    const layers = byId(style);
    expect(layers.get('town-label')).toMatchObject({ type: 'symbol', source: 'basemap', 'source-layer': 'places', minzoom: 10, maxzoom: 14, layout: { 'text-field': ['get', 'name'], 'symbol-sort-key': ['get', 'rank'] } });
    expect(layers.get('road-label')).toMatchObject({ type: 'symbol', source: 'basemap', 'source-layer': 'roads', minzoom: 11 });
    // The map slides its parcel layers under the first symbol layer: every name must come after every area and line.
    const types = style.layers.map((layer) => layer.type);
    expect(types.slice(types.indexOf('symbol')).every((type) => type === 'symbol')).toBe(true);
    expect(style.layers.at(-1)!.id).toBe('town-label');
  });

  it('draws no water or road areas under the photo, only their names', async () => {
    const style = await styleOf('imagery-ortho');
    expect(style.layers.filter((layer) => layer.source?.startsWith('context-') && layer.type !== 'symbol').map((layer) => layer.source)).toEqual(['context-towns']);
  });
});

describe("the street names of the parcels' addresses", () => {
  const styleWith = async (overlays: Overlay[], id: string) => {
    const app = express();
    app.use('/styles', createStylesRouter({ publicBaseUrl: 'https://maps.example.org', overlays: { current: async () => overlays }, imagery: { current: async () => [orthophoto] } }));
    const server = await listenOnLoopback(app);
    try {
      return (await rawRequest(`${server.baseUrl}/styles/${id}.json`)).json as Style;
    } finally {
      await server.close();
    }
  };

  it.each(['streets-local', 'dark-local', 'imagery-ortho'])('%s names the streets from z14, turned as the tiles say, where no road overlay names them', async (id) => {
    const cambridge = await styleWith([overlay('water', 'water', 'polygon', 'NAME'), overlay('pavement', 'roads', 'polygon')], id);
    expect(cambridge.layers.find((layer) => layer.id === 'street-label')).toMatchObject({
      type: 'symbol',
      source: 'basemap',
      'source-layer': 'streets',
      minzoom: 14,
      layout: { 'text-field': ['get', 'name'], 'text-rotate': ['get', 'rotate'], 'text-rotation-alignment': 'map' },
    });
    const named = await styleWith([overlay('centrelines', 'roads', 'line', 'ST_NAME')], id);
    expect(named.layers.some((layer) => layer.id === 'street-label')).toBe(false);
  });
});

describe("the town names' source", () => {
  it("serves the demo county's town names under the layer and source the style's town label names, at z11", async () => {
    const app = await startTestApp();
    try {
      const style = (await app.request('/styles/streets-local.json')).json as Style;
      const town = style.layers.find((layer) => layer.id === 'town-label')!;
      const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 11);
      const url = new URL(style.sources[town.source!]!.tiles![0]!.replace('{z}', '11').replace('{x}', String(x)).replace('{y}', String(y)));
      const tile = await app.request(url.pathname + url.search);
      expect(tile.status).toBe(200);
      const layer = new VectorTile(new PbfReader(gunzipSync(tile.body))).layers[town['source-layer']!]!;
      const names = Array.from({ length: layer.length }, (_, i) => layer.feature(i).properties.name);
      expect(names).toContain('Mooresville');
    } finally {
      await app.close();
    }
  });
});
