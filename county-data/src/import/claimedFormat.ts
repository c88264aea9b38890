// The first check on a file GDAL is to read: does it hold the format its name claims?
// GDAL would open whatever it holds — a GDAL virtual source (<OGRVRTDataSource>) named .csv reads any
// file, URL or database it names — so a file whose first bytes are not its format's is refused,
// saying what it holds instead. GDAL then opens it with that format's drivers only (readWithGdal.ts).
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { inflateRawSync, constants as zlib } from 'node:zlib';
import type AdmZip from 'adm-zip';
import { GDAL_FORMATS, type GdalFormat } from './parcelSource.ts';

/** Enough of a file to tell its format: GDAL's own drivers decide from the first kilobyte. */
const HEAD_BYTES = 4096;

const SQLITE = Buffer.from('SQLite format 3\0', 'latin1');
const ZIP = Buffer.from('PK\x03\x04', 'latin1');
/** A File Geodatabase table opens with its version, 3 (ArcGIS 9) or 4 (ArcGIS 10), as a little-endian int32. */
const GDBTABLE_VERSIONS = [Buffer.from([3, 0, 0, 0]), Buffer.from([4, 0, 0, 0])];
/** The table every File Geodatabase has: the catalog of the others. */
const GDB_CATALOG = 'a00000001.gdbtable';

const EXTENSION_OF: Record<GdalFormat, string> = { geopackage: '.gpkg', filegdb: '.gdb', kml: '.kml', kmz: '.kmz', topojson: '.topojson', csv: '.csv' };

/** Whether the first bytes are the format's. The File Geodatabase, a folder, is checked by its catalog table. */
const HOLDS_FORMAT: Record<GdalFormat, (head: Buffer) => boolean> = {
  geopackage: (head) => startsWith(head, SQLITE),
  filegdb: (head) => GDBTABLE_VERSIONS.some((version) => startsWith(head, version)),
  kml: (head) => xmlRoot(head) === 'kml',
  kmz: (head) => startsWith(head, ZIP),
  topojson: (head) => /^[\s]*\{/.test(text(head)) && !holdsVirtualSource(head),
  csv: (head) => !holdsVirtualSource(head) && !/^\s*</.test(text(head)) && !startsWith(head, ZIP) && !head.includes(0),
};

/** Throws, naming the claimed format and what `file` holds instead, unless its first bytes are the format's. */
export async function checkClaimedFormat(file: string, format: GdalFormat): Promise<void> {
  if (format === 'filegdb') return checkGeodatabaseFolder(file);
  checkHead(file, format, await readHead(file));
}

/** A zipped File Geodatabase: its folder holds the catalog table, whose first bytes are a table's. */
export function checkZippedGeodatabase(file: string, zip: AdmZip, folder: string): void {
  const catalog = zip.getEntry(`${folder}/${GDB_CATALOG}`);
  if (!catalog) throw new Error(`${file}: ${folder} is not a File Geodatabase: it holds no ${GDB_CATALOG}`);
  checkHead(`${file}: ${catalog.entryName}`, 'filegdb', zipEntryHead(catalog));
}

/** A KMZ: a zip whose .kml files are KML. */
export function checkKmzEntries(file: string, zip: AdmZip): void {
  const documents = zip.getEntries().filter((entry) => !entry.isDirectory && entry.entryName.toLowerCase().endsWith('.kml'));
  if (documents.length === 0) throw new Error(`${file}: a KMZ file holds a .kml document, this one none`);
  for (const entry of documents) checkHead(`${file}: ${entry.entryName}`, 'kml', zipEntryHead(entry));
}

async function checkGeodatabaseFolder(folder: string): Promise<void> {
  const names = await readdir(folder);
  if (!names.includes(GDB_CATALOG)) throw new Error(`${folder}: not a File Geodatabase: the folder holds no ${GDB_CATALOG}`);
  checkHead(path.join(folder, GDB_CATALOG), 'filegdb', await readHead(path.join(folder, GDB_CATALOG)));
}

function checkHead(origin: string, format: GdalFormat, head: Buffer): void {
  if (HOLDS_FORMAT[format](head)) return;
  throw new Error(`${origin}: named as ${GDAL_FORMATS[format]} (${EXTENSION_OF[format]}) but it holds ${contentOf(head)}: refused, only the format a file's name claims is read`);
}

/** What the first bytes are, as the refusal names it. */
function contentOf(head: Buffer): string {
  if (holdsVirtualSource(head)) return 'a GDAL virtual source (<OGRVRTDataSource>), which would read other files, addresses or databases';
  if (startsWith(head, SQLITE)) return 'a SQLite database';
  if (startsWith(head, ZIP)) return 'a zip';
  const root = xmlRoot(head);
  if (root !== undefined) return `XML whose root is <${root}>`;
  if (head.length === 0) return 'nothing (it is empty)';
  if (head.includes(0)) return 'binary data';
  if (/^\s*[{[]/.test(text(head))) return 'JSON';
  return 'text';
}

function holdsVirtualSource(head: Buffer): boolean {
  return text(head).includes('<OGRVRTDataSource');
}

/** The root element's name of an XML document (a prefix dropped), past its declaration, comments and DOCTYPE-free prolog. */
function xmlRoot(head: Buffer): string | undefined {
  const prolog = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s>/]/.exec(text(head));
  return prolog?.[2];
}

/** The head as text, a UTF-8 byte-order mark dropped. */
function text(head: Buffer): string {
  return head.toString('utf8').replace(/^\uFEFF/, '');
}

function startsWith(head: Buffer, prefix: Buffer): boolean {
  return head.subarray(0, prefix.length).equals(prefix);
}

/** The first `bytes` of a file (fewer if it is shorter). */
export async function readHead(file: string, bytes = HEAD_BYTES): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The first bytes of a zip entry, inflating no more of it than they need. */
function zipEntryHead(entry: AdmZip.IZipEntry): Buffer {
  const compressed = entry.getCompressedData();
  if (entry.header.method === 0) return compressed.subarray(0, HEAD_BYTES);
  // A flush, not a finish: the stream stops at the slice's end without an error.
  return inflateRawSync(compressed.subarray(0, HEAD_BYTES), { finishFlush: zlib.Z_SYNC_FLUSH }).subarray(0, HEAD_BYTES);
}
