import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/testApp.ts';

describe('GET /styles/:id.json and /geo/roads.geojson', () => {
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
    const style = response.json as { name: string; sources: Record<string, { type: string; data?: string }>; layers: { id: string; type: string; source?: string; layout?: Record<string, unknown> }[] };
    expect(style.name).toBe(name);
    expect(style.sources.water).toEqual(expect.objectContaining({ type: 'geojson', data: `${app.baseUrl}/geo/water.geojson` }));
    expect(style.layers.find((layer) => layer.id === 'water')).toMatchObject({ type: 'fill', source: 'water' });
    expect(style.layers.filter((layer) => layer.source === 'roads' && layer.type === 'line').length).toBeGreaterThan(0);
    expect(style.layers.find((layer) => layer.type === 'symbol')?.layout?.['text-field']).toEqual(['get', 'name']);
    expect(style.layers.some((layer) => layer.type === 'raster')).toBe(false);
  });

  it('names only the dark style for the satellite outline rule', async () => {
    const names = await Promise.all(['streets-local', 'dark-local'].map(async (id) => ((await app.request(`/styles/${id}.json`)).json as { name: string }).name));
    expect(names.map((name) => name.toLowerCase().includes('satellite'))).toEqual([false, true]);
  });

  it('serves Lake Norman as GeoJSON polygons', async () => {
    const response = await app.request('/geo/water.geojson');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('application/geo+json');
    const collection = response.json as { features: { geometry: { type: string; coordinates: number[][][] } }[] };
    expect(collection.features.length).toBeGreaterThan(10);
    for (const feature of collection.features) expect(feature.geometry.type).toBe('Polygon');
    const [lng, lat] = collection.features[0]!.geometry.coordinates[0]![0]!;
    expect(lng).toBeGreaterThan(-81.1);
    expect(lng).toBeLessThan(-80.6);
    expect(lat).toBeGreaterThan(35.4);
    expect(lat).toBeLessThan(35.9);
  });

  it('serves the offline streets style with no mapbox:// URL', async () => {
    const response = await app.request('/styles/streets-local.json', { headers: { Origin: 'http://127.0.0.1:3000' } });
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3000');
    const style = response.json as { version: number; name: string; glyphs: string; sources: Record<string, { data?: string }>; layers: { id: string; type: string }[] };
    expect(style.version).toBe(8);
    expect(style.name).toBe('Streets (offline)');
    expect(response.body.toString('utf8')).not.toContain('mapbox://');
    expect(style.glyphs).toBe(`${app.baseUrl}/fonts/{fontstack}/{range}.pbf`);
    expect(style.layers[0]).toMatchObject({ id: 'background', type: 'background' });
    expect(style.sources.roads?.data).toBe(`${app.baseUrl}/geo/roads.geojson`);
    expect(style.layers.some((layer) => layer.id.startsWith('parcel'))).toBe(false);
  });

  it('answers 404 for an unknown style and for glyph requests', async () => {
    expect((await app.request('/styles/streets-v12.json')).status).toBe(404);
    const glyphs = await app.request('/fonts/Noto%20Sans%20Regular/0-255.pbf');
    expect(glyphs.status).toBe(404);
    expect(glyphs.json).toEqual({ message: 'Not found' });
  });

  it('serves the demo roads with names', async () => {
    const response = await app.request('/geo/roads.geojson');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('application/geo+json');
    const collection = response.json as { type: string; features: { geometry: { type: string }; properties: { name: string; kind: string } }[] };
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features.length).toBeGreaterThan(20);
    for (const feature of collection.features) {
      expect(feature.geometry.type).toBe('LineString');
      expect(feature.properties.name.length).toBeGreaterThan(0);
    }
  });
});
