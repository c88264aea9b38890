import { gunzipSync } from 'node:zlib';
import { VectorTile, type VectorTileLayer } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CENTRE, lakeLngLat } from '@parcel-map/county-data/demo';
import type { Db } from '@parcel-map/database';
import { openTestDb } from '@parcel-map/database/testing';
import { startTestApp, type TestApp } from '../../testing/testApp.ts';
import { lonLatToTile } from '../kit/tileMath.ts';
import type { EncodedTile } from '../kit/tileSetRouter.ts';
import { createBaseMapTiles } from './baseMapTiles.ts';
import { createBaseMapFeaturesRepository } from './baseMapFeaturesRepository.ts';
import { DEFAULT_IMPORT_FILE_LIMITS, importParcels, parseImportMapping } from '@parcel-map/county-data/import';
import { createBaseMapWriter, publishDatasetVersion } from '@parcel-map/county-data/publish';
import { featureCollection, fixtureDir, squarePolygon, writeFixture } from '@parcel-map/county-data/testing';

const decode = (gzipped: Buffer) => new VectorTile(new PbfReader(gunzipSync(gzipped)));

function tilePath(lng: number, lat: number, z: number): string {
  const { x, y } = lonLatToTile(lng, lat, z);
  return `/basemap/${z}/${x}/${y}.pbf`;
}

function featuresOf(layer: VectorTileLayer | undefined) {
  return Array.from({ length: layer?.length ?? 0 }, (_, i) => layer!.feature(i));
}

describe('GET /basemap/:z/:x/:y.pbf', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('serves the named roads around the centre as lines, gzipped, with ETag and 304', async () => {
    const response = await app.request(tilePath(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 14));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-protobuf');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const roads = featuresOf(decode(response.body).layers.roads);
    expect(roads.length).toBeGreaterThan(0);
    for (const road of roads) {
      expect(road.type).toBe(2);
      expect(String(road.properties.name).length).toBeGreaterThan(0);
      expect(['major', 'minor']).toContain(road.properties.kind);
    }
    const again = await app.request(tilePath(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 14), { headers: { 'If-None-Match': String(response.headers.etag) } });
    expect(again.status).toBe(304);
  });

  it('serves Lake Norman as polygons in the water layer', async () => {
    const [lng, lat] = lakeLngLat().features[0]!.geometry.coordinates[0]![0]!;
    const response = await app.request(tilePath(lng!, lat!, 10));
    expect(response.status).toBe(200);
    const water = featuresOf(decode(response.body).layers.water);
    expect(water.length).toBeGreaterThan(0);
    for (const piece of water) expect(piece.type).toBe(3);
  });

  it('answers 204 where there is neither road nor water, and 400 for tiles outside z 0–14', async () => {
    expect((await app.request('/basemap/14/0/0.pbf')).status).toBe(204);
    const tooDeep = await app.request('/basemap/15/0/0.pbf');
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.json).toEqual({ message: expect.stringContaining('z must be 0–14') });
    expect((await app.request('/basemap/3/8/0.pbf')).status).toBe(400);
  });
});

describe('GET /basemap/:z/:x/:y.pbf, the towns of the parcels', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const townsAt = async (lng: number, lat: number, z: number) => {
    const { x, y } = lonLatToTile(lng, lat, z);
    const response = await app.request(`/basemap/${z}/${x}/${y}.pbf`);
    expect(response.status).toBe(200);
    const places = decode(response.body).layers.places;
    return featuresOf(places).map((place) => {
      const { geometry } = place.toGeoJSON(x, y, z) as { geometry: { type: string; coordinates: number[] } };
      const { name, kind, rank } = place.properties;
      return { name, kind, rank: Number(rank), type: geometry.type, lng: geometry.coordinates[0]!, lat: geometry.coordinates[1]! };
    });
  };

  it("names the demo county's towns at z10, once each, among their parcels", async () => {
    const towns = await townsAt(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 10);
    expect(towns.map((town) => town.name)).toContain('Mooresville');
    expect(new Set(towns.map((town) => town.name)).size).toBe(towns.length);
    for (const town of towns) expect(town).toMatchObject({ kind: 'town', type: 'Point' });
  });

  it("names an imported county's town from its parcels' city, at the parcel nearest the middle of them", async () => {
    // Three blocks of East Cambridge spelt two ways, the middle one the town's centre, and one Somerville parcel.
    const parcel = (pin: string, city: string, lon: number) => ({ properties: { PIN: pin, CITY: city }, geometry: squarePolygon(lon, 42.37, 0.0005) });
    const file = await writeFixture(await fixtureDir(), 'cambridge.geojson', featureCollection([
      parcel('C-1', 'CAMBRIDGE', -71.09),
      parcel('C-2', 'CAMBRIDGE', -71.08),
      parcel('C-3', 'Cambridge ', -71.07),
      parcel('S-1', 'SOMERVILLE', -71.1),
    ]));
    await importParcels(app.db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'cambridge', file, mapping: parseImportMapping({ dataset: { sourceName: 'Cambridge GIS', licence: 'PDDL' }, fields: { PIN: 'PIN', CITY: 'CITY' } }) });
    // The API hears of the new data version a moment after the publish (PostgreSQL's NOTIFY).
    await expect.poll(async () => (await townsAt(-71.08, 42.37, 10)).length, { timeout: 5000 }).toBe(2);
    const towns = await townsAt(-71.08, 42.37, 10);
    const cambridge = towns.find((town) => town.name === 'Cambridge')!;
    expect(cambridge).toMatchObject({ kind: 'town', type: 'Point' });
    // The centroid of C-2, to a z10 tile's precision (~10 m at 4096 units a tile).
    expect(cambridge.lng).toBeCloseTo(-71.08 + 0.00025, 3);
    expect(cambridge.lat).toBeCloseTo(42.37 + 0.00025, 3);
    // Ranked after the town of more parcels, for the style to place first.
    expect(towns.find((town) => town.name === 'Somerville')!.rank).toBe(cambridge.rank + 1);
  });
});

describe("GET /basemap/:z/:x/:y.pbf, the streets of the parcels' addresses", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const streetsAt = async (lng: number, lat: number, z: number) => {
    const { x, y } = lonLatToTile(lng, lat, z);
    const response = await app.request(`/basemap/${z}/${x}/${y}.pbf`);
    if (response.status === 204) return [];
    return featuresOf(decode(response.body).layers.streets).map((street) => {
      const { coordinates } = (street.toGeoJSON(x, y, z) as { geometry: { coordinates: number[] } }).geometry;
      return { ...street.properties, lng: coordinates[0]!, lat: coordinates[1]! };
    });
  };

  it("names an imported county's streets from its parcels' addresses, in the middle of each run and turned along it", async () => {
    // Parcels both sides of a street running north-east (45° on the map), numbers, ranges and units as
    // Cambridge writes them (two condominium units of one building: one centroid, counted once); a lone
    // parcel of another street; and the demo county, which has roads.
    // In the middle of one cell of the grid that cuts streets into runs (0.004° × 0.003°).
    const [lng, lat] = [-71.058, 42.3615];
    const k = Math.cos((lat * Math.PI) / 180);
    const at = (along: number, across: number) => [lng + ((along - across) * 0.0002) / k, lat + (along + across) * 0.0002] as const;
    const parcel = (pin: string, add1: string, [x, y]: readonly [number, number]) => ({ properties: { PIN: pin, ADD1: add1, CITY: 'CAMBRIDGE' }, geometry: squarePolygon(x - 0.00005, y - 0.00005, 0.0001) });
    const file = await writeFixture(await fixtureDir(), 'east-cambridge.geojson', featureCollection([
      parcel('E-1', '10 CAMBRIDGE ST', at(-4, 1)),
      parcel('E-2', '12-14 CAMBRIDGE ST #3', at(-2, 1)),
      parcel('E-3', '16R CAMBRIDGE ST', at(0, 1)),
      parcel('E-4', '18 1/2 CAMBRIDGE ST', at(2, 1)),
      parcel('E-5', '20 CAMBRIDGE ST', at(4, 1)),
      parcel('E-6', '11 CAMBRIDGE ST UNIT 2', at(-4, -1)),
      parcel('E-7', '11 CAMBRIDGE ST UNIT 3', at(-4, -1)),
      parcel('E-8', '13 Cambridge St', at(-2, -1)),
      parcel('E-9', '15 CAMBRIDGE ST', at(0, -1)),
      parcel('E-10', '17 CAMBRIDGE ST', at(2, -1)),
      parcel('E-11', '19 CAMBRIDGE ST', at(4, -1)),
      parcel('E-12', '1 OTHER RD', at(0, 4)),
    ]));
    await importParcels(app.db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'east-cambridge', file, mapping: parseImportMapping({ dataset: { sourceName: 'Cambridge GIS', licence: 'PDDL' }, fields: { PIN: 'PIN', ADD1: 'ADD1', CITY: 'CITY' } }) });
    await expect.poll(async () => (await streetsAt(lng, lat, 14)).length, { timeout: 5000 }).toBe(1);
    const [street] = await streetsAt(lng, lat, 14);
    expect(street).toMatchObject({ name: 'Cambridge St', kind: 'street', rotate: -45 });
    // The middle of the run, on the street between its two sides (a z14 tile holds ~1 m).
    expect(street!.lng).toBeCloseTo(lng + 0.00005, 4);
    expect(street!.lat).toBeCloseTo(lat + 0.00005, 4);
    expect(await streetsAt(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 14)).toEqual([]);
  });
});

describe('createBaseMapTiles', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  it('cuts the roads of the current data version, and the new roads once the version changes', async () => {
    const roads = createBaseMapWriter(db);
    const { id: datasetId } = await publishDatasetVersion(db, { name: 'roads-only', sourceName: 'roads only', licence: 'test', asOf: null }, async () => ({ rejected: 0 }));
    let version = 1;
    const tiles = createBaseMapTiles({ features: createBaseMapFeaturesRepository(db), dataVersion: { current: async () => version, known: () => version } });
    const names = async (tile: Promise<EncodedTile>) => {
      const result = await tile;
      return result.kind === 'empty' ? [] : featuresOf(decode(result.body).layers.roads).map((road) => road.properties.name);
    };
    // Far from the demo county: only these roads are in the tile.
    const { x, y } = lonLatToTile(-100.5, 40.5, 12);
    const line = { type: 'LineString' as const, coordinates: [[-100.51, 40.5], [-100.49, 40.5]] };

    await roads.insertMany('roads', [{ name: 'First Rd', kind: 'major', geometry: line }], datasetId);
    expect(await names(tiles.getTile(12, x, y))).toEqual(['First Rd']);

    await roads.insertMany('roads', [{ name: 'Second Rd', kind: 'minor', geometry: line }], datasetId);
    // Same version: the cut tile stands (an import always brings a new version).
    expect(await names(tiles.getTile(12, x, y))).toEqual(['First Rd']);
    version = 2;
    expect((await names(tiles.getTile(12, x, y))).sort()).toEqual(['First Rd', 'Second Rd']);
  });
});
