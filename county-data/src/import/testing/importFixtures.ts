// Test helper: small GeoJSON/CSV import fixtures written to a fresh temporary folder, and where the
// real Cambridge sample lies.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AdmZip from 'adm-zip';
import type { Feature, Geometry, Position } from 'geojson';
import { readAllFeatures, type ParcelSource, type SourceFeature } from '../parcelSource.ts';
import { DEFAULT_IMPORT_FILE_LIMITS, type ImportFileLimits } from '../importFileLimits.ts';
import { readParcelSource } from '../readParcelSource.ts';

export async function fixtureDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'parcel-import-'));
}

export async function writeFixture(dir: string, name: string, content: string | Buffer | object): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, typeof content === 'string' || Buffer.isBuffer(content) ? content : JSON.stringify(content));
  return file;
}

/** A zip holding `folder` under its own name (as a zipped .gdb folder is sent), or its files at the top. */
export function zipFolder(folder: string, { atTop = false } = {}): Buffer {
  const zip = new AdmZip();
  zip.addLocalFolder(folder, atTop ? '' : path.basename(folder));
  return zip.toBuffer();
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

/** Cambridge, MA's FY2014 parcels and assessor table (../shared/data, ODC PDDL 1.0). */
export const CAMBRIDGE_FY2014_DIR = path.resolve(import.meta.dirname, '../../../../../shared/data/cambridge_ma_parcels_fy2014');
export const CAMBRIDGE_FY2014_GEOJSON = path.join(CAMBRIDGE_FY2014_DIR, 'ASSESSING_ParcelsFY2014.converted.geojson');
/** Cambridge, MA's overlay layers and Mecklenburg County, NC's open data (../shared/data/README.md). */
export const CAMBRIDGE_OVERLAYS_DIR = path.resolve(import.meta.dirname, '../../../../../shared/data/cambridge_ma_overlays');
export const MECKLENBURG_DIR = path.resolve(import.meta.dirname, '../../../../../shared/data/mecklenburg_nc_opendata');
/** The bundled overlay mappings (county-data/mappings/overlays/). */
export const OVERLAY_MAPPINGS_DIR = path.resolve(import.meta.dirname, '../../../mappings/overlays');
/** The Cambridge parcels whose outlines cross themselves (one feature each): dropped until repairs came. */
export const CAMBRIDGE_SELF_INTERSECTING_PINS = [
  '62-41', '64-7', '100-62', '267A-262', '1A-102', '105-133', '265C-25', '78-132',
  '48-156', '78-107', '190-38', '28-43', '265A-39', '174-97', '266-39', '157-66',
];

/** readParcelSource with every feature read into memory, for small test files; the default limits unless others are given. */
export async function readWhole(file: string, crs?: string, limits: ImportFileLimits = DEFAULT_IMPORT_FILE_LIMITS): Promise<Omit<ParcelSource, 'features'> & { features: SourceFeature[] }> {
  const source = await readParcelSource(file, crs, limits);
  return { ...source, features: await readAllFeatures(source) };
}
