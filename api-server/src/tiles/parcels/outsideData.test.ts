// Issue #39 point 6: a parcel tile outside the data's extent is answered empty without a build or a
// cache entry, by getTile and by peek (the fast path), and answered as a build would answer it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@parcel-map/database';
import { DEMO_CENTRE } from '@parcel-map/county-data/demo';
import { openTestDb } from '@parcel-map/database/testing';
import { createDatasetsRepository } from '../../features/datasets/datasetsRepository.ts';
import { createDataVersion, DATA_VERSION_CHANNEL } from '../../platform/cache/dataVersion.ts';
import { lonLatToTile } from '../kit/tileMath.ts';
import { chooseParcelTileSource } from './chooseParcelTileSource.ts';
import { createParcelTilesService, type ParcelTilesService } from './parcelTilesService.ts';

describe('parcel tiles outside the data', () => {
  let db: Db;
  let service: ParcelTilesService;
  let lookups = 0;
  beforeAll(async () => {
    db = await openTestDb('seeded');
    const datasets = createDatasetsRepository(db);
    const dataVersion = createDataVersion({ read: () => datasets.dataVersion(), watch: (onEvent) => db.listen(DATA_VERSION_CHANNEL, onEvent) });
    service = createParcelTilesService({ chooseSource: () => chooseParcelTileSource(db, () => datasets.dataVersion()), dataVersion, onCacheLookup: () => (lookups += 1) });
    await service.loadCurrentVersion();
  });
  afterAll(() => db.close());

  it('answers a tile far from the parcels empty, with one shared answer, and takes no cache entry', async () => {
    const { x, y } = lonLatToTile(DEMO_CENTRE.lng + 1, DEMO_CENTRE.lat - 1, 14);
    const lookupsBefore = lookups;
    const first = await service.getTile(14, x, y);
    expect(first.kind).toBe('empty');
    expect(await service.getTile(14, x, y)).toBe(first);
    expect(service.peek(14, x, y)).toBe(first);
    expect(service.peek(20, 0, 0)).toBe(first);
    expect(lookups).toBe(lookupsBefore);
    // A tile among the parcels is built and cached as before.
    const centre = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 14);
    expect((await service.getTile(14, centre.x, centre.y)).kind).toBe('tile');
    expect(lookups).toBe(lookupsBefore + 1);
  });

  it('answers every tile round the edge of the data as its build does', async () => {
    // Without a version known without a query, no tile is taken for outside: each is built from the database.
    const datasets = createDatasetsRepository(db);
    const builtEach = createParcelTilesService({ chooseSource: () => chooseParcelTileSource(db, () => datasets.dataVersion()), dataVersion: { current: () => datasets.dataVersion(), known: () => undefined } });
    const z = 16;
    const centre = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, z);
    // The test square (3 km) spans about 7 z16 tiles: its edges lie 3–4 tiles from the centre's.
    const edge: [number, number][] = [];
    for (let dx = -6; dx <= 6; dx++) for (let dy = -6; dy <= 6; dy++) if (Math.max(Math.abs(dx), Math.abs(dy)) >= 2) edge.push([centre.x + dx, centre.y + dy]);
    let outside = 0;
    for (const [x, y] of edge) {
      const answered = await service.getTile(z, x, y);
      expect([x, y, answered.kind]).toEqual([x, y, (await builtEach.getTile(z, x, y)).kind]);
      if (service.peek(z, x, y)?.kind === 'empty') outside += 1;
    }
    expect(outside).toBeGreaterThan(0);
    expect(outside).toBeLessThan(edge.length);
  });
});
