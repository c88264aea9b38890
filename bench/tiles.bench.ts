// Cached parcel tile throughput (issue #4 point 6, #7 point 2): the running API (server.ts, the
// production path with the cached-tile hot path in front of Express) against a raw node:http server
// (rawTileServer.ts, its own process) answering the same bytes with the same headers, both on
// loopback at 50 connections against one warmed z14 tile. The Express route alone (a query string
// bypasses the hot path) is reported to show what the hot path saves.
// At 50 connections latency is bounded below by 50 / throughput (Little's law): p99 ≤ 10 ms needs
// well over 5,000 req/s, and on two shared cores autocannon's own parsing of ~50 KB responses
// caps the rate, for the raw server as much as for the API.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_CENTRE } from '../api-server/src/demo/demoCounty.ts';
import { lonLatToTile } from '../api-server/src/tiles/tileMath.ts';
import { expectOk } from './lib/http.ts';
import { CONNECTIONS, load, type LoadRun } from './lib/load.ts';
import { startTsProcess, stopProcess } from './lib/processes.ts';
import { atMost, ratioRow, type BenchRow } from './lib/report.ts';

// Headers node:http writes itself.
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

export interface TileThroughput {
  tilePath: string;
  tileBytes: number;
  raw: LoadRun;
  hotPath: LoadRun;
  expressRoute: LoadRun;
  rows: BenchRow[];
}

/** The z14 tile under the initial map centre (BENCH_TILE=z/x/y picks another). */
export function benchTilePath(): string {
  const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 14);
  return `/tiles/${process.env.BENCH_TILE ?? `14/${x}/${y}`}.pbf`;
}

export async function benchTileThroughput(apiOrigin: string, rawPort: number): Promise<TileThroughput> {
  const tilePath = benchTilePath();
  const warm = await expectOk(`${apiOrigin}${tilePath}`);
  const headers = Object.fromEntries(Object.entries(warm.headers).filter(([name]) => !PER_RESPONSE.has(name)));
  const scratch = mkdtempSync(path.join(tmpdir(), 'tiles-bench-'));
  let raw: ChildProcess | undefined;
  try {
    writeFileSync(path.join(scratch, 'tile.pbf'), warm.body);
    writeFileSync(path.join(scratch, 'headers.json'), JSON.stringify(headers));
    raw = (await startTsProcess(['bench/rawTileServer.ts', String(rawPort), path.join(scratch, 'tile.pbf'), path.join(scratch, 'headers.json')], {}, 'raw server ready', 60_000)).child;
    const rawRun = await load('raw node:http', `http://127.0.0.1:${rawPort}${tilePath}`);
    await stopProcess(raw);
    const hotPath = await load('API tile (hot path)', `${apiOrigin}${tilePath}`);
    const expressRoute = await load('API tile (Express route only)', `${apiOrigin}${tilePath}?via=express`);
    const section = 'tiles';
    const perSecond = (run: LoadRun) => `${run.requestsPerSecond.toLocaleString('en-US')} req/s`;
    return {
      tilePath,
      tileBytes: warm.body.length,
      raw: rawRun,
      hotPath,
      expressRoute,
      rows: [
        ratioRow(section, `cached tile throughput, ${CONNECTIONS} conns`, hotPath.requestsPerSecond, rawRun.requestsPerSecond, 0.8, 'raw node:http',
          `${tilePath} (${(warm.body.length / 1024).toFixed(1)} KB): API ${perSecond(hotPath)}, raw ${perSecond(rawRun)}; Express route alone ${perSecond(expressRoute)}`),
        atMost(section, `cached tile p99, ${CONNECTIONS} conns`, hotPath.p99Ms, 'ms', 10, `p50 ${hotPath.p50Ms} ms; raw node:http p99 ${rawRun.p99Ms} ms`),
      ],
    };
  } finally {
    if (raw) await stopProcess(raw);
    rmSync(scratch, { recursive: true, force: true });
  }
}
