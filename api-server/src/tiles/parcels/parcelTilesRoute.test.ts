import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CENTRE } from '@parcel-map/county-data/demo';
import { startTestApp, type TestApp } from '../../testing/testApp.ts';
import { lonLatToTile, tileBounds } from '../kit/tileMath.ts';

const decode = (gzipped: Buffer) => new VectorTile(new PbfReader(gunzipSync(gzipped)));

describe('GET /tiles/:z/:x/:y.pbf', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const centreTile = (z: number) => {
    const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, z);
    return `/tiles/${z}/${x}/${y}.pbf`;
  };

  it('serves a gzipped MVT at z14 around the centre with the parcel properties', async () => {
    const response = await app.request(centreTile(14));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-protobuf');
    expect(response.headers['content-encoding']).toBe('gzip');
    // Without its data version (?v=) a tile is revalidated on every use.
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);

    const tile = decode(response.body);
    const layer = tile.layers.parcels;
    expect(layer).toBeDefined();
    expect(layer!.extent).toBe(4096);
    expect(layer!.length).toBeGreaterThan(50);
    const pins = new Set<string>();
    for (let i = 0; i < layer!.length; i += 1) {
      const feature = layer!.feature(i);
      expect(feature.type).toBe(3);
      const props = feature.properties;
      expect(typeof props.pin).toBe('string');
      expect(props.PIN).toBe(props.pin);
      expect(typeof props.Name).toBe('string');
      expect(typeof props.ADD1).toBe('string');
      expect(typeof props.CITY).toBe('string');
      expect(typeof props.TaxAcres).toBe('number');
      pins.add(String(props.pin));
    }
    expect(pins.has('4605050123')).toBe(true);
  });

  it('drops no parcel at z13 to z16: every parcel whose box is inside the tile is in it', async () => {
    for (const z of [13, 15, 16]) {
      const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, z);
      const bounds = tileBounds(z, x, y);
      const { rows } = await app.db.query<{ pin: string }>(
        'SELECT pin FROM parcels WHERE min_lon > $1 AND max_lon < $3 AND min_lat > $2 AND max_lat < $4',
        [bounds.west, bounds.south, bounds.east, bounds.north],
      );
      expect(rows.length).toBeGreaterThan(0);
      const layer = decode((await app.request(`/tiles/${z}/${x}/${y}.pbf`)).body).layers.parcels!;
      const pins = new Set(Array.from({ length: layer.length }, (_, i) => String(layer.feature(i).properties.pin)));
      for (const row of rows) expect(pins.has(row.pin)).toBe(true);
    }
  });

  it('answers 304 when If-None-Match carries the ETag', async () => {
    const first = await app.request(centreTile(15));
    const etag = String(first.headers.etag);
    const second = await app.request(centreTile(15), { headers: { 'If-None-Match': etag } });
    expect(second.status).toBe(304);
    expect(second.body.length).toBe(0);
    expect(second.headers.etag).toBe(etag);
    const stale = await app.request(centreTile(15), { headers: { 'If-None-Match': '"something-else"' } });
    expect(stale.status).toBe(200);
  });

  it('carries the data version in the ETag and drops every property but the pin below the label zoom (z14)', async () => {
    const version = (await app.db.query<{ value: number }>('SELECT value::int AS value FROM data_version')).rows[0]!.value;
    const z14 = await app.request(centreTile(14));
    expect(String(z14.headers.etag)).toMatch(new RegExp(`^"v${version}-`));
    for (const z of [12, 13]) {
      const layer = decode((await app.request(centreTile(z))).body).layers.parcels!;
      expect(layer.length).toBeGreaterThan(0);
      for (let i = 0; i < layer.length; i += 1) expect(Object.keys(layer.feature(i).properties).sort()).toEqual(['PIN', 'pin']);
      expect(typeof layer.feature(0).id).toBe('number');
    }
  });

  it('serves identical bytes from the cache', async () => {
    const a = await app.request(centreTile(16));
    const b = await app.request(centreTile(16));
    expect(b.body.equals(a.body)).toBe(true);
  });

  it('answers 204 for a tile with no parcels', async () => {
    const response = await app.request('/tiles/14/0/0.pbf');
    expect(response.status).toBe(204);
    expect(response.body.length).toBe(0);
  });

  it.each([
    ['z below 10', '/tiles/9/140/201.pbf'],
    ['z above 18', '/tiles/19/1/1.pbf'],
    ['a non-integer z', '/tiles/abc/1/1.pbf'],
    ['x outside 0..2^z-1', '/tiles/10/1024/1.pbf'],
    ['a negative y', '/tiles/10/1/-1.pbf'],
  ])('answers 400 JSON for %s', async (_label, path) => {
    const response = await app.request(path);
    expect(response.status).toBe(400);
    expect(typeof (response.json as { message: unknown }).message).toBe('string');
  });

  it('serves tiles cross-origin to the configured origins', async () => {
    const response = await app.request(centreTile(14), { headers: { Origin: 'http://127.0.0.1:3000' } });
    expect(response.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3000');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});
