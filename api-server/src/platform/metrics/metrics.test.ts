import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_CENTRE } from '@parcel-map/county-data/demo';
import { startTestApp, TEST_ADMIN_EMAIL, type TestApp } from '../../testing/testApp.ts';
import { lonLatToTile } from '../../tiles/kit/tileMath.ts';

const METRICS_TOKEN = 'a-scrapers-secret-token';

/** The value of one sample line (`name{labels} value`) of the exposition, or undefined when absent. */
function sample(exposition: string, series: string): number | undefined {
  const line = exposition.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let app: TestApp;
  let token: string;
  let admin: string;
  beforeAll(async () => {
    app = await startTestApp({ config: { metricsToken: METRICS_TOKEN } });
    token = await app.identity.sign('user-metrics');
    admin = await app.identity.sign('user-admin', { email: TEST_ADMIN_EMAIL });
    // Tiles built before the parcels are in memory would be timed on the database path.
    await vi.waitFor(async () => expect((await app.request('/health')).json).toMatchObject({ tilesWarm: true }), { timeout: 30_000, interval: 100 });
  });
  afterAll(() => app.close());

  const scrape = async () => {
    const response = await app.request('/metrics', { token: METRICS_TOKEN });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body.toString();
  };

  it('is not found without the metrics token, nor with another bearer token', async () => {
    expect((await app.request('/metrics')).status).toBe(404);
    expect((await app.request('/metrics', { token })).status).toBe(404);
    expect((await app.request('/metrics', { token: `${METRICS_TOKEN}x` })).status).toBe(404);
  });

  it('counts Express requests by route pattern, method and status, never by raw URL', async () => {
    expect((await app.request('/api/saved-parcels/987654', { method: 'DELETE', token })).status).toBe(404);
    expect((await app.request('/api/nothing-here-31337', { token })).status).toBe(404);
    const exposition = await scrape();
    expect(sample(exposition, 'parcel_map_http_request_duration_seconds_count{route="/api/saved-parcels/:id",method="DELETE",status="404"}')).toBe(1);
    expect(sample(exposition, 'parcel_map_http_request_duration_seconds_bucket{le="+Inf",route="/api/saved-parcels/:id",method="DELETE",status="404"}')).toBe(1);
    expect(sample(exposition, 'parcel_map_http_request_duration_seconds_count{route="(unmatched)",method="GET",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(exposition).not.toContain('987654');
    expect(exposition).not.toContain('31337');
  });

  it('counts tile cache misses and hits, and the fast path answering cached tiles', async () => {
    const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 14);
    const tile = `/tiles/14/${x}/${y}.pbf`;
    const before = await scrape();
    const count = (exposition: string, series: string) => sample(exposition, series) ?? 0;
    expect((await app.request(tile, { token })).status).toBe(200); // built: a miss
    expect((await app.request(tile, { token })).status).toBe(200); // the fast path
    expect((await app.request(`${tile}?via=express`, { token })).status).toBe(200); // Express, from the cache: a hit
    const after = await scrape();
    const series = {
      miss: 'parcel_map_tile_cache_lookups_total{tile_set="/tiles",result="miss"}',
      hit: 'parcel_map_tile_cache_lookups_total{tile_set="/tiles",result="hit"}',
      fast: 'parcel_map_fast_path_responses_total{route="/tiles"}',
    };
    expect(count(after, series.miss) - count(before, series.miss)).toBe(1);
    expect(count(after, series.hit) - count(before, series.hit)).toBe(1);
    expect(count(after, series.fast) - count(before, series.fast)).toBe(1);
  });

  it("reports the database's load and the import jobs by state", async () => {
    expect(sample(await scrape(), 'parcel_map_import_jobs{state="uploading"}')).toBe(0);
    expect((await app.request('/api/admin/imports', { method: 'POST', token: admin })).status).toBe(201);
    const exposition = await scrape();
    expect(sample(exposition, 'parcel_map_import_jobs{state="uploading"}')).toBe(1);
    expect(sample(exposition, 'parcel_map_import_jobs{state="publishing"}')).toBe(0);
    expect(sample(exposition, 'parcel_map_db_queries{state="running"}')).toBeGreaterThanOrEqual(0);
    expect(sample(exposition, 'parcel_map_db_queries{state="waiting"}')).toBe(0);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not served', async () => {
    const app = await startTestApp({ seed: false });
    try {
      expect((await app.request('/metrics')).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
