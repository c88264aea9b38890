import type { Feature, FeatureCollection, Geometry } from 'geojson';
import GeoJSONVT from 'geojson-vt';
import { VectorTile, type VectorTileFeature } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromGeojsonVt } from 'vt-pbf';
import type { Db } from '@parcel-map/database';
import { DEMO_CENTRE } from '@parcel-map/county-data/demo';
import { createParcelTilesRepository, type ParcelTileRow } from './parcelTilesRepository.ts';
import { openTestDb } from '@parcel-map/database/testing';
import { BUFFER, encodeParcelTile, EXTENT } from './parcelTileEncoder.ts';
import { lonLatToTile, tileBounds, tileToLat, tileToLon } from '../kit/tileMath.ts';
import { toTileParcelSet } from './tileParcelSet.ts';

const LAYER = 'parcels';
const decode = (bytes: Uint8Array) => new VectorTile(new PbfReader(bytes)).layers[LAYER]!;
const featuresOf = (bytes: Uint8Array) => {
  const layer = decode(bytes);
  return Array.from({ length: layer.length }, (_, i) => layer.feature(i));
};

function encode(rows: ParcelTileRow[], tile: { z: number; x: number; y: number }, tolerance: number, fullProperties: boolean) {
  return encodeParcelTile(LAYER, toTileParcelSet(rows), rows.map((_, i) => i), tile, { tolerance, fullProperties });
}

/** The build before this encoder: geojson-vt (one tile, tolerance applied one zoom up) and vt-pbf. */
function referenceTile(rows: ParcelTileRow[], { z, x, y }: { z: number; x: number; y: number }, tolerance: number, fullProperties: boolean) {
  const collection: FeatureCollection = {
    type: 'FeatureCollection',
    features: rows.map((row): Feature<Geometry> => {
      const properties: Record<string, string | number> = { pin: row.pin, PIN: row.pin };
      if (fullProperties) Object.assign(properties, { Name: row.owner ?? row.name, ADD1: row.add1, CITY: row.city, TaxAcres: row.taxacres });
      return { type: 'Feature', id: row.fid, properties, geometry: row.geometry };
    }),
  };
  const index = new GeoJSONVT(collection, { maxZoom: z + 1, indexMaxZoom: z, tolerance, extent: EXTENT, buffer: BUFFER });
  return fromGeojsonVt({ [LAYER]: index.getTile(z, x, y)! }, { version: 2, extent: EXTENT });
}

/** Outer rings positive, holes negative (MVT winding), in tile units². */
function area(feature: VectorTileFeature): number {
  let sum = 0;
  for (const ring of feature.loadGeometry()) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) sum += ring[j]!.x * ring[i]!.y - ring[i]!.x * ring[j]!.y;
  }
  return sum / 2;
}

describe('encodeParcelTile on the demo county', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb('seeded');
  });
  afterAll(() => db.close());

  it.each([
    [12, 8, false, 5],
    [13, 0.5, true, 0],
    [14, 0.5, true, 0],
    [16, 0.5, true, 0],
  ] as const)('matches the geojson-vt build at z%i: same parcels, properties and ids, same outlines within the tolerance', async (z, tolerance, full, minPixels) => {
    const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, z);
    const rows = await createParcelTilesRepository(db).findForTile(tileBounds(z, x, y, 128 / 4096), (minPixels * 360) / 2 ** z / 512);
    const actual = featuresOf(encode(rows, { z, x, y }, tolerance, full)!);
    const expected = featuresOf(referenceTile(rows, { z, x, y }, tolerance, full));
    expect(actual.length).toBeGreaterThan(20);
    expect(actual.map((f) => [f.id, f.properties])).toEqual(expected.map((f) => [f.id, f.properties]));
    for (const [i, feature] of actual.entries()) {
      const reference = area(expected[i]!);
      // Rounding to whole units and dropping vertices within the tolerance.
      expect(Math.abs(area(feature) - reference)).toBeLessThanOrEqual(0.02 * reference + 4 * tolerance * Math.sqrt(reference) + 2);
    }
  });
});

describe('encodeParcelTile', () => {
  const tile = { z: 16, x: 18000, y: 25800 };
  const lon = (tx: number) => tileToLon(tile.x + tx / EXTENT, tile.z);
  const lat = (ty: number) => tileToLat(tile.y + ty / EXTENT, tile.z);
  /** A parcel from tile-unit corners (x0, y0) to (x1, y1), with an optional hole. */
  const parcel = (fid: number, [x0, y0, x1, y1]: number[], hole?: number[]): ParcelTileRow => {
    const ring = ([a, b, c, d]: number[]) => [[lon(a!), lat(b!)], [lon(c!), lat(b!)], [lon(c!), lat(d!)], [lon(a!), lat(d!)], [lon(a!), lat(b!)]];
    const coordinates = hole ? [ring([x0!, y0!, x1!, y1!]), ring(hole)] : [ring([x0!, y0!, x1!, y1!])];
    return { fid, pin: `P${fid}`, owner: 'OWNER', name: null, add1: '1 MAIN ST', city: 'TOWN', taxacres: 1.5, geometry: { type: 'Polygon', coordinates }, kind: 'parcel' };
  };

  it('clips outlines across the edge to the tile and its buffer, and keeps holes wound against their outer ring', () => {
    const bytes = encode([parcel(1, [-1000, 100, 500, 600]), parcel(2, [1000, 1000, 2000, 2000], [1200, 1200, 1400, 1400])], tile, 0.5, true)!;
    const [clipped, holed] = featuresOf(bytes);
    for (const point of clipped!.loadGeometry().flat()) expect(point.x).toBeGreaterThanOrEqual(-BUFFER);
    expect(area(clipped!)).toBeCloseTo((500 + BUFFER) * 500, -1);
    expect(holed!.loadGeometry()).toHaveLength(2);
    expect(area(holed!)).toBeCloseTo(1000 * 1000 - 200 * 200, -1);
    expect(holed!.toGeoJSON(tile.x, tile.y, tile.z).geometry.type).toBe('Polygon');
    expect(holed!.properties).toEqual({ pin: 'P2', PIN: 'P2', Name: 'OWNER', ADD1: '1 MAIN ST', CITY: 'TOWN', TaxAcres: 1.5 });
  });

  it('names the owner, else the parcel name, leaves out empty and missing texts and writes any script as stored', () => {
    const rows = [
      { ...parcel(6, [100, 100, 300, 300]), owner: null, name: 'Café — 東京 🏠', add1: '', city: 'TOWN', taxacres: null },
      { ...parcel(7, [400, 100, 600, 300]), owner: '', name: 'NOT SHOWN', add1: null, city: null, taxacres: 0 },
      { ...parcel(8, [700, 100, 900, 300]), owner: 'Café — 東京 🏠', add1: 'TOWN' },
    ];
    const features = featuresOf(encode(rows, tile, 0.5, true)!);
    expect(features.map((f) => f.properties)).toEqual([
      { pin: 'P6', PIN: 'P6', Name: 'Café — 東京 🏠', CITY: 'TOWN' },
      { pin: 'P7', PIN: 'P7', TaxAcres: 0 },
      { pin: 'P8', PIN: 'P8', Name: 'Café — 東京 🏠', ADD1: 'TOWN', CITY: 'TOWN', TaxAcres: 1.5 },
    ]);
    // A text repeated across parcels and fields is one value of the layer.
    const values = decode(encode(rows, tile, 0.5, true)!) as unknown as { _values: unknown[] };
    expect(values._values).toEqual(['P6', 'Café — 東京 🏠', 'TOWN', 'P7', 0, 'P8', 1.5]);
  });

  it("says what a feature that is nobody's parcel is, at every zoom, and names no owner on it", () => {
    const road = { ...parcel(9, [100, 100, 300, 300]), pin: 'ROAD', kind: 'road' as const };
    expect(featuresOf(encode([road, parcel(10, [400, 100, 600, 300])], tile, 0.5, true)!).map((f) => f.properties)).toEqual([
      { pin: 'ROAD', PIN: 'ROAD', kind: 'road', ADD1: '1 MAIN ST', CITY: 'TOWN', TaxAcres: 1.5 },
      { pin: 'P10', PIN: 'P10', Name: 'OWNER', ADD1: '1 MAIN ST', CITY: 'TOWN', TaxAcres: 1.5 },
    ]);
    expect(featuresOf(encode([road], tile, 8, false)!).map((f) => f.properties)).toEqual([{ pin: 'ROAD', PIN: 'ROAD', kind: 'road' }]);
  });

  it('leaves out outlines outside the buffer or smaller than the tolerance, and answers undefined for no outline', () => {
    const tiny = parcel(3, [100, 100, 102, 102]);
    const bytes = encode([parcel(4, [100, 100, 300, 300]), tiny, parcel(5, [5000, 100, 5200, 300])], tile, 8, false)!;
    expect(featuresOf(bytes).map((f) => f.properties)).toEqual([{ pin: 'P4', PIN: 'P4' }]);
    expect(encode([tiny], tile, 8, false)).toBeUndefined();
  });
});
