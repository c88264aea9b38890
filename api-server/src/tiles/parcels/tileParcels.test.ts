import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatasetsRepository } from '../../features/datasets/datasetsRepository.ts';
import type { Db } from '@parcel-map/database';
import { DEMO_CENTRE } from '@parcel-map/county-data/demo';
import { defaultMapping } from '@parcel-map/county-data/import';
import { DEFAULT_IMPORT_FILE_LIMITS, importParcels } from '@parcel-map/county-data/import';
import { featureCollection, fixtureDir, squarePolygon, writeFixture } from '@parcel-map/county-data/testing';
import { createParcelTilesRepository } from './parcelTilesRepository.ts';
import { openTestDb, testDbMode } from '@parcel-map/database/testing';
import { createDataVersion, DATA_VERSION_CHANNEL, type DataVersion } from '../../platform/cache/dataVersion.ts';
import { lonLatToTile, tileBounds } from '../kit/tileMath.ts';
import { createTileParcels, type TileParcelsDeps } from './tileParcels.ts';
import type { PinRange } from './parcelTilesRepository.ts';
import { readTileParcelsInWorkers } from './tileParcelsInWorkers.ts';
import { pinRangesBetween, tileParcelPartBuffers } from './tileParcelPages.ts';
import { PARCEL_SOURCE_LAYER } from '@parcel-map/shared/contracts';
import type { EncodedTile } from '../kit/tileSetRouter.ts';
import { createParcelTilesService } from './parcelTilesService.ts';
import { createMemoryTileSource } from './memoryTileSource.ts';

const pinsOf = (tile: EncodedTile): string[] => {
  if (tile.kind === 'empty') return [];
  const layer = new VectorTile(new PbfReader(gunzipSync(tile.body))).layers[PARCEL_SOURCE_LAYER]!;
  return Array.from({ length: layer.length }, (_, i) => String(layer.feature(i).properties.pin));
};

describe('tile parcels in memory', () => {
  let db: Db;
  const currentVersion = () => createDatasetsRepository(db).dataVersion();
  beforeAll(async () => {
    db = await openTestDb('seeded');
  });
  afterAll(() => db.close());

  let rangesRead = 0;
  const onWorkerThreads = () => ({
    readInWorkers: (ranges: readonly PinRange[]) => {
      rangesRead += ranges.length;
      return readTileParcelsInWorkers(db.connectionForOtherThreads!, ranges);
    },
  });
  const readings: [string, () => Partial<TileParcelsDeps>][] = [['read on this thread', () => ({})]];
  // PostgreSQL only: PGlite's one session is this thread's.
  if (testDbMode === 'postgres') readings.push(['read in worker threads, a range of PINs each', onWorkerThreads]);
  it.each(readings)('selects the parcels findForTile selects, in its order, with its size filter (%s)', async (_, reading) => {
    const parcels = createParcelTilesRepository(db);
    const version = await currentVersion();
    const tileParcels = createTileParcels({ parcels, readVersion: currentVersion, ...reading() });
    await tileParcels.load(version);
    let compared = 0;
    for (const [z, minPixels] of [[12, 5], [13, 0], [14, 0], [15, 0], [17, 0]] as const) {
      const centre = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, z);
      for (const [dx, dy] of [[0, 0], [1, 0], [-1, 1], [2, -2]] as const) {
        const box = tileBounds(z, centre.x + dx, centre.y + dy, 128 / 4096);
        const minSize = (minPixels * 360) / 2 ** z / 512;
        const expected = (await parcels.findForTile(box, minSize)).map(({ geometry: _geometry, ...attributes }) => attributes);
        const { parcels: set, indices } = await tileParcels.findForTile(version, box, minSize);
        expect(Array.from(indices, (i) => set.attributesOf(i))).toEqual(expected);
        compared += expected.length;
      }
    }
    expect(compared).toBeGreaterThan(500);
    if (reading === onWorkerThreads) expect(rangesRead).toBeGreaterThan(1);
  });

  it.runIf(testDbMode === 'postgres')('hands the workers\' parts back once joined, so this thread holds the joined arrays alone', async () => {
    const parcels = createParcelTilesRepository(db);
    const ranges = pinRangesBetween(await parcels.findPinSplits(3));
    expect(ranges.length).toBeGreaterThan(1);
    const before = process.memoryUsage().external;
    const joined = await readTileParcelsInWorkers(db.connectionForOtherThreads!, ranges);
    const held = process.memoryUsage().external - before;
    const joinedBytes = tileParcelPartBuffers(joined).reduce((bytes, buffer) => bytes + buffer.byteLength, 0);
    expect(joined.arrays.size).toBeGreaterThan(1_000);
    // Kept until a full collection, the parts would double it.
    expect(held).toBeGreaterThanOrEqual(joinedBytes);
    expect(held).toBeLessThan(joinedBytes * 1.2);
  });

  it('places the start-up builds at the middle parcel with an outline', async () => {
    const parcels = createParcelTilesRepository(db);
    const version = await currentVersion();
    const tileParcels = createTileParcels({ parcels, readVersion: currentVersion });
    expect(tileParcels.parcelPosition(version)).toBeUndefined(); // nothing in memory yet
    await tileParcels.load(version);
    const { parcels: set, indices } = await tileParcels.findForTile(version, { west: -180, south: -85, east: 180, north: 85 }, 0);
    const middle = set.size >> 1;
    const ring = set.parcelRings[middle]!;
    expect(set.parcelRings[middle + 1]).toBeGreaterThan(ring); // the demo county's parcels all have outlines
    expect(indices).toHaveLength(set.size);
    expect(tileParcels.parcelPosition(version)).toEqual({ x: set.coords[2 * set.ringStarts[ring]!], y: set.coords[2 * set.ringStarts[ring]! + 1] });
  });

  it('refuses a load that an import overtook', async () => {
    const tileParcels = createTileParcels({ parcels: createParcelTilesRepository(db), readVersion: async () => (await currentVersion()) + 1 });
    await expect(tileParcels.load(await currentVersion())).rejects.toThrow(/changed while it was loaded/);
  });

  it('serves an import at once, and from memory once loaded', async () => {
    const dataVersion = createDataVersion({ read: currentVersion, watch: (onEvent) => db.listen(DATA_VERSION_CHANNEL, onEvent) });
    const service = createParcelTilesService({ chooseSource: async () => createMemoryTileSource({ parcels: createParcelTilesRepository(db), readVersion: currentVersion }), dataVersion });
    const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 16);
    await service.loadCurrentVersion();
    expect(service.tilesWarm()).toBe(true);
    const before = pinsOf(await service.getTile(16, x, y));
    expect(before.length).toBeGreaterThan(5);

    const size = 0.0004;
    const file = await writeFixture(await fixtureDir(), 'one.geojson', featureCollection([
      { properties: { PIN: 'NEW-1', owner: 'NEW OWNER' }, geometry: squarePolygon(DEMO_CENTRE.lng - size / 2, DEMO_CENTRE.lat - size / 2, size) },
    ]));
    await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'demo', file, mapping: defaultMapping('one.geojson') });

    expect(pinsOf(await service.getTile(16, x, y))).toEqual(['NEW-1']);
    // Tiles not built yet, from the new version's parcels in memory.
    await service.loadCurrentVersion();
    expect(service.tilesWarm()).toBe(true);
    expect(pinsOf(await service.getTile(15, x >> 1, y >> 1))).toEqual(['NEW-1']);
    expect(pinsOf(await service.getTile(16, x + 3, y))).toEqual([]);
  });

  it('catches up on a change announced by another process once asked whether its parcels are in memory', async () => {
    // As createDataVersion while it listens: a read makes the version known, an announcement forgets it.
    let known: number | undefined;
    const dataVersion: DataVersion = { current: async () => (known = await currentVersion()), known: () => known };
    const service = createParcelTilesService({ chooseSource: async () => createMemoryTileSource({ parcels: createParcelTilesRepository(db), readVersion: currentVersion }), dataVersion });
    await service.loadCurrentVersion();
    expect(service.tilesWarm()).toBe(true);
    known = undefined; // another API instance published: nothing here has read the version since
    expect(service.tilesWarm()).toBe(false);
    await vi.waitFor(() => expect(service.tilesWarm()).toBe(true), { timeout: 10_000, interval: 50 });
  });
});
