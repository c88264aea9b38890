// Reads an import file as a stream of plain features: a GeoJSON FeatureCollection, GeoJSONSeq or a
// zipped Shapefile (.shp + .dbf, optional .prj for the CRS and .cpg for the text encoding) here; the
// other formats counties publish, and a zipped or unzipped File Geodatabase, through GDAL (readWithGdal.ts).
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import AdmZip from 'adm-zip';
import type { Geometry } from 'geojson';
import * as shapefile from 'shapefile';
import { IMPORT_FILE_EXTENSIONS } from '@parcel-map/shared/contracts';
import { checkClaimedFormat, checkKmzEntries, checkZippedGeodatabase } from './claimedFormat.ts';
import { tooManyFeaturesMessage, zipEntriesOverLimits, type ImportFileLimits } from './importFileLimits.ts';
import type { GdalFormat, ParcelSource, SourceFeature } from './parcelSource.ts';
import { geoJsonEvents, type GeoJsonHeader } from './geoJsonStream.ts';
import { readWithGdal } from './readWithGdal.ts';

/** Read in chunks this large: few enough calls, and nothing held beyond one chunk and one feature. */
const READ_CHUNK_BYTES = 1 << 20;

const GDAL_EXTENSIONS: Record<string, GdalFormat> = {
  '.gpkg': 'geopackage',
  '.gdb': 'filegdb',
  '.kml': 'kml',
  '.kmz': 'kmz',
  '.topojson': 'topojson',
  '.csv': 'csv',
};

/**
 * `crs`: the mapping's source CRS, which overrides the file's; a file beyond `limits` throws, naming the
 * limit, and so does one GDAL is to read that does not hold the format its name claims (claimedFormat.ts).
 */
export async function readParcelSource(file: string, crs: string | undefined, limits: ImportFileLimits): Promise<ParcelSource> {
  const source = await (await checkedReader(file, limits))(crs);
  return { ...source, features: noMoreThan(source.features, limits, file) };
}

/**
 * The checks readParcelSource makes before reading a feature — the file's kind, its zip's declared
 * sizes, the format its name claims — on their own, so that the import command refuses a file before
 * it opens (and locks) the database.
 */
export async function checkImportFile(file: string, limits: ImportFileLimits): Promise<void> {
  await checkedReader(file, limits);
}

/** The features, refusing the file at the first one past the limit: it is refused anyway, so read no further. */
async function* noMoreThan(features: AsyncIterable<SourceFeature>, limits: ImportFileLimits, file: string): AsyncGenerator<SourceFeature> {
  let count = 0;
  for await (const feature of features) {
    if (++count > limits.maxFeaturesPerFile) throw new Error(`${file}: ${tooManyFeaturesMessage(undefined, limits)}`);
    yield feature;
  }
}

/** Reads the source, given the mapping's CRS (which overrides the file's). */
type SourceReader = (crs: string | undefined) => Promise<ParcelSource>;

/** Checks the file as far as can be done without reading its features, and answers how to read them. */
async function checkedReader(file: string, limits: ImportFileLimits): Promise<SourceReader> {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.zip') return checkedZipReader(file, limits);
  if (extension === '.geojson' || extension === '.json') {
    const header = await readGeoJsonHeader(file);
    if (header.type === 'Topology') return checkedGdalReader(file, 'topojson');
    if (header.type !== 'FeatureCollection' || !header.hasFeatures) throw new Error(`${file}: expected a GeoJSON FeatureCollection`);
    return async () => readGeoJson(file, header);
  }
  if (extension === '.geojsonl' || extension === '.geojsons') return async () => readGeoJsonSeq(file);
  if (extension === '.kmz') {
    // A KMZ is a zip GDAL inflates: the same checks as any zip, and its .kml documents must be KML.
    await checkClaimedFormat(file, 'kmz');
    checkKmzEntries(file, await openZipWithinLimits(file, limits));
    return async (crs) => readWithGdal(file, 'kmz', crs);
  }
  const format = GDAL_EXTENSIONS[extension];
  if (format === 'filegdb' && !(await stat(file)).isDirectory()) throw new Error(`${file}: a File Geodatabase is a .gdb folder (or a zip of it)`);
  if (format) return checkedGdalReader(file, format);
  throw new Error(`${file}: expected one of ${IMPORT_FILE_EXTENSIONS.join(' ')} (a .zip holding a Shapefile or a .gdb folder)`);
}

async function checkedGdalReader(file: string, format: GdalFormat): Promise<SourceReader> {
  await checkClaimedFormat(file, format);
  return async (crs) => readWithGdal(file, format, crs);
}

/**
 * A zip holds a Shapefile (read here) or a File Geodatabase folder (read by GDAL inside the zip).
 * adm-zip inflates no entry past its declared size, so a size declared smaller than the data
 * (a forged header) cannot grow either.
 */
async function checkedZipReader(file: string, limits: ImportFileLimits): Promise<SourceReader> {
  const zip = await openZipWithinLimits(file, limits);
  const names = zip.getEntries().map((entry) => entry.entryName);
  const geodatabase = names.map((name) => /^(.*?\.gdb)\//i.exec(name)?.[1]).find((folder) => folder !== undefined);
  if (geodatabase && !names.some((name) => name.toLowerCase().endsWith('.shp'))) {
    checkZippedGeodatabase(file, zip, geodatabase);
    return async (crs) => readWithGdal(`/vsizip/${path.resolve(file)}/${geodatabase}`, 'filegdb', crs);
  }
  return async () => readZippedShapefile(zip);
}

/**
 * A zip whose central directory is read first, and the sizes it declares checked before anything is
 * inflated, whoever inflates it then (adm-zip here, GDAL for a zipped File Geodatabase or a KMZ).
 */
async function openZipWithinLimits(file: string, limits: ImportFileLimits): Promise<AdmZip> {
  const zip = new AdmZip(await readFile(file));
  const overLimits = zipEntriesOverLimits(
    zip.getEntries().map((entry) => ({ name: entry.entryName, declaredBytes: entry.header.size, compressedBytes: entry.header.compressedSize })),
    limits,
  );
  if (overLimits) throw new Error(`${file}: ${overLimits}`);
  return zip;
}

/**
 * A GeoJSON FeatureCollection, streamed (geoJsonStream.ts). The file is opened twice: once up to its
 * features, for the header (the CRS must be known before the first feature is read), then for the features.
 */
async function readGeoJson(file: string, header: GeoJsonHeader): Promise<ParcelSource> {
  const size = (await stat(file)).size;
  const stream = createReadStream(file, { highWaterMark: READ_CHUNK_BYTES });
  return {
    format: 'geojson',
    crs: header.crs,
    inLonLat: false,
    features: geoJsonFeatures(stream, file),
    fractionRead: () => (size === 0 ? 1 : stream.bytesRead / size),
  };
}

async function readGeoJsonHeader(file: string): Promise<GeoJsonHeader> {
  const stream = createReadStream(file, { highWaterMark: READ_CHUNK_BYTES });
  try {
    for await (const event of geoJsonEvents(stream, file)) if (event.kind === 'header') return event.header;
    throw new Error(`${file}: expected a GeoJSON FeatureCollection`);
  } finally {
    stream.destroy();
  }
}

async function* geoJsonFeatures(stream: AsyncIterable<Buffer>, origin: string): AsyncGenerator<SourceFeature> {
  for await (const event of geoJsonEvents(stream, origin)) if (event.kind === 'feature') yield parseFeature(event.text, origin);
}

/** RFC 8142's record separator, which may open each feature's line. */
const RECORD_SEPARATOR = '\u001e';

/**
 * GeoJSONSeq (RFC 8142: each feature on a line of its own, optionally after a record separator), read
 * here rather than through GDAL: JSON.parse of each line is several times faster than ogr2ogr's
 * parsing and writing it again (a state's file). Lon/lat by definition, unless the mapping says otherwise.
 */
async function readGeoJsonSeq(file: string): Promise<ParcelSource> {
  const size = (await stat(file)).size;
  const stream = createReadStream(file, { highWaterMark: READ_CHUNK_BYTES });
  async function* features(): AsyncGenerator<SourceFeature> {
    for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
      const text = withoutLeading(line.trimStart(), RECORD_SEPARATOR).trim();
      if (text !== '') yield parseFeature(text, file);
    }
  }
  return {
    format: 'geojsonseq',
    crs: undefined,
    inLonLat: false,
    features: features(),
    fractionRead: () => (size === 0 ? 1 : stream.bytesRead / size),
  };
}

function withoutLeading(text: string, prefix: string): string {
  let start = 0;
  while (text.startsWith(prefix, start)) start += prefix.length;
  return text.slice(start);
}

function parseFeature(text: string, origin: string): SourceFeature {
  let feature: { properties?: unknown; geometry?: unknown };
  try {
    feature = JSON.parse(text) as typeof feature;
  } catch (error) {
    throw new Error(`${origin}: not valid JSON (${(error as Error).message})`, { cause: error });
  }
  return {
    properties: isRecord(feature.properties) ? feature.properties : {},
    geometry: isRecord(feature.geometry) ? (feature.geometry as unknown as Geometry) : null,
  };
}

async function readZippedShapefile(zip: AdmZip): Promise<ParcelSource> {
  const entries = zip.getEntries().filter((entry) => !entry.isDirectory && !entry.entryName.startsWith('__MACOSX/'));
  const shpEntries = entries.filter((entry) => entry.entryName.toLowerCase().endsWith('.shp'));
  if (shpEntries.length !== 1) {
    throw new Error(`the zip must hold exactly one .shp, or a .gdb folder (found ${shpEntries.length} .shp: ${shpEntries.map((e) => e.entryName).join(', ') || 'none'})`);
  }
  const base = shpEntries[0]!.entryName.slice(0, -4).toLowerCase();
  const sibling = (extension: string) => entries.find((entry) => entry.entryName.toLowerCase() === `${base}.${extension}`)?.getData();
  const shp = shpEntries[0]!.getData();
  const dbf = sibling('dbf');
  if (!dbf) throw new Error(`the zip has ${shpEntries[0]!.entryName} but no matching .dbf`);
  const prj = sibling('prj')?.toString('utf8').trim();
  const encoding = sibling('cpg')?.toString('utf8').trim() || 'utf-8';

  const source = await shapefile.open(toArrayBuffer(shp), toArrayBuffer(dbf), { encoding });
  async function* features(): AsyncGenerator<SourceFeature> {
    for (let result = await source.read(); !result.done; result = await source.read()) {
      yield { properties: result.value.properties ?? {}, geometry: result.value.geometry ?? null };
    }
  }
  return { format: 'shapefile', features: features(), crs: prj || undefined, inLonLat: false };
}

function toArrayBuffer(bytes: Buffer): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
