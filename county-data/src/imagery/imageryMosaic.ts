// What an imagery import reads: one image, or a county's orthophoto tiles — a folder of them, or a .zip —
// mosaicked into one source by gdalbuildvrt. Every tile's first bytes are checked to hold the format its
// name claims, as a single file's are (imageryFormat.ts), all must be of one format, and GDAL then reads
// them with that format's drivers and the VRT driver only for the mosaic this module wrote itself: no
// VRT the user supplied is ever read (a .vrt in the folder is not a tile; one named .tif is refused).
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { IMAGERY_FILE_EXTENSIONS, IMAGERY_WORLD_FILE_EXTENSIONS } from '@parcel-map/shared/contracts';
import { gdalToolOutput } from '../import/gdal.ts';
import { readHead } from '../import/claimedFormat.ts';
import { importFileLimitsFromEnv, zipEntriesOverLimits, type ImportFileLimits } from '../import/importFileLimits.ts';
import { claimedImageryFormat, type ImageryFormat } from './imageryFormat.ts';

const IMAGERY_EXTENSIONS: readonly string[] = IMAGERY_FILE_EXTENSIONS;
const ZIP_HEAD = Buffer.from('PK\x03\x04', 'latin1');

export interface ImageryInput {
  /** What GDAL reads: the image itself, or the mosaic of the tiles. */
  file: string;
  /** The drivers GDAL reads it with (for a mosaic, its tiles' and VRT). */
  format: ImageryFormat;
  /** How many tiles were mosaicked; undefined for one image. */
  tiles?: number;
  /** The size of what was given: the image, the zip, or the folder's tiles together. */
  sourceBytes: number;
  /** Removes what was written to read it (the unzipped tiles, the mosaic). */
  cleanup(): Promise<void>;
}

/**
 * `file` as an imagery source: an image as it is (its first bytes checked), or a folder or .zip of
 * tiles mosaicked in `workDir` (made here, removed by `cleanup`). Throws saying why a file is refused.
 */
export async function imageryInput(file: string, workDir: string, limits: ImportFileLimits = importFileLimitsFromEnv()): Promise<ImageryInput> {
  // A file not found is the single file's to say so (after its extension is checked).
  const isFolder = await stat(file).then((found) => found.isDirectory(), () => false);
  const isZip = !isFolder && path.extname(file).toLowerCase() === '.zip';
  if (!isFolder && !isZip) {
    const format = await claimedImageryFormat(file);
    return { file, format, sourceBytes: (await stat(file)).size, cleanup: async () => undefined };
  }

  const cleanup = () => rm(workDir, { recursive: true, force: true });
  try {
    await mkdir(workDir, { recursive: true });
    const tiles = isFolder ? await imageFilesIn(file) : await unzipTiles(file, workDir, limits);
    if (tiles.length === 0) throw new Error(`${file}: holds no imagery tiles (${IMAGERY_EXTENSIONS.join(' ')} files)`);
    const format = await oneFormat(file, tiles);
    const drivers = [...format.drivers, 'VRT'] as const;
    const list = path.join(workDir, 'tiles.txt');
    await writeFile(list, tiles.join('\n') + '\n');
    const mosaic = path.join(workDir, 'mosaic.vrt');
    // -addalpha: where no tile covers the mosaic's rectangle it is transparent, not black.
    await gdalToolOutput('gdalbuildvrt', ['-q', '-addalpha', '-input_file_list', list, mosaic], drivers, `mosaicking the ${format.name} tiles of ${path.basename(file)}`);
    const sourceBytes = isFolder ? (await Promise.all(tiles.map(async (tile) => (await stat(tile)).size))).reduce((sum, size) => sum + size, 0) : (await stat(file)).size;
    return { file: mosaic, format: { ...format, name: `${format.name} tiles`, drivers }, tiles: tiles.length, sourceBytes, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** The image files in `folder` and its subfolders, by name; other files (world files, metadata, a .vrt) are not tiles. */
async function imageFilesIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && IMAGERY_EXTENSIONS.includes(path.extname(entry.name).toLowerCase()))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The tiles of a .zip and their world files, unzipped into `workDir` under their own names (a path
 * inside the zip is not followed), within the import limits the other zips have; answers the tiles.
 */
async function unzipTiles(file: string, workDir: string, limits: ImportFileLimits): Promise<string[]> {
  if (!(await readHead(file, ZIP_HEAD.length)).equals(ZIP_HEAD)) throw new Error(`${file}: named as a zip (.zip) but it is not one: refused`);
  const kept = new Set<string>([...IMAGERY_FILE_EXTENSIONS, ...IMAGERY_WORLD_FILE_EXTENSIONS]);
  const entries = new AdmZip(file).getEntries().filter((entry) => !entry.isDirectory && kept.has(path.extname(entry.entryName).toLowerCase()));
  const overLimits = zipEntriesOverLimits(entries.map((entry) => ({ name: entry.entryName, declaredBytes: entry.header.size, compressedBytes: entry.header.compressedSize })), limits);
  if (overLimits) throw new Error(`${file}: ${overLimits}`);
  const names = new Set<string>();
  const tiles: string[] = [];
  for (const entry of entries) {
    const name = path.basename(entry.entryName);
    if (names.has(name.toLowerCase())) throw new Error(`${file}: two files are named ${name} in different folders: give each tile a name of its own`);
    names.add(name.toLowerCase());
    const target = path.join(workDir, name);
    await writeFile(target, entry.getData());
    if (IMAGERY_EXTENSIONS.includes(path.extname(name).toLowerCase())) tiles.push(target);
  }
  return tiles.sort();
}

/** The one format all the tiles hold, each one's first bytes checked (and a world file found where it needs one). */
async function oneFormat(file: string, tiles: string[]): Promise<ImageryFormat> {
  let first: ImageryFormat | undefined;
  for (const tile of tiles) {
    const format = await claimedImageryFormat(tile);
    first ??= format;
    if (format.name !== first.name) throw new Error(`${file}: its tiles are of one format to be mosaicked, and ${path.basename(tile)} is ${format.name} where ${path.basename(tiles[0]!)} is ${first.name}`);
  }
  return first!;
}
