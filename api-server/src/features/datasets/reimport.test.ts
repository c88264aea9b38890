// The API through a re-import: readers keep the old data set until the import commits, then parcels,
// the data set and tile ETags switch together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CENTRE } from '@parcel-map/county-data/demo';
import { importParcels, parseImportMapping } from '@parcel-map/county-data/import';
import { featureCollection, fixtureDir, squarePolygon, writeFixture } from '@parcel-map/county-data/testing';
import { testDbMode } from '@parcel-map/database/testing';
import { startTestApp, type TestApp } from '../../testing/testApp.ts';
import { lonLatToTile } from '../../tiles/kit/tileMath.ts';

describe('re-import replaces the current data set atomically', () => {
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
      `SELECT (SELECT id FROM datasets WHERE is_current) AS current,
              (SELECT count(*)::int FROM parcels) AS parcels,
              (SELECT count(*)::int FROM parcels WHERE dataset_id IS DISTINCT FROM (SELECT id FROM datasets WHERE is_current)) AS foreign,
              EXISTS (SELECT 1 FROM parcels WHERE pin = '4605050123') AS "hasDemoPin"`,
    );
    return rows[0]!;
  };

  it('keeps readers on the old data set until the commit, then switches parcels, data set and tile ETags together', async () => {
    const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 16);
    const tilePath = `/tiles/16/${x}/${y}.pbf`;
    const before = await snapshot();
    const oldTile = await app.request(tilePath);
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
    const report = await importParcels(app.db, {
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
    expect((await app.request('/api/datasets/current', { token })).json).toMatchObject({ source_name: 'replacement', parcel_count: 12 });

    // At once: the tile route reads the data version on every request.
    const newTile = await app.request(tilePath, { headers: { 'If-None-Match': String(oldTile.headers.etag) } });
    expect(newTile.status).toBe(200);
    expect(newTile.headers.etag).not.toBe(oldTile.headers.etag);
    expect(newTile.headers.etag).toMatch(new RegExp(`^"v${report.dataset.id}-`));
  });
});
