import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CENTRE } from '@parcel-map/county-data/demo';
import { TILE_ACCESS_PATH } from '@parcel-map/shared/contracts';
import { startTestApp, type RequestOptions, type TestApp } from '../../testing/testApp.ts';
import { lonLatToTile, tileBounds } from '../kit/tileMath.ts';

const decode = (gzipped: Buffer) => new VectorTile(new PbfReader(gunzipSync(gzipped)));

describe('GET /tiles/:z/:x/:y.pbf', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp();
    token = await app.identity.sign('tile-reader');
  });
  afterAll(() => app.close());

  /** As the map asks: with the session's bearer token. */
  const get = (path: string, options: RequestOptions = {}) => app.request(path, { token, ...options });

  const centreTile = (z: number) => {
    const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, z);
    return `/tiles/${z}/${x}/${y}.pbf`;
  };

  it('serves a gzipped MVT at z14 around the centre with the parcel properties', async () => {
    const response = await get(centreTile(14));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-protobuf');
    expect(response.headers['content-encoding']).toBe('gzip');
    // Without its data version (?v=) a tile is revalidated on every use; seen only with a session, by that browser alone.
    expect(response.headers['cache-control']).toBe('private, no-cache');
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
      const layer = decode((await get(`/tiles/${z}/${x}/${y}.pbf`)).body).layers.parcels!;
      const pins = new Set(Array.from({ length: layer.length }, (_, i) => String(layer.feature(i).properties.pin)));
      for (const row of rows) expect(pins.has(row.pin)).toBe(true);
    }
  });

  it('answers 304 when If-None-Match carries the ETag', async () => {
    const first = await get(centreTile(15));
    const etag = String(first.headers.etag);
    const second = await get(centreTile(15), { headers: { 'If-None-Match': etag } });
    expect(second.status).toBe(304);
    expect(second.body.length).toBe(0);
    expect(second.headers.etag).toBe(etag);
    const stale = await get(centreTile(15), { headers: { 'If-None-Match': '"something-else"' } });
    expect(stale.status).toBe(200);
  });

  it('carries the data version in the ETag and drops every property but the pin below the label zoom (z14)', async () => {
    const version = (await app.db.query<{ value: number }>('SELECT value::int AS value FROM data_version')).rows[0]!.value;
    const z14 = await get(centreTile(14));
    expect(String(z14.headers.etag)).toMatch(new RegExp(`^"v${version}-`));
    for (const z of [12, 13]) {
      const layer = decode((await get(centreTile(z))).body).layers.parcels!;
      expect(layer.length).toBeGreaterThan(0);
      for (let i = 0; i < layer.length; i += 1) expect(Object.keys(layer.feature(i).properties).sort()).toEqual(['PIN', 'pin']);
      expect(typeof layer.feature(0).id).toBe('number');
    }
  });

  it('serves identical bytes from the cache', async () => {
    const a = await get(centreTile(16));
    const b = await get(centreTile(16));
    expect(b.body.equals(a.body)).toBe(true);
  });

  it('answers 204 for a tile with no parcels', async () => {
    const response = await get('/tiles/14/0/0.pbf');
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
    const response = await get(path);
    expect(response.status).toBe(400);
    expect(typeof (response.json as { message: unknown }).message).toBe('string');
  });

  it('serves tiles cross-origin to the configured origins', async () => {
    const response = await get(centreTile(14), { headers: { Origin: 'http://127.0.0.1:3000' } });
    expect(response.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3000');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('who may fetch county data tiles', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const centreTile = (z: number) => {
    const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, z);
    return `/tiles/${z}/${x}/${y}.pbf`;
  };
  const currentVersion = async () => (await app.db.query<{ value: number }>('SELECT value::int AS value FROM data_version')).rows[0]!.value;

  it('answers 401 JSON without a session, readable by the front end (CORS), built or not', async () => {
    for (let round = 0; round < 2; round += 1) {
      const response = await app.request(centreTile(15), { headers: { Origin: 'http://127.0.0.1:3000' } });
      expect(response.status).toBe(401);
      expect(response.json).toEqual({ message: 'Authentication required' });
      expect(response.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3000');
    }
  });

  it('answers 401 for a forged token and an expired one, even when the tile is cached', async () => {
    const token = await app.identity.sign('tile-reader');
    expect((await app.request(centreTile(16), { token })).status).toBe(200);
    expect((await app.request(centreTile(16), { token: await app.identity.signHs256('tile-reader') })).status).toBe(401);
    expect((await app.request(centreTile(16), { token: await app.identity.sign('tile-reader', { expiresIn: -120 }) })).status).toBe(401);
  });

  it('serves a session its tiles, cacheable by its browser alone for the data version', async () => {
    const token = await app.identity.sign('tile-reader');
    const path = `${centreTile(14)}?v=${await currentVersion()}`;
    const built = await app.request(path, { token });
    const cached = await app.request(path, { token });
    for (const response of [built, cached]) {
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    }
  });

  it('guards every path under /tiles by the one rule, so a tile set mounted there later (overlays) is covered', async () => {
    const overlayTile = '/tiles/overlays/flood-zones/14/4529/6476.pbf';
    expect((await app.request(overlayTile)).status).toBe(401);
    // Express matches paths without regard to case: so does the rule, whichever path answers.
    const token = await app.identity.sign('tile-reader');
    expect((await app.request(centreTile(14).toUpperCase(), { token })).status).toBe(200);
    expect((await app.request(centreTile(14).toUpperCase())).status).toBe(401);
    expect((await app.request(overlayTile, { token })).status).toBe(404);
  });

  it('answers nginx\'s access check as the tiles would: 204 for a session, 401 for none or a forged one, never cached by the browser', async () => {
    const token = await app.identity.sign('tile-reader');
    const allowed = await app.request(TILE_ACCESS_PATH, { token });
    expect(allowed.status).toBe(204);
    expect(allowed.headers['cache-control']).toBe('private, no-store');
    expect((await app.request(TILE_ACCESS_PATH)).status).toBe(401);
    expect((await app.request(TILE_ACCESS_PATH, { token: await app.identity.signHs256('tile-reader') })).status).toBe(401);
  });

  it('keeps the base map and contour tiles public', async () => {
    const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 12);
    for (const path of [`/basemap/12/${x}/${y}.pbf`, `/contours/12/${x}/${y}.pbf`]) {
      expect([200, 204]).toContain((await app.request(path)).status);
    }
  });
});

describe('PUBLIC_PARCEL_TILES=true', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { publicParcelTiles: true } });
  });
  afterAll(() => app.close());

  it('lets nginx serve its cached tiles without a session', async () => {
    expect((await app.request(TILE_ACCESS_PATH)).status).toBe(204);
  });

  it('serves parcel tiles without a session, cacheable by browsers and CDNs alike', async () => {
    const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 14);
    const version = (await app.db.query<{ value: number }>('SELECT value::int AS value FROM data_version')).rows[0]!.value;
    for (let round = 0; round < 2; round += 1) {
      const response = await app.request(`/tiles/14/${x}/${y}.pbf?v=${version}`);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});
