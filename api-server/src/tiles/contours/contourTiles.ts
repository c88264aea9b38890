// Contour vector tiles (GET /contours/{z}/{x}/{y}.pbf): isolines of the elevation grids the county
// data tools wrote (elevation_grids), traced per tile with d3-contour on a grid that reaches past the
// tile on every side, then clipped to the tile plus a small buffer, so lines from neighbouring tiles
// meet. Layer 'contour' with `ele` (metres) and `index`, following Mapbox Terrain's convention on a
// 1 m interval: 10 on every 10 m line, 5 on the other 5 m lines, 1–4 on the rest. SPEC §9's client
// filters therefore draw the 10 m lines from zoom 12 (index ≥ 6) and label the 5 m lines from zoom
// 13 (index 5). The 1 m lines are only in tiles from MINOR_LINES_ZOOM up, where they are far enough
// apart to be useful.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { contours } from 'd3-contour';
import { fromGeojsonVt } from 'vt-pbf';
import { CONTOUR_SOURCE_LAYER, heightAt, type ElevationGrid } from '@parcel-map/shared/contracts';
import type { DataVersion } from '../../platform/cache/dataVersion.ts';
import { loadPerVersion } from '../../platform/cache/perVersion.ts';
import { createVersionedCache } from '../../platform/cache/versionedCache.ts';
import { tileToLat, tileToLon } from '../kit/tileMath.ts';
import { buildNow, type EncodedTile, type ScheduleBuild } from '../kit/tileSetRouter.ts';
import type { ElevationGridRepository } from './elevationGridRepository.ts';

const MINOR_LINES_ZOOM = 14;
const EXTENT = 4096;
const BUFFER = 64;
// The grid reaches this far past the tile so d3-contour's closing edges fall outside the clip box.
const GRID_MARGIN = 256;
const GRID_CELLS = 128;
const CACHE_ENTRIES = 2048;

interface TileFeature {
  type: 2;
  geometry: [number, number][][];
  tags: { ele: number; index: number };
}

export function contourIndex(ele: number): number {
  if (ele % 10 === 0) return 10;
  if (ele % 5 === 0) return 5;
  return ele % 5;
}

export interface ContourTilesDeps {
  grids: ElevationGridRepository;
  dataVersion: DataVersion;
  cacheEntries?: number;
}

const EMPTY: EncodedTile = { kind: 'empty' };

export function createContourTiles(deps: ContourTilesDeps) {
  const cache = createVersionedCache<EncodedTile>(deps.dataVersion, deps.cacheEntries ?? CACHE_ENTRIES);
  const gridsFor = loadPerVersion(() => deps.grids.listAll());

  const gridUnder = async (version: number, z: number, x: number, y: number) => (await gridsFor(version)).find((candidate) => overlaps(candidate, z, x, y));

  return {
    /** `schedule`: when the build of a tile not cached may run (the asking address's turn, tiles/kit/tileSetRouter.ts). */
    async getTile(z: number, x: number, y: number, schedule: ScheduleBuild = buildNow): Promise<EncodedTile> {
      // Outside every grid: empty, without a build or a cache entry (a flood of them keeps no one's tiles out of the cache).
      if (!(await gridUnder(deps.dataVersion.known() ?? (await deps.dataVersion.current()), z, x, y))) return EMPTY;
      return cache.get(`${z}/${x}/${y}`, (version) =>
        schedule(async () => {
          const grid = await gridUnder(version, z, x, y);
          return grid ? buildContourTile(grid, version, z, x, y) : EMPTY;
        }),
      );
    },
  };
}

function overlaps({ bounds }: ElevationGrid, z: number, x: number, y: number): boolean {
  return tileToLon(x + 1, z) > bounds.west && tileToLon(x, z) < bounds.east && tileToLat(y + 1, z) < bounds.north && tileToLat(y, z) > bounds.south;
}

function buildContourTile(grid: ElevationGrid, version: number, z: number, x: number, y: number): EncodedTile {
  // Sample i sits at tile unit -GRID_MARGIN + i * step; d3-contour puts sample i at coordinate i + 0.5.
  const size = GRID_CELLS + 1;
  const step = (EXTENT + 2 * GRID_MARGIN) / GRID_CELLS;
  const values = new Float64Array(size * size);
  let lo = Infinity;
  let hi = -Infinity;
  for (let j = 0; j < size; j += 1) {
    const lat = tileToLat(y + (-GRID_MARGIN + j * step) / EXTENT, z);
    for (let i = 0; i < size; i += 1) {
      const v = heightAt(grid, tileToLon(x + (-GRID_MARGIN + i * step) / EXTENT, z), lat);
      values[j * size + i] = v;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  }
  const interval = z >= MINOR_LINES_ZOOM ? 1 : 5;
  // Levels strictly above the lowest sample: a flat water surface gets no line along its shore.
  const levels: number[] = [];
  for (let level = Math.floor(lo / interval) * interval + interval; level <= hi; level += interval) levels.push(level);
  if (levels.length === 0) return { kind: 'empty' };

  const features: TileFeature[] = [];
  const toTile = (g: number) => -GRID_MARGIN + (g - 0.5) * step;
  for (const band of contours().size([size, size]).thresholds(levels)(Array.from(values))) {
    const lines: [number, number][][] = [];
    for (const polygon of band.coordinates) {
      for (const ring of polygon) {
        const points = ring.map(([gx, gy]) => [Math.round(toTile(gx!)), Math.round(toTile(gy!))] as [number, number]);
        lines.push(...clipLine(points, -BUFFER, EXTENT + BUFFER));
      }
    }
    if (lines.length > 0) features.push({ type: 2, geometry: lines, tags: { ele: band.value, index: contourIndex(band.value) } });
  }
  if (features.length === 0) return { kind: 'empty' };
  const pbf = fromGeojsonVt({ [CONTOUR_SOURCE_LAYER]: { features } as never }, { version: 2, extent: EXTENT });
  const body = gzipSync(pbf);
  const etag = `"c${version}-${createHash('sha1').update(body).digest('base64url')}"`;
  return { kind: 'tile', body, etag };
}

/** The parts of a polyline inside the square [min, max]², cut where it crosses the edges. */
export function clipLine(points: readonly [number, number][], min: number, max: number): [number, number][][] {
  const inside = (p: readonly [number, number]) => p[0] >= min && p[0] <= max && p[1] >= min && p[1] <= max;
  const runs: [number, number][][] = [];
  let run: [number, number][] = [];
  const flush = () => {
    const cleaned = run.filter((p, k) => k === 0 || p[0] !== run[k - 1]![0] || p[1] !== run[k - 1]![1]);
    if (cleaned.length >= 2) runs.push(cleaned);
    run = [];
  };
  for (let k = 0; k < points.length; k += 1) {
    const p = points[k]!;
    const prev = points[k - 1];
    if (inside(p)) {
      if (prev && !inside(prev)) run.push(crossing(prev, p, min, max));
      run.push(p);
    } else if (prev && inside(prev)) {
      run.push(crossing(p, prev, min, max));
      flush();
    }
  }
  flush();
  return runs;
}

/** Where the segment from `outside` to `inside` enters the square. */
function crossing(outside: readonly [number, number], inside: readonly [number, number], min: number, max: number): [number, number] {
  let t = 0;
  for (const axis of [0, 1] as const) {
    const a = outside[axis];
    const b = inside[axis];
    if (a < min) t = Math.max(t, (min - a) / (b - a));
    if (a > max) t = Math.max(t, (max - a) / (b - a));
  }
  return [Math.round(outside[0] + (inside[0] - outside[0]) * t), Math.round(outside[1] + (inside[1] - outside[1]) * t)];
}
