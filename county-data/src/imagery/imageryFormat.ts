// Which imagery formats the import takes, by the file's extension, and the first check on a file
// GDAL is to read: do its first bytes hold that format? GDAL opens whatever a file holds — a
// `<VRTDataset>` named .tif reads any file, address or database it names — so a file whose first
// bytes are not its claimed format's is refused, and GDAL then opens it with that format's drivers only.
import { access } from 'node:fs/promises';
import path from 'node:path';
import { IMAGERY_FILE_EXTENSIONS, type ImageryFileExtension, type ImageryWorldFileExtension } from '@parcel-map/shared/contracts';
import { readHead } from '../import/claimedFormat.ts';
import type { GdalDriver } from '../import/gdalSandbox.ts';

export interface ImageryFormat {
  /** As the report and messages name it. */
  name: string;
  /** What its bytes are, as a refusal of another format's file names them. */
  image: string;
  drivers: readonly GdalDriver[];
  /** Whether the first bytes are this format's. */
  holds(head: Buffer): boolean;
  /** The world files that place a plain image (GDAL reads them beside it), if it needs one. */
  worldFiles?: readonly ImageryWorldFileExtension[];
}

const bytes = (...values: number[]) => Buffer.from(values);
const TIFF = [bytes(0x49, 0x49, 0x2a, 0x00), bytes(0x4d, 0x4d, 0x00, 0x2a), bytes(0x49, 0x49, 0x2b, 0x00), bytes(0x4d, 0x4d, 0x00, 0x2b)];
const JP2 = [bytes(0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a), bytes(0xff, 0x4f, 0xff, 0x51)];
const JPEG = [bytes(0xff, 0xd8, 0xff)];
const PNG = [bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)];

const startsWithAny = (prefixes: readonly Buffer[]) => (head: Buffer) => prefixes.some((prefix) => head.subarray(0, prefix.length).equals(prefix));

const GEOTIFF: ImageryFormat = { name: 'GeoTIFF', image: 'a TIFF image', drivers: ['GTiff'], holds: startsWithAny(TIFF) };
const JPEG_2000: ImageryFormat = { name: 'JPEG 2000', image: 'a JPEG 2000 image', drivers: ['JP2OpenJPEG'], holds: startsWithAny(JP2) };
const JPEG_WITH_WORLD_FILE: ImageryFormat = { name: 'JPEG with a world file', image: 'a JPEG image', drivers: ['JPEG'], holds: startsWithAny(JPEG), worldFiles: ['.jgw', '.jpgw', '.wld'] };
const PNG_WITH_WORLD_FILE: ImageryFormat = { name: 'PNG with a world file', image: 'a PNG image', drivers: ['PNG'], holds: startsWithAny(PNG), worldFiles: ['.pgw', '.pngw', '.wld'] };

const FORMAT_BY_EXTENSION: Record<ImageryFileExtension, ImageryFormat> = {
  '.tif': GEOTIFF,
  '.tiff': GEOTIFF,
  '.jp2': JPEG_2000,
  '.j2k': JPEG_2000,
  '.jpg': JPEG_WITH_WORLD_FILE,
  '.jpeg': JPEG_WITH_WORLD_FILE,
  '.png': PNG_WITH_WORLD_FILE,
};

const isImageryExtension = (extension: string): extension is ImageryFileExtension => (IMAGERY_FILE_EXTENSIONS as readonly string[]).includes(extension);

/** Enough of a file to tell its format. */
const HEAD_BYTES = 64;

/**
 * The format `file`'s extension claims, once its first bytes are checked to hold it (and a plain
 * image's world file is found beside it); throws saying why otherwise.
 */
export async function claimedImageryFormat(file: string): Promise<ImageryFormat> {
  const extension = path.extname(file).toLowerCase();
  const format = isImageryExtension(extension) ? FORMAT_BY_EXTENSION[extension] : undefined;
  if (!format) throw new Error(`${file}: imagery is read from ${IMAGERY_FILE_EXTENSIONS.join(' ')} files, not ${extension || 'a file without an extension'}`);
  const head = await readHead(file, HEAD_BYTES);
  if (!format.holds(head)) {
    throw new Error(`${file}: named as ${format.name} (${extension}) but it holds ${contentOf(head)}: refused, only the format a file's name claims is read`);
  }
  if (format.worldFiles && (await worldFileBeside(file, format)) === undefined) {
    const base = file.slice(0, -extension.length);
    throw new Error(`${file}: a ${extension} image is placed on the map by a world file beside it (${format.worldFiles.map((ending) => path.basename(base + ending)).join(', ')}), and none was found`);
  }
  return format;
}

/** The world file beside `file` that places it, if its format needs one and one is there. */
export async function worldFileBeside(file: string, format: ImageryFormat): Promise<string | undefined> {
  const base = file.slice(0, -path.extname(file).length);
  for (const ending of format.worldFiles ?? []) {
    for (const candidate of [base + ending, base + ending.toUpperCase()]) {
      if (await access(candidate).then(() => true, () => false)) return candidate;
    }
  }
  return undefined;
}

/** What the first bytes are, as the refusal names it. */
function contentOf(head: Buffer): string {
  const text = head.toString('utf8');
  if (/<VRTDataset|<OGRVRTDataSource/.test(text)) return 'a GDAL virtual source (VRT XML), which would read other files, addresses or databases';
  if (/^\s*</.test(text)) return 'XML or HTML';
  if (head.length === 0) return 'nothing (it is empty)';
  for (const format of new Set(Object.values(FORMAT_BY_EXTENSION))) if (format.holds(head)) return format.image;
  return head.includes(0) ? 'binary data of another kind' : 'text';
}
