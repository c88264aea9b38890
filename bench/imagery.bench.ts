// Imagery (issue #41 point 2): a generated orthophoto of IMAGERY_BENCH_PIXELS² RGB pixels (default
// 20,000², 1.2 GB as a plain GeoTIFF — the real SPOT sample of Chicago, upsampled, in its state plane
// CRS) imported with the import command's own function into a throwaway PGlite directory, timed, with
// the peak memory of the bench and GDAL's processes together; then an API started on it answers map
// tiles it has never read (cold: a fresh process, the page cache dropped where this machine allows it)
// and, once read, the same tiles under load against a raw node:http server sending the same bytes.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importImagery } from '../county-data/src/imagery/importImagery.ts';
import { migrate } from '../database/src/migrate.ts';
import { openPgliteDb } from '../database/src/pgliteDb.ts';
import { lonLatToTile } from '../api-server/src/tiles/kit/tileMath.ts';
import { API_NODE_FLAGS } from '../scripts/apiNodeFlags.mjs';
import { get } from './lib/http.ts';
import { CONNECTIONS } from './lib/load.ts';
import { ROOT, startTsProcess, stopProcess } from './lib/processes.ts';
import { atMost, ratioRow, type BenchRow } from './lib/report.ts';
import { summarize } from './lib/stats.ts';
import { compareWithRawServer } from './tiles.bench.ts';

const SPOT_CHICAGO = path.resolve(ROOT, '../shared/data/imagery/SP27GTIF.tiff');
const PIXELS = Number(process.env.IMAGERY_BENCH_PIXELS ?? 20_000);
const IMPORT_BUDGET_S = 180;
/** Streaming, not holding the image: what the import adds to the bench's own memory (PGlite's included), far under the image's size. */
const MEMORY_BUDGET_MB = 512;
const COLD_P95_BUDGET_MS = 50;
/** Distinct tiles read cold, each once. */
const COLD_TILES = 200;
const MEMORY_SAMPLE_MS = 250;

/** The resident memory of this process and every process under it, in MB. */
function treeRssMb(): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      const pid = Number(entry);
      const parent = Number(fields[1]);
      children.set(parent, [...(children.get(parent) ?? []), pid]);
      rss.set(pid, (Number(fields[21]) * 4096) / 1024 / 1024);
    } catch {
      // The process ended while the list was read.
    }
  }
  let total = 0;
  const pending = [process.pid];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    total += rss.get(pid) ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Whether the kernel's page cache could be dropped (root only): cold reads then come from the disk. */
function dropPageCache(): boolean {
  try {
    execFileSync('sync');
    writeFileSync('/proc/sys/vm/drop_caches', '3');
    return true;
  } catch {
    return false;
  }
}

/** `count` tiles of zoom `z` inside the bbox's middle half, spread over it (none at the edges, where a tile may be empty). */
function tilesInside([west, south, east, north]: readonly number[], z: number, count: number): string[] {
  const inset = (low: number, high: number) => [low + (high - low) / 4, high - (high - low) / 4] as const;
  const [w, e] = inset(west!, east!);
  const [s, n] = inset(south!, north!);
  const from = lonLatToTile(w, n, z);
  const to = lonLatToTile(e, s, z);
  const all: string[] = [];
  for (let x = from.x; x <= to.x; x++) for (let y = from.y; y <= to.y; y++) all.push(`${z}/${x}/${y}`);
  const step = Math.max(1, all.length / count);
  return Array.from({ length: Math.min(count, all.length) }, (_, i) => all[Math.floor(i * step)]!);
}

export async function benchImagery(apiPort: number, rawPort: number): Promise<{ rows: BenchRow[]; details: Record<string, unknown> }> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'parcel-bench-imagery-'));
  const section = 'imagery';
  try {
    const source = path.join(scratch, `orthophoto-${PIXELS}.tif`);
    execFileSync('gdal_translate', ['-q', '-outsize', String(PIXELS), String(PIXELS), '-b', '1', '-b', '1', '-b', '1', '-r', 'bilinear', '-co', 'TILED=YES', '-co', 'BIGTIFF=YES', SPOT_CHICAGO, source]);
    const sourceGb = (await stat(source)).size / 1024 ** 3;

    const pgliteDir = path.join(scratch, 'pglite');
    const imageryDir = path.join(scratch, 'imagery');
    const db = await openPgliteDb(pgliteDir);
    let peakMb = treeRssMb();
    const baselineMb = peakMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, treeRssMb())), MEMORY_SAMPLE_MS);
    let report;
    try {
      await migrate(db);
      report = await importImagery(db, { file: source, name: 'bench-orthophoto', label: 'Bench orthophoto', imageryDir });
    } finally {
      clearInterval(sampler);
      await db.close();
    }
    const seconds = report.timings.totalMs / 1000;
    const rows: BenchRow[] = [
      atMost(section, `import a generated ${PIXELS.toLocaleString('en-US')}² RGB orthophoto (${sourceGb.toFixed(2)} GB)`, Math.round(seconds), 's', IMPORT_BUDGET_S,
        `stored ${(report.storedBytes / 1024 ** 2).toFixed(0)} MB of ${report.tileFormat.toUpperCase()} tiles, zooms ${report.minzoom}–${report.maxzoom}`),
      atMost(section, 'import memory: peak of the bench and GDAL processes over the bench before', Math.round(peakMb - baselineMb), 'MB', MEMORY_BUDGET_MB,
        `peak ${Math.round(peakMb)} MB, the bench alone before ${Math.round(baselineMb)} MB; the source is ${(sourceGb * 1024).toFixed(0)} MB`),
    ];

    const dropped = dropPageCache();
    const api = await startTsProcess([...API_NODE_FLAGS, 'api-server/src/app/server.ts'], { PORT: String(apiPort), DATA_DIR: pgliteDir, IMAGERY_DIR: imageryDir, LOG_LEVEL: 'warn' }, 'API listening', 120_000);
    try {
      const origin = `http://127.0.0.1:${apiPort}`;
      const { imagery } = JSON.parse((await get(`${origin}/api/imagery`)).body.toString()) as { imagery: { tiles: string; bbox: number[]; maxzoom: number }[] };
      const layer = imagery[0]!;
      const tilePath = (zxy: string) => layer.tiles.replace('{z}/{x}/{y}', zxy);
      const cold: number[] = [];
      for (const zxy of tilesInside(layer.bbox, layer.maxzoom, COLD_TILES)) {
        const answer = await get(`${origin}${tilePath(zxy)}`);
        if (answer.status !== 200) throw new Error(`GET ${tilePath(zxy)} answered ${answer.status}`);
        cold.push(answer.ms);
      }
      const coldStats = summarize(cold);
      rows.push(
        atMost(section, `cold tile p95, a fresh API${dropped ? ', page cache dropped' : ' (page cache kept: not root)'}`, coldStats.p95, 'ms', COLD_P95_BUDGET_MS,
          `${cold.length} distinct z${layer.maxzoom} tiles read once each, in turn; p50 ${coldStats.p50} ms, max ${coldStats.max} ms`),
      );
      const cached = await compareWithRawServer(origin, rawPort, tilesInside(layer.bbox, layer.maxzoom, 64).map(tilePath), {}, 'API imagery tile');
      const meanKb = cached.tiles.reduce((sum, tile) => sum + Number(tile.headers['content-length']), 0) / 1024 / cached.tiles.length;
      rows.push(
        ratioRow(section, `cached tile throughput, ${CONNECTIONS} conns`, summarize(cached.pairRatios).p50, 0.8, 'raw node:http',
          `median of the pairs (${cached.pairRatios.map((ratio) => ratio.toFixed(2)).join(', ')}); ${cached.tiles.length} z${layer.maxzoom} tiles (mean ${meanKb.toFixed(1)} KB): API ${cached.api.requestsPerSecond.toLocaleString('en-US')} req/s, raw ${cached.raw.requestsPerSecond.toLocaleString('en-US')} req/s; API p99 ${cached.api.p99Ms} ms`),
      );
      return { rows, details: { pixels: PIXELS, sourceGb, importSeconds: seconds, peakMb, cold: coldStats, pageCacheDropped: dropped, cachedPairRatios: cached.pairRatios } };
    } finally {
      await stopProcess(api.child);
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
