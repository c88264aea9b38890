// Cached parcel tile throughput (issue #4 point 6, #7 points 2–3): the running API (server.ts, the
// production path with the cached-tile hot path in front of Express) against a raw node:http server
// (rawTileServer.ts, its own process) answering the same paths with the same bytes and headers,
// both on loopback under wrk at 50 connections rotating over the tiles of the initial map view
// (z13) and of one zoom step in (z14), every tile warmed first. Each server first gets an untimed
// run (steady state: optimized code, a grown young generation, open connections), then raw and
// API take turns in adjacent pairs, the first of each pair alternating, and the ratio is the
// median of the pairs' ratios: the shared machine's speed changes within a minute (seen: a
// process at 45,000 req/s one run and 37,000 the next, raw alike), which moves one pair, not the
// figure. The Express route alone (a query string bypasses the hot path) is reported to show what
// the hot path saves.
// At 50 connections latency is bounded below by 50 / throughput (Little's law): p99 ≤ 10 ms needs
// well over 5,000 req/s.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// The configuration's module, not remote-map's defaults: those import the shared package's index, whose components import CSS that Node cannot load.
import { DEFAULT_INITIAL_VIEW } from '../shared/src/config/runtimeConfig.ts';
import { waitForWarmTiles } from '../api-server/src/testing/waitForWarmTiles.ts';
import { get } from './lib/http.ts';
import { combineRuns, CONNECTIONS, load, type LoadRun } from './lib/load.ts';
import { viewTilePaths } from './lib/mapView.ts';
import { startTsProcess, stopProcess } from './lib/processes.ts';
import type { RawTile } from './rawTileServer.ts';
import { atMost, ratioRow, type BenchRow } from './lib/report.ts';
import { summarize } from './lib/stats.ts';

/** Adjacent raw/API pairs timed (odd, so the median is one pair's ratio). */
const PAIRS = 3;
/** The untimed first run of each server. */
const WARM_UP_SECONDS = 2;
// Headers node:http writes itself.
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

export interface TileThroughput {
  /** The tiles loaded (non-empty ones of the views), with their gzipped sizes. */
  tiles: { path: string; bytes: number }[];
  raw: LoadRun;
  hotPath: LoadRun;
  /** API / raw of each timed pair, in order. */
  pairRatios: number[];
  expressRoute: LoadRun;
  rows: BenchRow[];
}

/** The initial map view's z13 tiles and the z14 tiles of the same centre one zoom step in. */
export function benchTilePaths(): string[] {
  const { lng, lat, zoom } = DEFAULT_INITIAL_VIEW;
  return [...viewTilePaths({ lng, lat, zoom }), ...viewTilePaths({ lng, lat, zoom: zoom + 1 })];
}

/** The API's answers to `paths` against a raw node:http server sending the same bytes and headers, in adjacent pairs. */
export interface RawComparison {
  /** The paths that answered bytes (empty tiles, 204, are left out), with the API's response headers. */
  tiles: RawTile[];
  raw: LoadRun;
  api: LoadRun;
  /** API / raw of each timed pair, in order. */
  pairRatios: number[];
}

/**
 * Each path fetched once (a tile set that builds tiles caches it then), its bytes and headers handed
 * to a raw node:http server on `rawPort`, then both loaded by turns as the file's header says.
 */
export async function compareWithRawServer(apiOrigin: string, rawPort: number, tilePaths: readonly string[], headers: Record<string, string>, apiName: string): Promise<RawComparison> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'tiles-bench-'));
  let raw: ChildProcess | undefined;
  try {
    const tiles: RawTile[] = [];
    for (const [index, tilePath] of tilePaths.entries()) {
      const warm = await get(`${apiOrigin}${tilePath}`, headers);
      if (warm.status === 204) continue;
      if (warm.status !== 200) throw new Error(`GET ${tilePath} answered ${warm.status}`);
      const file = path.join(scratch, `${index}.tile`);
      writeFileSync(file, warm.body);
      tiles.push({ path: tilePath, file, headers: Object.fromEntries(Object.entries(warm.headers).filter(([name]) => !PER_RESPONSE.has(name))) });
    }
    const paths = tiles.map((tile) => tile.path);
    const manifest = path.join(scratch, 'tiles.json');
    writeFileSync(manifest, JSON.stringify(tiles));
    raw = (await startTsProcess(['bench/rawTileServer.ts', String(rawPort), manifest], {}, 'raw server ready', 60_000)).child;
    const loadRaw = (seconds?: number) => load('raw node:http', `http://127.0.0.1:${rawPort}`, paths, { headers, seconds });
    const loadApi = (seconds?: number) => load(apiName, apiOrigin, paths, { headers, seconds });
    await loadRaw(WARM_UP_SECONDS);
    await loadApi(WARM_UP_SECONDS);
    const rawRuns: LoadRun[] = [];
    const apiRuns: LoadRun[] = [];
    const pairRatios: number[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const rawFirst = pair % 2 === 0;
      const first = await (rawFirst ? loadRaw() : loadApi());
      const second = await (rawFirst ? loadApi() : loadRaw());
      const [rawPairRun, apiPairRun] = rawFirst ? [first, second] : [second, first];
      rawRuns.push(rawPairRun);
      apiRuns.push(apiPairRun);
      pairRatios.push(apiPairRun.requestsPerSecond / rawPairRun.requestsPerSecond);
    }
    return { tiles, raw: combineRuns(rawRuns), api: combineRuns(apiRuns), pairRatios };
  } finally {
    if (raw) await stopProcess(raw);
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** `jwt`: a session's token — parcel tiles are served to sessions only, and the map sends it with each. */
export async function benchTileThroughput(apiOrigin: string, rawPort: number, jwt: string): Promise<TileThroughput> {
  // The raw server gets the same request bytes, though it reads no header.
  const headers = { Authorization: `Bearer ${jwt}` };
  // A steady state: the API's start-up read of the parcels is over before anything is timed.
  await waitForWarmTiles(apiOrigin);
  const { tiles, raw: rawRun, api: hotPath, pairRatios } = await compareWithRawServer(apiOrigin, rawPort, benchTilePaths(), headers, 'API tile (hot path)');
  const paths = tiles.map((tile) => tile.path);
  const expressRoute = await load('API tile (Express route only)', apiOrigin, paths.map((tilePath) => `${tilePath}?via=express`), { headers });
  const sizes = tiles.map((tile) => ({ path: tile.path, bytes: Number(tile.headers['content-length']) }));
  const totalKb = sizes.reduce((sum, tile) => sum + tile.bytes, 0) / 1024;
  const section = 'tiles';
  const perSecond = (run: LoadRun) => `${run.requestsPerSecond.toLocaleString('en-US')} req/s`;
  return {
    tiles: sizes,
    raw: rawRun,
    hotPath,
    pairRatios,
    expressRoute,
    rows: [
      ratioRow(section, `cached tile throughput, ${CONNECTIONS} conns`, summarize(pairRatios).p50, 0.8, 'raw node:http',
        `median of ${PAIRS} adjacent pairs (${pairRatios.map((ratio) => ratio.toFixed(2)).join(', ')}); ${paths.length} z13/z14 tiles of the initial view (mean ${(totalKb / sizes.length).toFixed(1)} KB): API ${perSecond(hotPath)}, raw ${perSecond(rawRun)}; Express route alone ${perSecond(expressRoute)}`),
      atMost(section, `cached tile p99, ${CONNECTIONS} conns`, hotPath.p99Ms, 'ms', 10, `p50 ${hotPath.p50Ms} ms; raw node:http p50 ${rawRun.p50Ms} ms, p99 ${rawRun.p99Ms} ms`),
    ],
  };
}
