// Imports an imagery file as the next version of an imagery layer: checks that it holds the format its
// name claims, reads what it is (imagerySource.ts), writes it tiled for the web map under the imagery
// directory (writeImageryCog.ts: its COG and the coarser ones for the zooms below), then records the
// version and makes it current (imageryVersions.ts).
// A failure before the record leaves nothing behind; the files of versions no longer kept are removed.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@parcel-map/database';
import type { ImageryImportReport } from '@parcel-map/shared/contracts';
import { checkImageryName, imageryVersionFiles, listImageryVersions, publishImageryVersion, refuseServiceName } from '../publish/imageryVersions.ts';
import { imageryInput, type ImageryInput } from './imageryMosaic.ts';
import { readImagerySource } from './imagerySource.ts';
import { writeCoarserCogs, writeImageryCog } from './writeImageryCog.ts';

export interface ImageryImportOptions {
  file: string;
  name: string;
  /** What the base map menu shows; the name when not given. */
  label?: string;
  attribution?: string;
  /** The year the photos were taken. */
  year?: number;
  /** The CRS of a file that declares none (EPSG:26771, WKT or +proj). */
  crs?: string;
  /** Where the tiled files are kept (IMAGERY_DIR, else DATA_DIR/imagery). */
  imageryDir: string;
}

const COG_EXTENSION = '.tif';

export async function importImagery(db: Db, options: ImageryImportOptions): Promise<ImageryImportReport> {
  const started = performance.now();
  const name = checkImageryName(options.name);
  // Before the slow work, and again when the version is recorded (a service added meanwhile).
  await refuseServiceName(db, name);
  const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
  // A folder or .zip of tiles is mosaicked first (imageryMosaic.ts), in a folder of its own removed after.
  const input = await imageryInput(options.file, path.join(options.imageryDir, `.mosaic-${base}`));
  try {
    return await importInput(db, options, name, base, input, started);
  } finally {
    await input.cleanup();
  }
}

async function importInput(db: Db, options: ImageryImportOptions, name: string, base: string, input: ImageryInput, started: number): Promise<ImageryImportReport> {
  const { format } = input;
  const source = await readImagerySource(input.file, format, options.crs);

  // One folder per layer, one file per version: a new name each time, so a file once served never changes.
  const folder = path.join(options.imageryDir, name);
  await mkdir(folder, { recursive: true });
  const partial = path.join(folder, `${base}.partial${COG_EXTENSION}`);
  const stored = path.join(folder, `${base}${COG_EXTENSION}`);
  // The coarser files for the lower zooms, named by their highest zoom: `<base>.z10.tif`.
  const lowerPartial = (top: number) => path.join(folder, `${base}.z${top}.partial${COG_EXTENSION}`);
  const lowerStored = (top: number) => path.join(folder, `${base}.z${top}${COG_EXTENSION}`);
  let published = false;
  try {
    const cog = await writeImageryCog(input.file, format, source, options.crs, partial);
    const lower = await writeCoarserCogs(partial, cog, source.bbox, lowerPartial);
    for (const coarser of lower) await rename(coarser.file, lowerStored(coarser.maxzoom));
    await rename(partial, stored);
    const lowerFiles = lower.map(({ minzoom, maxzoom }) => ({ file: path.relative(options.imageryDir, lowerStored(maxzoom)), minzoom, maxzoom }));
    const minzoom = Math.min(cog.minzoom, ...lower.map((coarser) => coarser.minzoom));
    const sizeBytes = (await Promise.all([stored, ...lower.map((coarser) => lowerStored(coarser.maxzoom))].map(async (file) => (await stat(file)).size))).reduce((sum, size) => sum + size, 0);
    const filesBefore = await filesOf(db, name);
    const row = await publishImageryVersion(db, {
      name,
      label: options.label ?? name,
      attribution: options.attribution ?? '',
      year: options.year ?? null,
      bbox: source.bbox,
      minzoom,
      maxzoom: cog.maxzoom,
      file: path.relative(options.imageryDir, stored),
      lowerFiles,
      sizeBytes,
      tileFormat: cog.tileFormat,
      bands: source.bands.length,
      crs: source.crsName,
      resolution: source.resolution,
      nodata: source.nodata,
      width: source.width,
      height: source.height,
    });
    published = true;
    // The files of the versions the publish dropped (beyond the kept ones); another import's file, not published yet, is none of them.
    const kept = await filesOf(db, name);
    await Promise.all([...filesBefore].filter((file) => !kept.has(file)).map((file) => rm(path.resolve(options.imageryDir, file), { force: true })));
    return {
      file: options.file,
      format: input.tiles === undefined ? source.driver : `${input.tiles} ${format.name} mosaicked (${source.driver})`,
      imagery: { name, label: row.label, version: row.version, year: row.year },
      crs: source.crsName,
      resolution: source.resolution,
      width: source.width,
      height: source.height,
      bands: source.bands.length,
      nodata: source.nodata,
      bbox: source.bbox,
      minzoom,
      maxzoom: cog.maxzoom,
      tileFormat: cog.tileFormat,
      sourceBytes: input.sourceBytes,
      storedBytes: sizeBytes,
      timings: { totalMs: Math.round(performance.now() - started) },
    };
  } finally {
    // Every file of this import is named from `base`, those of a coarser file that failed half-way included.
    if (!published) await Promise.all((await readdir(folder)).filter((file) => file.startsWith(`${base}.`)).map((file) => rm(path.join(folder, file), { force: true })));
  }
}

/** The files the layer's kept versions name, relative to the imagery directory. */
async function filesOf(db: Db, name: string): Promise<Set<string>> {
  return new Set((await listImageryVersions(db)).filter((row) => row.name === name).flatMap(imageryVersionFiles));
}
