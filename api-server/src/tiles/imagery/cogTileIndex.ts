// Where each stored tile of an imagery COG is: a reader of the TIFF's directories (classic and
// BigTIFF) that keeps, per web map zoom, the tiles' byte offsets and lengths and where the file's
// tile grid sits in the map's — so a map tile is one positioned read, with no decoding. The import
// writes the COG in the GoogleMapsCompatible tiling (county-data/src/imagery/writeImageryCog.ts):
// levels whose tiles do not line up with the map's are left out.
import type { FileHandle } from 'node:fs/promises';

/** Half the EPSG:3857 world's width, in metres. */
const HALF_WORLD = 20037508.342789244;
const TILE_SIZE = 256;

/** Where one stored tile's bytes are. */
interface StoredTile {
  offset: number;
  length: number;
}

/** One zoom's stored tiles. */
interface CogLevel {
  /** The map tile x and y of the file's first tile at this zoom. */
  firstX: number;
  firstY: number;
  across: number;
  down: number;
  offsets: Float64Array;
  lengths: Float64Array;
  /** The level's transparency mask (GDAL's internal mask, a JPEG file's transparency): its tiles in the same grid. */
  mask?: { offsets: Float64Array; lengths: Float64Array };
}

/** A map tile's stored bytes, and its mask tile's where the file has a mask. */
export interface LocatedTile extends StoredTile {
  mask?: StoredTile;
}

export interface CogTileIndex {
  /** TIFF's compression of the image tiles (7: JPEG, 50001: WebP) and of the mask tiles. */
  compression: number;
  maskCompression: number | undefined;
  /** A JPEG file's quantization and Huffman tables, shared by its tiles (each tile's stream leaves them out). */
  jpegTables: Buffer | undefined;
  /** Where map tile z/x/y's bytes are; undefined when the file stores nothing there (outside, or all nodata). */
  locate(z: number, x: number, y: number): LocatedTile | undefined;
}

const TAG = {
  newSubfileType: 254, width: 256, height: 257, compression: 259, tileWidth: 322, tileOffsets: 324, tileByteCounts: 325, jpegTables: 347, pixelScale: 33550, tiepoint: 33922,
} as const;
/** Only these are read: the others (GDAL's metadata, the GeoKeys) are not needed to find a tile. */
const READ_TAGS: ReadonlySet<number> = new Set(Object.values(TAG));
/** NewSubfileType's bit of a transparency mask (GDAL's internal masks): not an image level. */
const MASK = 4;
/** TIFF field types: their sizes in bytes. */
const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 16: 8, 17: 8, 18: 8 };

/** Reads the COG's directories; `maxzoom` is the zoom of its full resolution (the import recorded it). */
export async function readCogTileIndex(file: FileHandle, maxzoom: number): Promise<CogTileIndex> {
  const reader = new TiffReader(file);
  const directories = await reader.directories();
  const isMask = (directory: Map<number, number[]>) => ((directory.get(TAG.newSubfileType)?.[0] ?? 0) & MASK) !== 0;
  const images = directories.filter((directory) => !isMask(directory));
  const masks = directories.filter(isMask);
  const full = images[0];
  if (!full) throw new Error('the imagery file holds no image');
  const scale = full.get(TAG.pixelScale)?.[0];
  const tiepoint = full.get(TAG.tiepoint);
  if (scale === undefined || !tiepoint) throw new Error('the imagery file is not georeferenced');
  const originX = tiepoint[3]! - tiepoint[0]! * scale;
  const originY = tiepoint[4]! + tiepoint[1]! * scale;
  const levels = new Map<number, CogLevel>();
  images.forEach((directory, index) => {
    const tileSpan = TILE_SIZE * scale * 2 ** index;
    const firstX = (originX + HALF_WORLD) / tileSpan;
    const firstY = (HALF_WORLD - originY) / tileSpan;
    const tileWidth = directory.get(TAG.tileWidth)?.[0];
    // A level that does not line up with the map's tiles would need its tiles cut anew: not served.
    if (tileWidth !== TILE_SIZE || !nearInteger(firstX) || !nearInteger(firstY)) return;
    const width = directory.get(TAG.width)![0]!;
    const height = directory.get(TAG.height)![0]!;
    // GDAL writes each level's mask beside it, the same size.
    const mask = masks.find((candidate) => candidate.get(TAG.width)?.[0] === width && candidate.get(TAG.height)?.[0] === height);
    levels.set(maxzoom - index, {
      firstX: Math.round(firstX),
      firstY: Math.round(firstY),
      across: Math.ceil(width / TILE_SIZE),
      down: Math.ceil(height / TILE_SIZE),
      offsets: Float64Array.from(directory.get(TAG.tileOffsets) ?? []),
      lengths: Float64Array.from(directory.get(TAG.tileByteCounts) ?? []),
      ...(mask && { mask: { offsets: Float64Array.from(mask.get(TAG.tileOffsets) ?? []), lengths: Float64Array.from(mask.get(TAG.tileByteCounts) ?? []) } }),
    });
  });
  const tables = full.get(TAG.jpegTables);
  return {
    compression: full.get(TAG.compression)?.[0] ?? 1,
    maskCompression: masks[0]?.get(TAG.compression)?.[0],
    jpegTables: tables && Buffer.from(tables),
    locate(z, x, y) {
      const level = levels.get(z);
      if (!level) return undefined;
      const column = x - level.firstX;
      const row = y - level.firstY;
      if (column < 0 || row < 0 || column >= level.across || row >= level.down) return undefined;
      // With several bands the first band's tiles come first (pixel interleaving stores all in one).
      const tile = row * level.across + column;
      const length = level.lengths[tile] ?? 0;
      // A sparse tile (SPARSE_OK) has neither offset nor length.
      if (length === 0) return undefined;
      const maskLength = level.mask?.lengths[tile] ?? 0;
      return { offset: level.offsets[tile]!, length, ...(maskLength > 0 && { mask: { offset: level.mask!.offsets[tile]!, length: maskLength } }) };
    },
  };
}

function nearInteger(value: number): boolean {
  return Math.abs(value - Math.round(value)) < 1e-6;
}

/** A TIFF's image file directories: each tag's values as numbers (the tags read here are all numeric). */
class TiffReader {
  private littleEndian = true;
  private big = false;

  constructor(private readonly file: FileHandle) {}

  async directories(): Promise<Map<number, number[]>[]> {
    const header = await this.read(0, 16);
    const order = header.toString('latin1', 0, 2);
    if (order !== 'II' && order !== 'MM') throw new Error('the imagery file is not a TIFF');
    this.littleEndian = order === 'II';
    const magic = this.littleEndian ? header.readUInt16LE(2) : header.readUInt16BE(2);
    this.big = magic === 43;
    let next = this.big ? this.uint(header, 8, 8) : this.uint(header, 4, 4);
    const found: Map<number, number[]>[] = [];
    const seen = new Set<number>();
    while (next !== 0 && !seen.has(next)) {
      seen.add(next);
      const { tags, nextOffset } = await this.directory(next);
      found.push(tags);
      next = nextOffset;
    }
    return found;
  }

  private async directory(offset: number): Promise<{ tags: Map<number, number[]>; nextOffset: number }> {
    const countSize = this.big ? 8 : 2;
    const entrySize = this.big ? 20 : 12;
    const valueSize = this.big ? 8 : 4;
    const count = this.uint(await this.read(offset, countSize), 0, countSize);
    const entries = await this.read(offset + countSize, count * entrySize + valueSize);
    const tags = new Map<number, number[]>();
    for (let i = 0; i < count; i++) {
      const at = i * entrySize;
      const tag = this.uint(entries, at, 2);
      const type = this.uint(entries, at + 2, 2);
      const values = this.uint(entries, at + 4, valueSize);
      const size = TYPE_SIZES[type];
      if (size === undefined || !READ_TAGS.has(tag)) continue;
      const inline = size * values <= valueSize;
      const data = inline ? entries.subarray(at + 4 + valueSize, at + 4 + 2 * valueSize) : await this.read(this.uint(entries, at + 4 + valueSize, valueSize), size * values);
      tags.set(tag, Array.from({ length: values }, (_, n) => this.value(data, n * size, type)));
    }
    return { tags, nextOffset: this.uint(entries, count * entrySize, valueSize) };
  }

  private value(data: Buffer, at: number, type: number): number {
    if (type === 12) return this.littleEndian ? data.readDoubleLE(at) : data.readDoubleBE(at);
    if (type === 11) return this.littleEndian ? data.readFloatLE(at) : data.readFloatBE(at);
    return this.uint(data, at, TYPE_SIZES[type]!);
  }

  private uint(data: Buffer, at: number, size: number): number {
    if (size === 1) return data.readUInt8(at);
    if (size === 2) return this.littleEndian ? data.readUInt16LE(at) : data.readUInt16BE(at);
    if (size === 4) return this.littleEndian ? data.readUInt32LE(at) : data.readUInt32BE(at);
    return Number(this.littleEndian ? data.readBigUInt64LE(at) : data.readBigUInt64BE(at));
  }

  private async read(position: number, length: number): Promise<Buffer> {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.file.read(buffer, 0, length, position);
    if (bytesRead < length) throw new Error('the imagery file ends inside its directory: it is cut short');
    return buffer;
  }
}
