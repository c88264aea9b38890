// Parcel tile sizes and cold build times per zoom over the whole demo county (issue 4, points 4
// and 6): every tile covering the county at z10–z13, and at z14–z18 the tiles under a sample of
// parcel centroids (every Nth parcel by PIN, so dense towns weigh as they do on the map). Every
// tile is built once from an empty cache, so each build time is a cold build (database query,
// geojson-vt, vt-pbf, gzip). Budgets: ≤ 500 KB gzipped per tile; z14 ≤ 30 ms, z10 ≤ 300 ms.
// Reads a seeded PGlite directory — stop any server using it first:
//   npx tsx bench/tileSizes.ts [DATA_DIR]      (default .data/pglite-bench; writes bench/results-tile-sizes.json)
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createDatasetsRepository } from '../api-server/src/datasets/datasetsRepository.ts';
import { openPgliteDb } from '../api-server/src/db/pgliteDb.ts';
import { createParcelsRepository } from '../api-server/src/parcels/parcelsRepository.ts';
import { lonLatToTile } from '../api-server/src/tiles/tileMath.ts';
import { createTilesService } from '../api-server/src/tiles/tilesService.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DATA_DIR = process.argv[2] ?? process.env.BENCH_DATA_DIR ?? path.join(ROOT, '.data/pglite-bench');
const SAMPLES_PER_HIGH_ZOOM = Number(process.env.TILE_SAMPLES ?? 150);
const MAX_TILE_BYTES = 500 * 1024;
const BUILD_BUDGET_MS: Record<number, number> = { 10: 300, 14: 30 };

interface ZoomStats {
  zoom: number;
  tiles: number;
  empty: number;
  avgKB: number;
  maxKB: number;
  maxTile: string;
  medianBuildMs: number;
  maxBuildMs: number;
  overBudget: number;
}

async function main() {
  const db = await openPgliteDb(DATA_DIR);
  const parcels = createParcelsRepository(db);
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
  console.log(`load average: ${loadavg().map((v) => v.toFixed(2)).join(' ')}; ${DATA_DIR}; county ${JSON.stringify(box)}`);

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
    // A fresh service per zoom: every tile below is built cold.
    const service = createTilesService({ parcels, dataVersion: async () => (await datasets.current())?.id ?? 0, cacheEntries: 1 });
    await service.getTile(zoom, 0, 0); // version lookup outside the timings
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
    builds.sort((a, b) => a - b);
    const budget = BUILD_BUDGET_MS[zoom];
    stats.push({
      zoom,
      tiles: tiles.size,
      empty,
      avgKB: round(sizes.reduce((sum, bytes) => sum + bytes, 0) / Math.max(1, sizes.length) / 1024),
      maxKB: round(maxBytes / 1024),
      maxTile,
      medianBuildMs: round(builds[Math.floor(builds.length / 2)] ?? 0),
      maxBuildMs: round(builds.at(-1) ?? 0),
      overBudget: budget === undefined ? 0 : builds.filter((ms) => ms > budget).length,
    });
    console.log(JSON.stringify(stats.at(-1)));
  }
  await db.close();
  console.table(stats);
  const over = stats.filter((row) => row.maxKB * 1024 > MAX_TILE_BYTES);
  console.log(over.length === 0 ? 'every tile ≤ 500 KB gzipped' : `OVER 500 KB at zooms ${over.map((row) => row.zoom).join(', ')}`);
  writeFileSync(
    path.join(ROOT, 'bench/results-tile-sizes.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), loadAverage: loadavg(), budgets: { maxTileBytes: MAX_TILE_BYTES, buildMs: BUILD_BUDGET_MS }, zooms: stats }, null, 2)}\n`,
  );
}

const round = (value: number) => Math.round(value * 10) / 10;

await main();
