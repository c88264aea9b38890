import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/testApp.ts';
import { lonLatToTile, tileToLat, tileToLon } from '../kit/tileMath.ts';
import { heightAt } from '@parcel-map/shared/contracts';
import { clipLine, contourIndex } from './contourTiles.ts';
import { DEMO_CENTRE, demoElevationGrid, LAKE_SURFACE_M, TEST_EXTENT } from '@parcel-map/county-data/demo';

const decode = (gzipped: Buffer) => new VectorTile(new PbfReader(gunzipSync(gzipped)));

describe('contour index', () => {
  it('marks every 10 m line 10, the other 5 m lines 5 and the rest 1–4', () => {
    expect([240, 245, 241, 244, 300, 305].map(contourIndex)).toEqual([10, 5, 1, 4, 10, 5]);
  });

  it('clips polylines to the buffered tile, cutting at the edges', () => {
    expect(clipLine([[-100, 10], [100, 10], [100, 200]], 0, 150)).toEqual([[[0, 10], [100, 10], [100, 150]]]);
    expect(clipLine([[-100, -100], [-50, -50]], 0, 150)).toEqual([]);
  });
});

describe('GET /contours/:z/:x/:y.pbf', () => {
  const grid = demoElevationGrid(TEST_EXTENT);
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(); // the demo county's test square, with its elevation grid
  });
  afterAll(() => app.close());

  const centreTile = (z: number) => {
    const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, z);
    return { x, y, path: `/contours/${z}/${x}/${y}.pbf` };
  };

  it('serves layer contour, traced from the data set\'s elevation grid, with integer index and ele in metres lying on the surface', async () => {
    const { x, y, path } = centreTile(14);
    const response = await app.request(path);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-protobuf');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    const layer = decode(response.body).layers.contour!;
    expect(layer).toBeDefined();
    expect(layer.length).toBeGreaterThan(3);
    const indexes = new Set<number>();
    for (let i = 0; i < layer.length; i += 1) {
      const feature = layer.feature(i);
      expect(feature.type).toBe(2);
      const { ele, index } = feature.properties as { ele: number; index: number };
      expect(Number.isInteger(index)).toBe(true);
      expect(index).toBe(contourIndex(ele));
      expect(ele).toBeGreaterThan(LAKE_SURFACE_M);
      expect(ele).toBeLessThan(325);
      indexes.add(index);
      // Every vertex lies on its isoline of the grid the seed wrote, within d3-contour's linear
      // interpolation between samples and the rounding to tile units (well under the 1 m interval).
      for (const line of feature.loadGeometry()) {
        for (const point of line.filter((_, k) => k % 7 === 0)) {
          const lng = tileToLon(x + point.x / layer.extent, 14);
          const lat = tileToLat(y + point.y / layer.extent, 14);
          expect(Math.abs(heightAt(grid, lng, lat) - ele)).toBeLessThan(1);
        }
      }
    }
    expect([...indexes].some((index) => index >= 6)).toBe(true);
  });

  it('keeps only 5 m lines below zoom 14, so the zoom 12 and 13 filters find lines and labels', async () => {
    const layer = decode((await app.request(centreTile(12).path)).body).layers.contour!;
    const indexes = new Set(Array.from({ length: layer.length }, (_, i) => Number(layer.feature(i).properties.index)));
    expect([...indexes].sort((a, b) => a - b)).toEqual([5, 10]);
  });

  it('answers 304 on If-None-Match and identical bytes again', async () => {
    const { path } = centreTile(13);
    const first = await app.request(path);
    const again = await app.request(path, { headers: { 'If-None-Match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
    expect((await app.request(path)).body.equals(first.body)).toBe(true);
  });

  it('answers 204 where no elevation grid reaches', async () => {
    expect((await app.request('/contours/12/0/0.pbf')).status).toBe(204);
  });

  it.each([
    ['z below 8', '/contours/7/35/50.pbf'],
    ['z above 15', '/contours/16/1/1.pbf'],
    ['a non-integer x', '/contours/12/a/1.pbf'],
    ['y outside 0..2^z-1', '/contours/12/1/4096.pbf'],
  ])('answers 400 JSON for %s', async (_label, path) => {
    const response = await app.request(path);
    expect(response.status).toBe(400);
    expect(typeof (response.json as { message: unknown }).message).toBe('string');
  });
});
