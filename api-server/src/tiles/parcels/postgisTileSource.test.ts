// Parcel tiles built by PostGIS's ST_AsMVT (issue #45 point 4), on PostgreSQL with TEST_DATABASE_URL:
// the API is ready and serves them without reading the parcels into memory, with the own encoder's
// feature ids and properties for the same tiles of the test square; a query's tiles keep only its
// matches; a publish's parcels are in its tiles. CI's PostgreSQL has PostGIS, and a server without it
// fails here rather than pass untested. On PGlite the tiles stay in memory (tileParcels.test.ts and
// the route tests cover that path).
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '@parcel-map/database';
import { openTestDb, testDbMode } from '@parcel-map/database/testing';
import { DEMO_CENTRE } from '@parcel-map/county-data/demo';
import { defaultMapping, DEFAULT_IMPORT_FILE_LIMITS, importParcels } from '@parcel-map/county-data/import';
import { featureCollection, fixtureDir, squarePolygon, writeFixture } from '@parcel-map/county-data/testing';
import { PARCEL_SOURCE_LAYER } from '@parcel-map/shared/contracts';
import { createDatasetsRepository } from '../../features/datasets/datasetsRepository.ts';
import { decodedParcelFeatures } from '../../testing/decodedParcelFeatures.ts';
import { startTestApp, type TestApp } from '../../testing/testApp.ts';
import { lonLatToTile, tileBounds } from '../kit/tileMath.ts';
import { encodeParcelTile } from './parcelTileEncoder.ts';
import { createParcelMvtRepository } from './parcelMvtRepository.ts';
import { parcelTileRules } from './parcelTileRules.ts';
import type { TileAddress } from './parcelTileSource.ts';
import { createParcelTilesRepository } from './parcelTilesRepository.ts';
import { createPostgisTileSource } from './postgisTileSource.ts';
import { toTileParcelSet } from './tileParcelSet.ts';

/** Calls of what reads every parcel into memory: pages of parcels on this thread, and the PINs that split them between worker threads. */
const wholeSetReads = vi.hoisted(() => ({ calls: 0 }));
vi.mock('./parcelTilesRepository.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./parcelTilesRepository.ts')>();
  return {
    ...original,
    createParcelTilesRepository(db: Db) {
      const repository = original.createParcelTilesRepository(db);
      return {
        ...repository,
        findTilePage: (...args: Parameters<typeof repository.findTilePage>) => {
          wholeSetReads.calls += 1;
          return repository.findTilePage(...args);
        },
        findPinSplits: (parts: number) => {
          wholeSetReads.calls += 1;
          return repository.findPinSplits(parts);
        },
      };
    },
  };
});

/** Tiles around the test square's centre at each zoom: generalised, the full-detail zoom, the label zoom and further in. */
function tilesAroundCentre(): TileAddress[] {
  return [12, 13, 14, 16].flatMap((z) => {
    const centre = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, z);
    return [[0, 0], [1, 0], [-1, 1], [2, -2]].map(([dx, dy]) => ({ z, x: centre.x + dx!, y: centre.y + dy! }));
  });
}

interface BranchParcel {
  fid: number | null;
  owner: string | null;
  name: string | null;
  add1: string | null;
  city: string | null;
  /** As text, so that NaN travels in JSON. */
  taxacres: string | null;
  kind: string;
}

/** A square each, side by side inside the tile, of a parcel with every field set changed by its branch. */
function branchParcels({ z, x, y }: TileAddress, branches: readonly Partial<BranchParcel>[]) {
  const parcel: BranchParcel = { fid: null, owner: 'A. Owner', name: null, add1: '1 Main St', city: 'Town', taxacres: '1.5', kind: 'parcel' };
  const { west, south, east, north } = tileBounds(z, x, y);
  const step = (east - west) / (branches.length + 1);
  return branches.map((branch, i) => {
    const box = { west: west + (i + 0.25) * step, east: west + (i + 0.75) * step, south: south + (north - south) * 0.4, north: south + (north - south) * 0.6 };
    const ring = [[box.west, box.south], [box.east, box.south], [box.east, box.north], [box.west, box.north], [box.west, box.south]];
    return { ...parcel, ...branch, pin: `BRANCH-${String(i).padStart(2, '0')}`, geometry: { type: 'Polygon', coordinates: [ring] }, ...box };
  });
}

describe('the parcel tile source chosen', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb('migrated');
  });
  afterAll(() => db.close());

  it('is PostGIS on the PostgreSQL test server and the parcels in memory on PGlite', async () => {
    const onPostgres = testDbMode === 'postgres';
    const message = onPostgres ? 'the PostgreSQL test server has no PostGIS: install postgresql-15-postgis-3 (.ci/run does when it is missing)' : undefined;
    expect(await createParcelMvtRepository(db).hasMercatorOutlines(), message).toBe(onPostgres);
  });
});

describe.runIf(testDbMode === 'postgres')('parcel tiles from PostGIS', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp();
    token = await app.identity.sign('tile-reader');
  });
  afterAll(() => app.close());

  const currentVersion = () => createDatasetsRepository(app.db).dataVersion();
  const tilePins = async ({ z, x, y }: TileAddress) => {
    const response = await app.request(`/tiles/${z}/${x}/${y}.pbf`, { token });
    return response.status === 204 ? [] : decodedParcelFeatures(gunzipSync(response.body)).map(({ properties }) => properties.pin);
  };

  it('is ready and serves tiles without reading the parcels into memory', async () => {
    const readsBefore = wholeSetReads.calls;
    await vi.waitFor(async () => expect((await app.request('/health')).json).toMatchObject({ tilesWarm: true }), { timeout: 20_000, interval: 100 });
    const centre = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 14);
    expect((await tilePins({ z: 14, ...centre })).length).toBeGreaterThan(50);
    expect(wholeSetReads.calls).toBe(readsBefore);
  });

  it('writes the feature ids and properties the own encoder writes for the same tiles', async () => {
    const postgis = createPostgisTileSource({ outlines: createParcelMvtRepository(app.db) });
    const parcels = createParcelTilesRepository(app.db);
    const version = await currentVersion();
    let compared = 0;
    for (const tile of tilesAroundCentre()) {
      const { bounds, minSize, options } = parcelTileRules(tile.z, tile.x, tile.y);
      const rows = await parcels.findForTile(bounds, minSize);
      const own = decodedParcelFeatures(encodeParcelTile(PARCEL_SOURCE_LAYER, toTileParcelSet(rows), rows.map((_, i) => i), tile, options));
      const theirs = decodedParcelFeatures(await postgis.encode(version, tile));
      const theirsById = new Map(theirs.map((feature) => [feature.id, feature]));
      const ownIds = new Set(own.map(({ id }) => id));
      const where = `tile ${tile.z}/${tile.x}/${tile.y}`;
      // A sliver wholly in the buffer may be kept by one side's clipping and dropped by the other's: drawn by neither.
      for (const feature of own) if (!theirsById.has(feature.id)) expect(feature.inTile, `${where}: feature ${feature.id} only in the own encoder's`).toBe(false);
      for (const feature of theirs) if (!ownIds.has(feature.id)) expect(feature.inTile, `${where}: feature ${feature.id} only in ST_AsMVT's`).toBe(false);
      const shared = own.filter(({ id }) => theirsById.has(id));
      for (const feature of shared) expect(theirsById.get(feature.id)!.properties, `${where}: feature ${feature.id}`).toEqual(feature.properties);
      // In the same order (pin), which is the order they are drawn in.
      expect(theirs.filter(({ id }) => ownIds.has(id)).map(({ id }) => id), where).toEqual(shared.map(({ id }) => id));
      compared += shared.length;
    }
    expect(compared).toBeGreaterThan(1_000);
  });

  it('writes the own encoder\'s properties on parcels that take every branch (nulls, empty texts, kinds, acres)', async () => {
    // The test square's parcels all have every field set: these, away from it, do not.
    const tile: TileAddress = { z: 14, x: 1000, y: 2000 };
    const branches: Partial<BranchParcel>[] = [
      {}, { owner: null, name: 'Parcel Name' }, { owner: null, name: null }, { owner: '', name: 'Parcel Name' },
      { kind: 'road', owner: 'City of Town', name: 'Main Street' }, { kind: 'water', owner: null, add1: null, city: null, taxacres: null },
      { add1: '', city: '' }, { add1: null, city: null }, { taxacres: null }, { taxacres: 'NaN' }, { taxacres: '2' }, { taxacres: '0' },
      { taxacres: '-3' }, { taxacres: String(0.1 + 0.2) }, { owner: 'Café Ñoño 東京 🏠', city: 'Zürich' }, { fid: 2 ** 31 - 1 },
    ];
    const inserted = await app.db.query<{ fid: number }>(
      `INSERT INTO parcels (fid, pin, owner, name, add1, city, taxacres, kind, geometry, centroid_lon, centroid_lat, min_lon, min_lat, max_lon, max_lat, dataset_id)
       SELECT coalesce(fid, nextval('parcel_fids')), pin, owner, name, add1, city, taxacres::float8, kind, geometry,
              (west + east) / 2, (south + north) / 2, west, south, east, north, (SELECT min(id) FROM datasets WHERE is_current)
         FROM json_to_recordset($1::json) AS r(fid int, pin text, owner text, name text, add1 text, city text, taxacres text, kind text,
                                               geometry json, west float8, south float8, east float8, north float8)
       RETURNING fid`,
      [JSON.stringify(branchParcels(tile, branches))],
    );
    const fids = inserted.rows.map(({ fid }) => fid);
    try {
      const { bounds, options } = parcelTileRules(tile.z, tile.x, tile.y);
      const rows = await createParcelTilesRepository(app.db).findForTile(bounds, 0);
      expect(rows).toHaveLength(branches.length);
      const own = decodedParcelFeatures(encodeParcelTile(PARCEL_SOURCE_LAYER, toTileParcelSet(rows), rows.map((_, i) => i), tile, options));
      const theirs = decodedParcelFeatures(await createPostgisTileSource({ outlines: createParcelMvtRepository(app.db) }).encode(await currentVersion(), tile));
      expect(own).toHaveLength(branches.length);
      expect(theirs.map(({ id, properties }) => ({ id, properties }))).toEqual(own.map(({ id, properties }) => ({ id, properties })));
    } finally {
      await app.db.query('DELETE FROM parcels WHERE fid = ANY($1::int[])', [fids]);
    }
  });

  it('keeps only the feature ids a query kept', async () => {
    const postgis = createPostgisTileSource({ outlines: createParcelMvtRepository(app.db) });
    const version = await currentVersion();
    const tile = { z: 14, ...lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 14) };
    const all = decodedParcelFeatures(await postgis.encode(version, tile));
    const kept = (fid: number) => fid % 3 === 0;
    const keptIds = all.map(({ id }) => id!).filter(kept);
    expect(keptIds.length).toBeGreaterThan(10);
    expect(keptIds.length).toBeLessThan(all.length);
    expect(decodedParcelFeatures(await postgis.encode(version, tile, kept)).map(({ id }) => id)).toEqual(keptIds);
    expect(await postgis.encode(version, tile, () => false)).toBeUndefined();
  });

  it('serves a publish\'s parcels in its tiles at once', async () => {
    const readsBefore = wholeSetReads.calls;
    const size = 0.0004;
    const file = await writeFixture(await fixtureDir(), 'one.geojson', featureCollection([
      { properties: { PIN: 'NEW-1', owner: 'NEW OWNER' }, geometry: squarePolygon(DEMO_CENTRE.lng - size / 2, DEMO_CENTRE.lat - size / 2, size) },
    ]));
    await importParcels(app.db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'demo', file, mapping: defaultMapping('one.geojson') });
    const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 16);
    await vi.waitFor(async () => expect(await tilePins({ z: 16, x, y })).toEqual(['NEW-1']), { timeout: 10_000, interval: 100 });
    // The new version's extent: a tile of the old data beside the new parcel is empty, not built from the old.
    expect(await tilePins({ z: 16, x: x + 3, y })).toEqual([]);
    await vi.waitFor(async () => expect((await app.request('/health')).json).toMatchObject({ tilesWarm: true }), { timeout: 20_000, interval: 100 });
    expect(wholeSetReads.calls).toBe(readsBefore);
  });
});

