// The API through publishes: readers keep the old version until the import commits, then parcels,
// the data set and tile ETags switch together; another data set is served beside the first; tile URLs
// carry the data version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CENTRE } from '@parcel-map/county-data/demo';
import { DEFAULT_IMPORT_FILE_LIMITS, importParcels, parseImportMapping } from '@parcel-map/county-data/import';
import { featureCollection, fixtureDir, squarePolygon, writeFixture } from '@parcel-map/county-data/testing';
import { testDbMode } from '@parcel-map/database/testing';
import { startTestApp, type TestApp } from '../../testing/testApp.ts';
import { lonLatToTile } from '../../tiles/kit/tileMath.ts';

describe('publishing data sets while the API serves', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(); // the demo county's test square, PIN 4605050123 under the centre
  });
  afterAll(() => app.close());

  interface Snapshot {
    current: number;
    parcels: number;
    foreign: number;
    hasDemoPin: boolean;
  }
  const snapshot = async (): Promise<Snapshot> => {
    const { rows } = await app.db.query<Snapshot>(
      `SELECT (SELECT id FROM datasets WHERE is_current AND name = 'demo') AS current,
              (SELECT count(*)::int FROM parcels) AS parcels,
              (SELECT count(*)::int FROM parcels WHERE dataset_id IS DISTINCT FROM (SELECT id FROM datasets WHERE is_current AND name = 'demo')) AS foreign,
              EXISTS (SELECT 1 FROM parcels WHERE pin = '4605050123') AS "hasDemoPin"`,
    );
    return rows[0]!;
  };

  it("keeps readers on a data set's old version until the commit, then switches parcels, data set and tile ETags together", async () => {
    const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 16);
    const tilePath = `/tiles/16/${x}/${y}.pbf`;
    const tileReader = await app.identity.sign('user-tiles');
    const before = await snapshot();
    const oldTile = await app.request(tilePath, { token: tileReader });
    expect(oldTile.status).toBe(200);
    expect(before.hasDemoPin).toBe(true);

    const dir = await fixtureDir();
    const size = 0.0004;
    const features = Array.from({ length: 12 }, (_, i) => ({
      properties: { PIN: `NEW-${i}` },
      geometry: squarePolygon(DEMO_CENTRE.lng - 0.0012 + (i % 4) * size, DEMO_CENTRE.lat - 0.0006 + Math.floor(i / 4) * size, size),
    }));
    const file = await writeFixture(dir, 'replacement.geojson', featureCollection(features));

    let duringImport: Promise<Snapshot> | undefined;
    const versionBefore = (await app.request('/api/datasets', { token: await app.identity.sign('user-import') })).json as { dataVersion: number };
    const report = await importParcels(app.db, {
      limits: DEFAULT_IMPORT_FILE_LIMITS,
      dataset: 'demo',
      file,
      mapping: parseImportMapping({ dataset: { sourceName: 'replacement', licence: 'none' }, fields: { PIN: 'PIN' } }),
      afterBatch: async () => {
        duringImport = snapshot();
        // PostgreSQL: another pooled connection reads at once (MVCC). PGlite: one session, so the
        // read queues behind the transaction; awaiting it here would deadlock.
        if (testDbMode === 'postgres') await duringImport;
      },
    });
    const seenDuring = await duringImport!;
    if (testDbMode === 'postgres') {
      expect(seenDuring).toEqual(before);
    } else {
      expect(seenDuring).toEqual({ current: report.dataset.id, parcels: 12, foreign: 0, hasDemoPin: false });
    }
    expect(seenDuring.foreign).toBe(0);

    expect(await snapshot()).toEqual({ current: report.dataset.id, parcels: 12, foreign: 0, hasDemoPin: false });
    const token = await app.identity.sign('user-import');
    expect((await app.request('/api/parcels/4605050123', { token })).status).toBe(404);
    expect((await app.request('/api/parcels/NEW-5', { token })).status).toBe(200);
    const after = (await app.request('/api/datasets', { token })).json as { dataVersion: number; datasets: { name: string; version: number; parcels: number; source: string }[] };
    expect(after.datasets).toEqual([expect.objectContaining({ name: 'demo', version: 2, parcels: 12, source: 'replacement' })]);
    expect(after.dataVersion).toBeGreaterThan(versionBefore.dataVersion);

    // At once: the tile route reads the data version on every request.
    const newTile = await app.request(tilePath, { token: tileReader, headers: { 'If-None-Match': String(oldTile.headers.etag) } });
    expect(newTile.status).toBe(200);
    expect(newTile.headers.etag).not.toBe(oldTile.headers.etag);
    expect(newTile.headers.etag).toMatch(new RegExp(`^"v${after.dataVersion}-`));
  });

  it('serves a second data set beside the first: tiles, details, search and the parcel at a point', async () => {
    const token = await app.identity.sign('user-import');
    const lon = -79.5;
    const lat = 36.1;
    // Asked before the publish, so that the answer kept for the old data version must not be served after it.
    const searchNorthern = async () => ((await app.request('/api/parcels/search?q=northern', { token })).json as { results: { pin: string }[] }).results.map((r) => r.pin);
    expect(await searchNorthern()).not.toContain('NORTH-1');
    const file = await writeFixture(await fixtureDir(), 'north.geojson', featureCollection([{ properties: { PIN: 'NORTH-1', OWNER: 'NORTHERN ANN' }, geometry: squarePolygon(lon, lat, 0.001) }]));
    await importParcels(app.db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'north', file, mapping: parseImportMapping({ dataset: { sourceName: 'North GIS', licence: 'PDDL' }, fields: { PIN: 'PIN', owner: 'OWNER' } }) });

    expect(((await app.request('/api/datasets', { token })).json as { datasets: { name: string }[] }).datasets.map((d) => d.name)).toEqual(['demo', 'north']);
    expect((await app.request('/api/parcels/NORTH-1', { token })).json).toMatchObject({ owner: 'NORTHERN ANN', dataset: 'north' });
    expect((await app.request('/api/parcels/NEW-5', { token })).json).toMatchObject({ dataset: 'demo' });
    expect((await app.request(`/api/parcels/at?lng=${lon + 0.0005}&lat=${lat + 0.0005}`, { token })).json).toMatchObject({ pin: 'NORTH-1' });
    expect(await searchNorthern()).toContain('NORTH-1');
    const { x, y } = lonLatToTile(lon + 0.0005, lat + 0.0005, 16);
    expect((await app.request(`/tiles/16/${x}/${y}.pbf`, { token })).status).toBe(200);
  });

  it("lets a tile be cached for good, by the session's browser alone, only when asked for with the current data version", async () => {
    const token = await app.identity.sign('user-tiles');
    const { dataVersion } = (await app.request('/api/datasets', { token })).json as { dataVersion: number };
    const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 16);
    const path = `/tiles/16/${x}/${y}.pbf`;
    // Twice each: the second answer comes from the cached-tile fast path.
    for (let i = 0; i < 2; i++) {
      expect((await app.request(`${path}?v=${dataVersion}`, { token })).headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect((await app.request(path, { token })).headers['cache-control']).toBe('private, no-cache');
      expect((await app.request(`${path}?v=${dataVersion - 1}`, { token })).headers['cache-control']).toBe('private, no-cache');
    }
    expect((await app.request(`${path}?v=soon`, { token })).status).toBe(400);
  });
});
