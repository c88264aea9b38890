// The coarser COGs under an imagery version's first one: how low they go (half a tile across), and
// their chain of four zooms a file when the image spans many zooms — the Chicago sample's COG made to
// stand for a wide image by the footprint given, so the chain is cheap to write.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimedImageryFormat } from './imageryFormat.ts';
import { readImagerySource, type ImagerySource } from './imagerySource.ts';
import { SPOT_CHICAGO } from './testing/imageryFixtures.ts';
import { lowestZoom, writeCoarserCogs, writeImageryCog, type WrittenCog } from './writeImageryCog.ts';

describe('lowestZoom', () => {
  it('is the first zoom down where the footprint is at most half a tile (128 px) across', () => {
    // The Chicago sample, ~7 × 9 km: 156 px tall at z11, 78 px at z10.
    expect(lowestZoom([-87.6674, 41.8328, -87.5823, 41.9171], 14)).toBe(10);
    // A county of ~40 km at a 15 cm orthophoto's z20: ~90 px across at z8.
    expect(lowestZoom([-71.5, 42.0, -71.0, 42.3], 20)).toBe(8);
    // Never below the world's single tile, never above the full resolution.
    expect(lowestZoom([-180, -85, 180, 85], 3)).toBe(0);
    expect(lowestZoom([-87.6, 41.89, -87.5999, 41.8901], 14)).toBe(14);
  });
});

describe.skipIf(!existsSync(SPOT_CHICAGO))('writeCoarserCogs', () => {
  let dir: string;
  let full: string;
  let cog: WrittenCog;
  let source: ImagerySource;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'coarser-cogs-'));
    const format = await claimedImageryFormat(SPOT_CHICAGO);
    source = await readImagerySource(SPOT_CHICAGO, format, undefined);
    full = path.join(dir, 'full.tif');
    cog = await writeImageryCog(SPOT_CHICAGO, format, source, undefined, full);
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes one file for Chicago, z10 alone, the whole image in one tile', async () => {
    expect(cog).toMatchObject({ minzoom: 11, maxzoom: 14 });
    const lower = await writeCoarserCogs(full, cog, source.bbox, (top) => path.join(dir, `chicago.z${top}.tif`));
    expect(lower).toEqual([{ file: path.join(dir, 'chicago.z10.tif'), minzoom: 10, maxzoom: 10 }]);
  }, 60_000);

  it('chains files of at most four aligned zooms down to the lowest one a wide footprint needs', async () => {
    // ~150 km across at 42° N: 165 px at z7, 82 px at z6.
    const wide: [number, number, number, number] = [-88.5, 41.5, -86.7, 42.5];
    expect(lowestZoom(wide, cog.maxzoom)).toBe(6);
    const lower = await writeCoarserCogs(full, cog, wide, (top) => path.join(dir, `wide.z${top}.tif`));
    expect(lower.map(({ minzoom, maxzoom }) => ({ minzoom, maxzoom }))).toEqual([
      { minzoom: 7, maxzoom: 10 },
      { minzoom: 6, maxzoom: 6 },
    ]);
    const info = JSON.parse(execFileSync('gdalinfo', ['-json', lower[0]!.file], { encoding: 'utf8' })) as { metadata: Record<string, Record<string, string>> };
    expect(info.metadata.TILING_SCHEME).toMatchObject({ ZOOM_LEVEL: '10', ALIGNED_LEVELS: '4' });
  }, 60_000);
});
