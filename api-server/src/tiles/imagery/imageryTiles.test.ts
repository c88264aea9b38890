// Imagery through the API with the real SPOT image of Chicago: GET /api/imagery parsed by the wire
// schema, a tile over Navy Pier as the stored JPEG made whole, that decodes to an image, a tile on the
// image's edge as WebP transparent beyond it (zoomed in, and zoomed out from the coarser file), 204 far away, 404 for an
// unknown name, and no session needed (imagery holds no county data). Run on PGlite, and on
// PostgreSQL with TEST_DATABASE_URL.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importImagery } from '@parcel-map/county-data/imagery';
import { NAVY_PIER, SPOT_CHICAGO } from '@parcel-map/county-data/imagery/testing';
import { imageryAnswerSchema, type Imagery } from '@parcel-map/shared/contracts';
import { CACHE_CONTROL } from '../../platform/http/responseHeaders.ts';
import { countingDiagnostics } from '../../testing/countingDiagnostics.ts';
import { comparableResponse, startTestApp, type TestApp } from '../../testing/testApp.ts';
import { lonLatToTile } from '../kit/tileMath.ts';

interface BandStatistics {
  colorInterpretation: string;
  minimum: number;
  maximum: number;
  stdDev: number;
}

describe.skipIf(!existsSync(SPOT_CHICAGO))('imagery through the API', () => {
  let app: TestApp;
  let dir: string;
  let chicago: Imagery;
  const diagnostics = countingDiagnostics();
  const pier = lonLatToTile(NAVY_PIER.lon, NAVY_PIER.lat, 14);
  const tileUrl = (z: number, x: number, y: number) => chicago.tiles.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));

  /** What GDAL reads in a tile's bytes: each band's statistics. */
  async function decoded(body: Buffer): Promise<BandStatistics[]> {
    const file = path.join(dir, `tile-${Math.random().toString(36).slice(2)}`);
    await writeFile(file, body);
    return (JSON.parse(execFileSync('gdalinfo', ['-json', '-stats', file], { encoding: 'utf8' })) as { bands: BandStatistics[] }).bands;
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'imagery-api-'));
    const imageryDir = path.join(dir, 'imagery');
    app = await startTestApp({ seed: false, config: { imageryDir }, diagnostics });
    await importImagery(app.db, { file: SPOT_CHICAGO, name: 'spot-chicago', label: 'SPOT 10 m', attribution: 'SPOT (OSGeo GeoTIFF samples)', imageryDir });
    const answer = await app.request('/api/imagery');
    expect(answer.status).toBe(200);
    chicago = imageryAnswerSchema.parse(answer.json).imagery[0]!;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('lists the current version of each imagery layer, without a session, never from a cache', async () => {
    const answer = await app.request('/api/imagery');
    expect(answer.headers['cache-control']).toBe(CACHE_CONTROL.live);
    expect(answer.json).toMatchObject({
      imagery: [{ name: 'spot-chicago', label: 'SPOT 10 m', bbox: expect.any(Array), minzoom: 10, maxzoom: 14, tiles: expect.stringMatching(/^\/tiles\/imagery\/spot-chicago\/\{z\}\/\{x\}\/\{y\}\.jpg\?v=\d+$/), attribution: 'SPOT (OSGeo GeoTIFF samples)', version: 1 }],
    });
    const [west, south, east, north] = chicago.bbox;
    expect(west < NAVY_PIER.lon && NAVY_PIER.lon < east && south < NAVY_PIER.lat && NAVY_PIER.lat < north).toBe(true);
  });

  it('answers the tile over Navy Pier, wholly inside the image, as a JPEG that decodes to an image, cacheable for good, without a session', async () => {
    const tile = await app.request(tileUrl(14, pier.x, pier.y));
    expect(tile.status).toBe(200);
    expect(tile.headers['content-type']).toBe('image/jpeg');
    expect(tile.headers['cache-control']).toBe(CACHE_CONTROL.versionedTiles);
    // A whole JPEG stream: the file's shared tables put back before the tile's own data.
    expect(tile.body.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(tile.body.subarray(-2).toString('hex')).toBe('ffd9');
    const bands = await decoded(tile.body);
    expect(bands).toHaveLength(3);
    // Water and pier: pixels that differ.
    expect(bands[0]!.stdDev).toBeGreaterThan(5);
    expect(bands[0]!.maximum).toBeGreaterThan(100);
    const again = await app.request(tileUrl(14, pier.x, pier.y), { headers: { 'If-None-Match': String(tile.headers.etag) } });
    expect(again.status).toBe(304);
  });

  it("answers a tile on the image's edge as WebP, transparent beyond it", async () => {
    const corner = lonLatToTile(chicago.bbox[0], chicago.bbox[3], 14);
    const tile = await app.request(tileUrl(14, corner.x, corner.y));
    expect(tile.status).toBe(200);
    expect(tile.headers['content-type']).toBe('image/webp');
    const alpha = (await decoded(tile.body)).find((band) => band.colorInterpretation === 'Alpha');
    expect(alpha).toMatchObject({ minimum: 0, maximum: 255 });
  });

  it('answers the stored tiles of every zoom from minzoom to maxzoom over the pier', async () => {
    for (let z = chicago.minzoom; z <= chicago.maxzoom; z++) {
      const { x, y } = lonLatToTile(NAVY_PIER.lon, NAVY_PIER.lat, z);
      expect((await app.request(tileUrl(z, x, y))).status, `z${z}`).toBe(200);
    }
  });

  it('answers zoomed out, from the coarser file, down to the zoom where the whole image is under half a tile: z10 over the pier is the photo', async () => {
    // The image's COG serves z11–z14; below it the photo used to vanish.
    expect(chicago.minzoom).toBe(10);
    const low = lonLatToTile(NAVY_PIER.lon, NAVY_PIER.lat, 10);
    const tile = await app.request(tileUrl(10, low.x, low.y));
    expect(tile.status).toBe(200);
    expect(tile.headers['content-type']).toBe('image/webp');
    const bands = await decoded(tile.body);
    expect(bands.map((band) => band.colorInterpretation)).toEqual(['Red', 'Green', 'Blue', 'Alpha']);
    // The whole image, about 60 × 80 px of the tile, with transparency around it.
    expect(bands[0]!.maximum).toBeGreaterThan(100);
    expect(bands[0]!.stdDev).toBeGreaterThan(5);
    expect(bands[3]).toMatchObject({ minimum: 0, maximum: 255 });
    const below = lonLatToTile(NAVY_PIER.lon, NAVY_PIER.lat, 9);
    expect((await app.request(tileUrl(9, below.x, below.y))).status).toBe(204);
  });

  it('answers a tile asked for again from memory, in front of Express, with the same status, headers and bytes', async () => {
    const corner = lonLatToTile(chicago.bbox[0], chicago.bbox[3], 14);
    const far = lonLatToTile(2.35, 48.85, 14);
    for (const url of [tileUrl(14, pier.x, pier.y), tileUrl(14, corner.x, corner.y), tileUrl(14, far.x, far.y)]) {
      const first = await app.request(url);
      const answersBefore = diagnostics.fastPathAnswers('/tiles/imagery');
      const again = await app.request(url);
      expect(diagnostics.fastPathAnswers('/tiles/imagery'), url).toBe(answersBefore + 1);
      expect(comparableResponse(again, 'base64')).toEqual(comparableResponse(first, 'base64'));
    }
    // Another version, or another format's extension, is Express's to answer.
    const answersBefore = diagnostics.fastPathAnswers('/tiles/imagery');
    expect((await app.request(tileUrl(14, pier.x, pier.y).replace(/\?v=\d+$/, '?v=999999'))).status).toBe(200);
    expect((await app.request(tileUrl(14, pier.x, pier.y).replace('.jpg', '.webp'))).status).toBe(404);
    expect(diagnostics.fastPathAnswers('/tiles/imagery')).toBe(answersBefore);
  });

  it('answers 204 where it has no data: far away, beside the image, and at zooms it does not store', async () => {
    const far = lonLatToTile(2.35, 48.85, 14);
    expect((await app.request(tileUrl(14, far.x, far.y))).status).toBe(204);
    expect((await app.request(tileUrl(14, pier.x + 3, pier.y))).status).toBe(204);
    const low = lonLatToTile(NAVY_PIER.lon, NAVY_PIER.lat, 5);
    expect((await app.request(tileUrl(5, low.x, low.y))).status).toBe(204);
  });

  it('answers 404 for a name not served or another format, 400 for a malformed address', async () => {
    expect((await app.request(`/tiles/imagery/no-such-imagery/14/${pier.x}/${pier.y}.webp`)).status).toBe(404);
    expect((await app.request(`/tiles/imagery/spot-chicago/14/${pier.x}/${pier.y}.webp`)).status).toBe(404);
    expect((await app.request(`/tiles/imagery/spot-chicago/14/${2 ** 14}/0.jpg`)).status).toBe(400);
  });

  it("gives the imagery base style the layer's tiles, zooms and footprint", async () => {
    const style = await app.request('/styles/imagery-spot-chicago.json');
    expect(style.status).toBe(200);
    const source = (style.json as { sources: Record<string, { type: string; tiles: string[]; minzoom: number; maxzoom: number; bounds: number[] }> }).sources.imagery!;
    expect(source).toMatchObject({ type: 'raster', minzoom: 10, maxzoom: 14, bounds: chicago.bbox });
    expect(source.tiles[0]!.endsWith(chicago.tiles)).toBe(true);
  });

  it('keeps the other tiles under /tiles behind the session', async () => {
    expect((await app.request(`/tiles/overlays/anything/14/${pier.x}/${pier.y}.pbf`)).status).toBe(401);
    expect((await app.request(`/tiles/14/${pier.x}/${pier.y}.pbf`)).status).toBe(401);
  });
});
