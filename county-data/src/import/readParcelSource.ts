// Reads an import file into plain features: a GeoJSON FeatureCollection, or a zipped Shapefile
// (.shp + .dbf, optional .prj for the CRS and .cpg for the text encoding).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import AdmZip from 'adm-zip';
import type { Geometry } from 'geojson';
import * as shapefile from 'shapefile';

export interface SourceFeature {
  properties: Record<string, unknown>;
  geometry: Geometry | null;
}

export interface ParcelSource {
  format: 'geojson' | 'shapefile';
  features: SourceFeature[];
  /** The CRS the file declares (.prj WKT or GeoJSON `crs` name); undefined means lon/lat. */
  crs: string | undefined;
}

export async function readParcelSource(file: string): Promise<ParcelSource> {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.zip') return readZippedShapefile(await readFile(file));
  if (extension === '.geojson' || extension === '.json') return parseGeoJson(await readFile(file, 'utf8'), file);
  throw new Error(`${file}: expected a .geojson/.json FeatureCollection or a .zip holding a Shapefile`);
}

// The whole file is parsed at once: county files of a few hundred MB still fit in memory, and a
// FeatureCollection has no record boundaries a line reader could use.
export function parseGeoJson(text: string, origin = 'GeoJSON'): ParcelSource {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${origin}: not valid JSON (${(error as Error).message})`, { cause: error });
  }
  const collection = json as { type?: unknown; features?: unknown; crs?: { properties?: { name?: unknown } } };
  if (collection.type !== 'FeatureCollection' || !Array.isArray(collection.features)) {
    throw new Error(`${origin}: expected a GeoJSON FeatureCollection`);
  }
  const crsName = collection.crs?.properties?.name;
  const features = (collection.features as { properties?: unknown; geometry?: unknown }[]).map((feature) => ({
    properties: isRecord(feature?.properties) ? feature.properties : {},
    geometry: isRecord(feature?.geometry) ? (feature.geometry as unknown as Geometry) : null,
  }));
  return { format: 'geojson', features, crs: typeof crsName === 'string' ? crsName : undefined };
}

export async function readZippedShapefile(zipBytes: Buffer): Promise<ParcelSource> {
  const entries = new AdmZip(zipBytes).getEntries().filter((entry) => !entry.isDirectory && !entry.entryName.startsWith('__MACOSX/'));
  const shpEntries = entries.filter((entry) => entry.entryName.toLowerCase().endsWith('.shp'));
  if (shpEntries.length !== 1) {
    throw new Error(`the zip must hold exactly one .shp (found ${shpEntries.length}: ${shpEntries.map((e) => e.entryName).join(', ') || 'none'})`);
  }
  const base = shpEntries[0]!.entryName.slice(0, -4).toLowerCase();
  const sibling = (extension: string) => entries.find((entry) => entry.entryName.toLowerCase() === `${base}.${extension}`)?.getData();
  const shp = shpEntries[0]!.getData();
  const dbf = sibling('dbf');
  if (!dbf) throw new Error(`the zip has ${shpEntries[0]!.entryName} but no matching .dbf`);
  const prj = sibling('prj')?.toString('utf8').trim();
  const encoding = sibling('cpg')?.toString('utf8').trim() || 'utf-8';

  const source = await shapefile.open(toArrayBuffer(shp), toArrayBuffer(dbf), { encoding });
  const features: SourceFeature[] = [];
  for (let result = await source.read(); !result.done; result = await source.read()) {
    features.push({ properties: result.value.properties ?? {}, geometry: result.value.geometry ?? null });
  }
  return { format: 'shapefile', features, crs: prj || undefined };
}

function toArrayBuffer(bytes: Buffer): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
