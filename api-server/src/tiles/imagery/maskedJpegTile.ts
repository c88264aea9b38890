// A map tile of an imagery file stored as JPEG with a transparency mask (writeImageryCog.ts): JPEG
// keeps no transparency, so GDAL stores where the image has data as a 1-bit mask beside each tile.
// A tile the mask covers wholly — nearly all of them — is sent as the JPEG it is, made whole with the
// file's shared tables; a tile on the image's edge is made WebP with the mask as its alpha, so the map
// shows what lies beyond the image there.
import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { IMAGERY_TILE_QUALITY } from '@parcel-map/shared/contracts';

const TILE_SIZE = 256;
const SOI = 2;
const EOI = 2;
/** TIFF's compression of the masks GDAL writes beside a JPEG file's tiles: Adobe Deflate, or its older code. */
const DEFLATE = new Set([8, 32946]);

export interface TileImage {
  body: Buffer;
  contentType: 'image/jpeg' | 'image/webp';
}

/** A mask tile as stored, and TIFF's code of its compression. */
export interface StoredMask {
  stored: Buffer;
  compression: number | undefined;
}

/** `jpeg` (one stored tile, its stream without the tables) as a map tile; opaque where it has no `mask` tile. */
export async function maskedJpegTile(jpeg: Buffer, tables: Buffer | undefined, mask: StoredMask | undefined): Promise<TileImage> {
  const whole = tables ? Buffer.concat([jpeg.subarray(0, SOI), tables.subarray(SOI, tables.length - EOI), jpeg.subarray(SOI)]) : jpeg;
  if (!mask) return { body: whole, contentType: 'image/jpeg' };
  const bits = mask.compression !== undefined && DEFLATE.has(mask.compression) ? inflateSync(mask.stored) : mask.stored;
  if (bits.every((byte) => byte === 0xff)) return { body: whole, contentType: 'image/jpeg' };
  const body = await sharp(whole)
    .joinChannel(alphaOf(bits), { raw: { width: TILE_SIZE, height: TILE_SIZE, channels: 1 } })
    .webp({ quality: IMAGERY_TILE_QUALITY })
    .toBuffer();
  return { body, contentType: 'image/webp' };
}

/** A 1-bit mask (rows of TILE_SIZE bits, the first pixel in the high bit) as an 8-bit alpha channel. */
function alphaOf(bits: Buffer): Buffer {
  const alpha = Buffer.alloc(TILE_SIZE * TILE_SIZE);
  const rowBytes = TILE_SIZE / 8;
  for (let row = 0; row < TILE_SIZE; row++) {
    for (let column = 0; column < TILE_SIZE; column++) {
      if ((bits[row * rowBytes + (column >> 3)]! >> (7 - (column & 7))) & 1) alpha[row * TILE_SIZE + column] = 255;
    }
  }
  return alpha;
}
