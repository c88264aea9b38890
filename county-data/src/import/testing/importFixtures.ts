// Test helper: small GeoJSON/CSV import fixtures written to a fresh temporary folder.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Feature, Geometry, Position } from 'geojson';

export async function fixtureDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'parcel-import-'));
}

export async function writeFixture(dir: string, name: string, content: string | Buffer | object): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, typeof content === 'string' || Buffer.isBuffer(content) ? content : JSON.stringify(content));
  return file;
}

/** A closed square ring, counter-clockwise, `size` degrees wide, south-west corner at lon/lat. */
export function squareRing(lon: number, lat: number, size: number): Position[] {
  return [[lon, lat], [lon + size, lat], [lon + size, lat + size], [lon, lat + size], [lon, lat]];
}

export function squarePolygon(lon: number, lat: number, size: number): Geometry {
  return { type: 'Polygon', coordinates: [squareRing(lon, lat, size)] };
}

export function featureCollection(features: { properties: Record<string, unknown>; geometry: Geometry | null }[]) {
  return {
    type: 'FeatureCollection',
    features: features.map((feature): Feature | object => ({ type: 'Feature', ...feature })),
  };
}
