// A JPEG file's tile with its mask: sent as the JPEG where the mask covers it wholly, as WebP whose
// alpha is the mask (first pixel in each byte's high bit) where it does not.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { maskedJpegTile } from './maskedJpegTile.ts';

const SIZE = 256;
const ADOBE_DEFLATE = 8;

/** A 1-bit mask, set where `covered(column, row)`. */
function maskOf(covered: (column: number, row: number) => boolean): Buffer {
  const bits = Buffer.alloc((SIZE * SIZE) / 8);
  for (let row = 0; row < SIZE; row++) for (let column = 0; column < SIZE; column++) if (covered(column, row)) bits[row * (SIZE / 8) + (column >> 3)]! |= 0x80 >> (column & 7);
  return deflateSync(bits);
}

const photo = () => sharp({ create: { width: SIZE, height: SIZE, channels: 3, background: { r: 90, g: 140, b: 60 } } }).jpeg().toBuffer();

describe('maskedJpegTile', () => {
  it('sends a tile the mask covers wholly as the JPEG itself', async () => {
    const jpeg = await photo();
    const tile = await maskedJpegTile(jpeg, undefined, { stored: maskOf(() => true), compression: ADOBE_DEFLATE });
    expect(tile).toEqual({ body: jpeg, contentType: 'image/jpeg' });
  });

  it('makes a tile the mask covers in part WebP, transparent where the mask is clear, to the pixel', async () => {
    // The image's edge runs down the tile at column 100, starting at pixel 3 of a byte.
    const tile = await maskedJpegTile(await photo(), undefined, { stored: maskOf((column) => column < 100), compression: ADOBE_DEFLATE });
    expect(tile.contentType).toBe('image/webp');
    const { data, info } = await sharp(tile.body).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    const alpha = (column: number, row: number) => data[(row * SIZE + column) * 4 + 3];
    expect([alpha(0, 0), alpha(99, 128), alpha(100, 128), alpha(255, 255)]).toEqual([255, 255, 0, 0]);
    // The photo's colour kept where it is shown.
    expect(Math.abs(data[(128 * SIZE + 50) * 4 + 1]! - 140)).toBeLessThan(8);
  });
});
