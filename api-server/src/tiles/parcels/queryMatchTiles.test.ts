// A query's matches as tiles (issue #42 point 4), through the whole API: every match of a query on the
// demo county's test square (2,915 parcels, ~2,600 of them under an acre) is in its tiles, and no other parcel, past the 2,000 the map highlighted
// before; the tiles are county data (a session), their key is the query's on this data version.
// Run on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parcelQueryResponseSchema, queryMatchesResponseSchema, type ParcelQueryConditions } from '@parcel-map/shared/contracts';
import { startTestApp, type TestApp } from '../../testing/testApp.ts';
import { lonLatToTile } from '../kit/tileMath.ts';

/** The zoom from which every parcel is in its tiles (parcelTilesService.ts' FULL_DETAIL_ZOOM). */
const Z = 13;
/** The 2,000 matches the map highlighted at most before. */
const OLD_HIGHLIGHT_MAX = 2000;
const SMALL_LOTS: ParcelQueryConditions = { filters: [{ field: 'taxacres', op: '<', value: 1 }] };

const pinsOf = (gzipped: Buffer): string[] => {
  const layer = new VectorTile(new PbfReader(gunzipSync(gzipped))).layers.parcels;
  return layer ? Array.from({ length: layer.length }, (_, i) => String(layer.feature(i).properties.pin)) : [];
};

describe('GET /tiles/query/:key/:z/:x/:y.pbf', () => {
  let app: TestApp;
  let token: string;
  let tiles: { z: number; x: number; y: number }[];
  beforeAll(async () => {
    app = await startTestApp();
    token = await app.identity.sign('query-mapper');
    const { rows } = await app.db.query<{ west: number; south: number; east: number; north: number }>(
      'SELECT min(min_lon) AS west, min(min_lat) AS south, max(max_lon) AS east, max(max_lat) AS north FROM parcels',
    );
    const { west, south, east, north } = rows[0]!;
    const from = lonLatToTile(west, north, Z);
    const to = lonLatToTile(east, south, Z);
    tiles = [];
    for (let x = from.x; x <= to.x; x += 1) for (let y = from.y; y <= to.y; y += 1) tiles.push({ z: Z, x, y });
  });
  afterAll(() => app.close());

  const register = (conditions: unknown, options: { token?: string } = { token }) => app.request('/api/parcels/query/matches', { method: 'POST', body: conditions, ...options });
  const tileUrl = (template: string, { z, x, y }: { z: number; x: number; y: number }) => template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));

  it('holds every match of a query and no other parcel, past the 2,000 the map highlighted before', async () => {
    const registered = await register(SMALL_LOTS);
    expect(registered.status, JSON.stringify(registered.json)).toBe(200);
    const { tiles: template, total } = queryMatchesResponseSchema.parse(registered.json);
    const version = (await app.db.query<{ value: number }>('SELECT value::int AS value FROM data_version')).rows[0]!.value;
    expect(template).toMatch(new RegExp(`^/tiles/query/[\\w-]{22}/\\{z\\}/\\{x\\}/\\{y\\}\\.pbf\\?v=${version}$`));

    const { rows } = await app.db.query<{ pin: string }>('SELECT pin FROM parcels WHERE taxacres < 1');
    const wanted = new Set(rows.map((row) => row.pin));
    expect(wanted.size).toBeGreaterThan(OLD_HIGHLIGHT_MAX);
    // Not every parcel: a tile set of them all would pass too.
    const { rows: [all] } = await app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM parcels');
    expect(wanted.size).toBeLessThan(all!.count);
    expect(total).toBe(wanted.size);
    // The panel's count says the same.
    const page = await app.request('/api/parcels/query', { method: 'POST', token, body: { ...SMALL_LOTS, limit: 1 } });
    expect(parcelQueryResponseSchema.parse(page.json).total).toBe(total);

    const drawn = new Set<string>();
    for (const tile of tiles) {
      const response = await app.request(tileUrl(template, tile), { token });
      expect([200, 204]).toContain(response.status);
      if (response.status === 204) continue;
      // Immutable for its data version, and seen only with a session: private.
      expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
      const pins = pinsOf(response.body);
      for (const pin of pins) expect(wanted.has(pin), `${pin} is not a match`).toBe(true);
      // Each tile holds the parcel tile's matches, all of them.
      const parcelPins = pinsOf((await app.request(`/tiles/${tile.z}/${tile.x}/${tile.y}.pbf`, { token })).body);
      expect(new Set(pins)).toEqual(new Set(parcelPins.filter((pin) => wanted.has(pin))));
      for (const pin of pins) drawn.add(pin);
    }
    expect(drawn).toEqual(wanted);
  });

  it('is one key for the same conditions in any order of their properties, another for other conditions', async () => {
    const overlay = (where: Record<string, string>) => ({ ...SMALL_LOTS, overlay: { name: 'nowhere', where } });
    const first = await register(SMALL_LOTS);
    const again = await register({ filters: [{ value: 1, op: '<', field: 'taxacres' }] });
    expect(queryMatchesResponseSchema.parse(again.json).tiles).toBe(queryMatchesResponseSchema.parse(first.json).tiles);
    const other = await register({ filters: [{ field: 'taxacres', op: '<', value: 0.4 }] });
    expect(queryMatchesResponseSchema.parse(other.json).tiles).not.toBe(queryMatchesResponseSchema.parse(first.json).tiles);
    // Conditions the API refuses register nothing: a 400 naming what is wrong.
    expect((await register(overlay({ a: '1' }))).status).toBe(400);
    const badField = await register({ filters: [{ field: 'nonsense', op: '=', value: 1 }] });
    expect(badField.status).toBe(400);
    expect(JSON.stringify(badField.json)).toContain('nonsense');
  });

  it('refuses a stranger without a session, and answers 404 for a key no query is registered under', async () => {
    expect((await register(SMALL_LOTS, {})).status).toBe(401);
    const { tiles: template } = queryMatchesResponseSchema.parse((await register(SMALL_LOTS)).json);
    const tile = tiles[Math.floor(tiles.length / 2)]!;
    expect((await app.request(tileUrl(template, tile))).status).toBe(401);
    const unknown = template.replace(/\/query\/[\w-]{22}\//, `/query/${'A'.repeat(22)}/`);
    expect((await app.request(tileUrl(unknown, tile), { token })).status).toBe(404);
  });

  it('answers the box of every match (what a print fits), and none when nothing matches', async () => {
    const { bounds } = queryMatchesResponseSchema.parse((await register(SMALL_LOTS)).json);
    const { rows } = await app.db.query<{ west: number; south: number; east: number; north: number }>(
      'SELECT min(min_lon) AS west, min(min_lat) AS south, max(max_lon) AS east, max(max_lat) AS north FROM parcels WHERE taxacres < 1',
    );
    const { west, south, east, north } = rows[0]!;
    expect(bounds).toEqual([west, south, east, north]);
    // Not the whole county's box: the largest lots lie outside the small ones' box somewhere.
    const { rows: [all] } = await app.db.query<{ wider: boolean }>(
      'SELECT bool_or(min_lon < $1 OR min_lat < $2 OR max_lon > $3 OR max_lat > $4) AS wider FROM parcels',
      [west, south, east, north],
    );
    expect(all!.wider).toBe(true);
    const none = queryMatchesResponseSchema.parse((await register({ filters: [{ field: 'taxacres', op: '<', value: 0 }] })).json);
    expect(none).toMatchObject({ total: 0, bounds: null });
  });
});
