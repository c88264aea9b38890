// Parcel tile sizes and cold build times per zoom over a whole data set (issue #4 point 4, #7 point 2):
// every tile covering the data at z10–z13, and at z14–z18 the tiles under a sample of parcel
// centroids (every Nth parcel by PIN, so dense towns weigh as they do on the map). Every tile is
// built once from an empty cache, so each build time is a cold build (database query, geojson-vt,
// vt-pbf, gzip) after the data version's parcels are in memory (tiles/tileParcels.ts), measured
// in-process on the database the API would read. `npx tsx bench/tileSizesCli.ts` runs these rows alone.
import type { Db } from '../database/src/db.ts';
import { createDatasetsRepository } from '../api-server/src/features/datasets/datasetsRepository.ts';
import { createParcelTilesRepository } from '../api-server/src/tiles/parcels/parcelTilesRepository.ts';
import { lonLatToTile } from '../api-server/src/tiles/kit/tileMath.ts';
import { createDataVersion } from '../api-server/src/platform/cache/dataVersion.ts';
import { createParcelTilesService } from '../api-server/src/tiles/parcels/parcelTilesService.ts';
import { createMemoryTileSource } from '../api-server/src/tiles/parcels/memoryTileSource.ts';
import { atMost, round, type BenchRow } from './lib/report.ts';
import { summarize } from './lib/stats.ts';

const SAMPLES_PER_HIGH_ZOOM = Number(process.env.TILE_SAMPLES ?? 150);
const MAX_TILE_KB = 500;
const COLD_BUILD_BUDGET_MS: Record<number, number> = { 10: 300, 14: 30 };

export interface ZoomStats {
  zoom: number;
  tiles: number;
  empty: number;
  avgKB: number;
  maxKB: number;
  maxTile: string;
  buildMs: { p50: number; p95: number; max: number };
}

export async function measureTileSizes(db: Db): Promise<ZoomStats[]> {
  const parcels = createParcelTilesRepository(db);
  const datasets = createDatasetsRepository(db);
  const { rows: extentRows } = await db.query<{ west: number; south: number; east: number; north: number }>(
    'SELECT min(min_lon) AS west, min(min_lat) AS south, max(max_lon) AS east, max(max_lat) AS north FROM parcels',
  );
  const box = extentRows[0]!;
  const { rows: centroids } = await db.query<{ lng: number; lat: number }>(
    `SELECT centroid_lon AS lng, centroid_lat AS lat FROM (
       SELECT centroid_lon, centroid_lat, row_number() OVER (ORDER BY pin) AS n, count(*) OVER () AS total FROM parcels
     ) numbered WHERE n % greatest(1, total / $1) = 0`,
    [SAMPLES_PER_HIGH_ZOOM],
  );

  // One service with a one-entry cache: every tile below is distinct, so each is built cold. The
  // current version's parcels are loaded into memory first, as in a running API after its first tiles.
  const readVersion = () => datasets.dataVersion();
  const service = createParcelTilesService({ chooseSource: async () => createMemoryTileSource({ parcels, readVersion }), dataVersion: createDataVersion({ read: readVersion }), cacheEntries: 1 });
  const loadStarted = performance.now();
  await service.loadCurrentVersion();
  console.error(`[bench] tile parcels of the current data version in memory after ${Math.round(performance.now() - loadStarted)} ms`);
  const stats: ZoomStats[] = [];
  for (let zoom = 10; zoom <= 18; zoom += 1) {
    const tiles = new Map<string, [number, number]>();
    if (zoom <= 13) {
      const nw = lonLatToTile(box.west, box.north, zoom);
      const se = lonLatToTile(box.east, box.south, zoom);
      for (let x = nw.x; x <= se.x; x += 1) for (let y = nw.y; y <= se.y; y += 1) tiles.set(`${x}/${y}`, [x, y]);
    } else {
      for (const c of centroids) {
        const { x, y } = lonLatToTile(c.lng, c.lat, zoom);
        tiles.set(`${x}/${y}`, [x, y]);
      }
    }
    const sizes: number[] = [];
    const builds: number[] = [];
    let empty = 0;
    let maxTile = '';
    let maxBytes = 0;
    for (const [x, y] of tiles.values()) {
      const started = performance.now();
      const tile = await service.getTile(zoom, x, y);
      builds.push(performance.now() - started);
      if (tile.kind === 'empty') {
        empty += 1;
        continue;
      }
      sizes.push(tile.body.length);
      if (tile.body.length > maxBytes) {
        maxBytes = tile.body.length;
        maxTile = `${zoom}/${x}/${y}`;
      }
    }
    const { p50, p95, max } = summarize(builds);
    stats.push({
      zoom,
      tiles: tiles.size,
      empty,
      avgKB: round(sizes.reduce((sum, bytes) => sum + bytes, 0) / Math.max(1, sizes.length) / 1024),
      maxKB: round(maxBytes / 1024),
      maxTile,
      buildMs: { p50, p95, max },
    });
  }
  return stats;
}

/** One size row per data set (the largest tile of any zoom, each zoom's largest in the detail). */
export function tileSizeRow(section: string, dataset: string, stats: ZoomStats[]): BenchRow {
  const largest = stats.reduce((a, b) => (b.maxKB > a.maxKB ? b : a));
  const perZoom = stats.map((zoom) => `z${zoom.zoom} ${Math.round(zoom.maxKB)}`).join(' · ');
  return atMost(section, `largest gzipped tile, ${dataset}`, largest.maxKB, 'KB', MAX_TILE_KB, `${largest.maxTile}; max KB per zoom: ${perZoom}`);
}

/** Cold build rows for the budgeted zooms, judged on the 95th percentile of the sampled tiles (p50 and the slowest in the detail). */
export function coldBuildRows(section: string, dataset: string, stats: ZoomStats[]): BenchRow[] {
  return Object.entries(COLD_BUILD_BUDGET_MS).map(([zoom, budget]) => {
    const row = stats.find((candidate) => candidate.zoom === Number(zoom))!;
    return atMost(
      section,
      `cold z${zoom} tile build p95, ${dataset}`,
      round(row.buildMs.p95),
      'ms',
      budget,
      `${row.tiles} tiles; p50 ${round(row.buildMs.p50)} ms, slowest ${round(row.buildMs.max)} ms`,
    );
  });
}
