import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Imagery, Overlay } from '@parcel-map/shared/contracts';
import { errorHandler, notFoundHandler } from '../../platform/http/errorHandler.ts';
import { listenOnLoopback, type ListeningServer } from '../../testing/listenOnLoopback.ts';
import { rawRequest, startTestApp, type TestApp } from '../../testing/testApp.ts';
import { orthophoto } from '@parcel-map/shared/testing/orthophoto';
import { createStylesRouter } from './stylesRouter.ts';

describe('GET /styles/:id.json', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it.each([
    ['streets-local', 'Streets (offline)'],
    ['dark-local', 'Dark (satellite contrast)'],
  ])('serves %s with land, water, roads and road names, and no mapbox:// URL', async (id, name) => {
    const response = await app.request(`/styles/${id}.json`);
    expect(response.status).toBe(200);
    expect(response.body.toString('utf8')).not.toContain('mapbox://');
    type Layer = { id: string; type: string; source?: string; 'source-layer'?: string; layout?: Record<string, unknown> };
    const style = response.json as { name: string; sources: Record<string, { type: string; tiles?: string[] }>; layers: Layer[] };
    expect(style.name).toBe(name);
    expect(style.sources).toEqual({ basemap: expect.objectContaining({ type: 'vector', tiles: [`${app.baseUrl}/basemap/{z}/{x}/{y}.pbf`], minzoom: 0, maxzoom: 14 }) });
    expect(style.layers.find((layer) => layer.id === 'water')).toMatchObject({ type: 'fill', source: 'basemap', 'source-layer': 'water' });
    expect(style.layers.filter((layer) => layer['source-layer'] === 'roads' && layer.type === 'line').length).toBeGreaterThan(0);
    expect(style.layers.find((layer) => layer.type === 'symbol')?.layout?.['text-field']).toEqual(['get', 'name']);
    expect(style.layers.some((layer) => layer.type === 'raster')).toBe(false);
  });

  it('names only the dark style for the satellite outline rule', async () => {
    const names = await Promise.all(['streets-local', 'dark-local'].map(async (id) => ((await app.request(`/styles/${id}.json`)).json as { name: string }).name));
    expect(names.map((name) => name.toLowerCase().includes('satellite'))).toEqual([false, true]);
  });

  it('serves the offline streets style with no mapbox:// URL', async () => {
    const response = await app.request('/styles/streets-local.json', { headers: { Origin: 'http://127.0.0.1:3000' } });
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3000');
    const style = response.json as { version: number; name: string; glyphs: string; layers: { id: string; type: string }[] };
    expect(style.version).toBe(8);
    expect(style.name).toBe('Streets (offline)');
    expect(response.body.toString('utf8')).not.toContain('mapbox://');
    expect(style.glyphs).toBe(`${app.baseUrl}/fonts/{fontstack}/{range}.pbf`);
    expect(style.layers[0]).toMatchObject({ id: 'background', type: 'background' });
    expect(style.layers.some((layer) => layer.id.startsWith('parcel'))).toBe(false);
  });

  it('answers 404 for an unknown style and for glyph requests', async () => {
    expect((await app.request('/styles/streets-v12.json')).status).toBe(404);
    const glyphs = await app.request('/fonts/Noto%20Sans%20Regular/0-255.pbf');
    expect(glyphs.status).toBe(404);
    expect(glyphs.json).toEqual({ message: 'Not found' });
  });
});

describe('GET /styles/:id.json, where its URLs come from', () => {
  const forged = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };
  const urlsOf = (json: unknown) => {
    const style = json as { glyphs: string; sources: { basemap: { tiles: string[] } } };
    return [style.glyphs, ...style.sources.basemap.tiles];
  };

  it('names the address the API was reached on, whatever Host and X-Forwarded-* say', async () => {
    const app = await startTestApp({ seed: false });
    try {
      const urls = urlsOf((await app.request('/styles/streets-local.json', { headers: forged })).json);
      expect(urls).toEqual([`${app.baseUrl}/fonts/{fontstack}/{range}.pbf`, `${app.baseUrl}/basemap/{z}/{x}/{y}.pbf`]);
    } finally {
      await app.close();
    }
  });

  it('names PUBLIC_BASE_URL when it is set', async () => {
    const app = await startTestApp({ seed: false, config: { publicBaseUrl: 'https://maps.example.org/api' } });
    try {
      expect(urlsOf((await app.request('/styles/dark-local.json', { headers: forged })).json)).toEqual([
        'https://maps.example.org/api/fonts/{fontstack}/{range}.pbf',
        'https://maps.example.org/api/basemap/{z}/{x}/{y}.pbf',
      ]);
    } finally {
      await app.close();
    }
  });

  it('names PUBLIC_BASE_URL behind a trusted proxy too, whatever host the proxy forwards', async () => {
    const app = await startTestApp({ seed: false, config: { trustProxy: ['loopback'], publicBaseUrl: 'https://maps.example.org' } });
    try {
      const urls = urlsOf((await app.request('/styles/streets-local.json', { headers: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http' } })).json);
      expect(urls[1]).toBe('https://maps.example.org/basemap/{z}/{x}/{y}.pbf');
    } finally {
      await app.close();
    }
  });
});

describe('GET /styles/imagery-:name.json', () => {
  const older: Imagery = { ...orthophoto, name: 'orthophoto-2019', label: 'Orthophoto 2019', year: 2019, bbox: [-87.8, 41.8, -87.6, 41.9], minzoom: 9, tiles: '/tiles/imagery/orthophoto-2019/{z}/{x}/{y}.webp?v=1' };
  const boundaries = { name: 'towns', context: 'boundaries', geometryType: 'polygon', tiles: '/tiles/overlays/towns/{z}/{x}/{y}.pbf?v=1', label: 'Towns', source: 'County', licence: 'PD', style: { colour: '#9a9a9a' } };
  const water = { ...boundaries, name: 'lakes', context: 'water', tiles: '/tiles/overlays/lakes/{z}/{x}/{y}.pbf?v=1' };
  let server: ListeningServer;
  beforeAll(async () => {
    // The styles router alone, with the app's error answers: the imagery served is the test's own.
    const app = express();
    app.use(
      '/styles',
      createStylesRouter({
        publicBaseUrl: 'https://maps.example.org',
        overlays: { current: async () => [boundaries, water] as Overlay[] },
        imagery: { current: async () => [older, orthophoto] },
      }),
    );
    app.use(notFoundHandler());
    app.use(errorHandler(pino({ level: 'silent' })));
    server = await listenOnLoopback(app);
  });
  afterAll(() => server.close());

  type Layer = { id: string; type: string; source?: string; paint?: Record<string, unknown> };
  type Style = { name: string; glyphs: string; sources: Record<string, Record<string, unknown>>; layers: Layer[] };

  it('draws the imagery over a plain background, road, street and town names and boundaries over it, under a satellite name', async () => {
    const response = await rawRequest(`${server.baseUrl}/styles/imagery-orthophoto-2024.json`);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const style = response.json as Style;
    expect(style.name).toBe('Satellite imagery: Orthophoto 2024');
    expect(style.name.toLowerCase()).toContain('satellite');
    expect(style.glyphs).toBe('https://maps.example.org/fonts/{fontstack}/{range}.pbf');
    expect(style.sources.imagery).toEqual({
      type: 'raster',
      tiles: ['https://maps.example.org/tiles/imagery/orthophoto-2024/{z}/{x}/{y}.webp?v=3'],
      bounds: orthophoto.bbox,
      minzoom: 10,
      maxzoom: 17,
      tileSize: 256,
      attribution: 'Orthophoto 2024: Cook County GIS',
    });
    expect(Object.keys(style.sources).sort()).toEqual(['basemap', 'context-towns', 'imagery']);
    expect(style.layers.map((layer) => layer.type)).toEqual(['background', 'raster', 'line', 'symbol', 'symbol', 'symbol']);
    expect(style.layers[1]).toMatchObject({ id: 'imagery', source: 'imagery' });
    expect(style.layers[2]).toMatchObject({ source: 'context-towns' });
    expect(style.layers[3]).toMatchObject({ id: 'road-label', source: 'basemap', paint: { 'text-halo-color': '#000000' } });
    expect(style.layers[4]).toMatchObject({ id: 'street-label', source: 'basemap', paint: { 'text-halo-color': '#000000' } });
    expect(style.layers[5]).toMatchObject({ id: 'town-label', source: 'basemap', paint: { 'text-halo-color': '#000000' } });
  });

  it('draws every imagery layer at once in the API’s order, the newest on top, its source the one the map watches', async () => {
    const style = (await rawRequest(`${server.baseUrl}/styles/imagery.json`)).json as Style & { center: number[]; zoom: number };
    expect(style.name).toBe('Satellite imagery: newest available');
    expect(style.layers.filter((layer) => layer.type === 'raster').map((layer) => layer.source)).toEqual(['imagery-under-0', 'imagery']);
    expect(style.sources['imagery-under-0']).toMatchObject({ tiles: ['https://maps.example.org/tiles/imagery/orthophoto-2019/{z}/{x}/{y}.webp?v=1'], attribution: 'Orthophoto 2019: Cook County GIS' });
    expect(style.sources.imagery).toMatchObject({ tiles: ['https://maps.example.org/tiles/imagery/orthophoto-2024/{z}/{x}/{y}.webp?v=3'] });
    // Opens on both footprints, from the lowest zoom either has.
    expect(style.center).toEqual([-87.675, 41.875]);
    expect(style.zoom).toBe(9);
  });

  it('answers 404 with the JSON error for an imagery layer not served', async () => {
    for (const id of ['imagery-orthophoto-2023', 'imagery-', 'orthophoto-2024']) {
      const response = await rawRequest(`${server.baseUrl}/styles/${id}.json`);
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ message: 'Style not found' });
    }
  });
});
