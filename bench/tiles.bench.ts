// Cached parcel tile throughput (issue 4, point 6): the real API (server.ts — the production path,
// PGlite with the demo county, the cached-tile hot path in front of Express) against a raw
// node:http server answering the same bytes with the same headers, each in its own process on
// loopback, autocannon 50 connections × 10 s against one warmed z14 tile. Also runs the Express
// route alone (a query string bypasses the hot path) to show what the hot path saves.
// Targets: API/raw ≥ 0.8 req/s, API p99 ≤ 10 ms. Writes bench/results-tiles.json.
//   npm run bench:tiles                         (BENCH_DATA_DIR defaults to .data/pglite-bench;
//                                                the first run seeds the demo county there)
// At 50 connections latency is bounded below by 50 / throughput (Little's law): p99 ≤ 10 ms needs
// well over 5,000 req/s, and on two shared cores autocannon's own parsing of ~50 KB responses
// caps the rate below that, for the raw server as much as for the API.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEMO_CENTRE } from '../api-server/src/demo/demoCounty.ts';
import { lonLatToTile } from '../api-server/src/tiles/tileMath.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DATA_DIR = process.env.BENCH_DATA_DIR ?? path.join(ROOT, '.data/pglite-bench');
const API_PORT = Number(process.env.BENCH_API_PORT ?? 4190);
const RAW_PORT = API_PORT + 1;
const CONNECTIONS = 50;
const DURATION_S = 10;
const TARGET_RATIO = 0.8;
const TARGET_P99_MS = 10;
// Headers node:http writes itself.
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Run {
  target: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

function startProcess(args: string[], env: Record<string, string>, readyText: string, timeoutMs: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    const timer = setTimeout(() => reject(new Error(`${args[0]} not ready after ${timeoutMs} ms`)), timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString('utf8').includes(readyText)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)));
  });
}

function get(url: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function load(target: string, url: string): Promise<Run> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    target,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main() {
  // BENCH_TILE=z/x/y picks another tile (default: the z14 tile under the initial map centre).
  const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 14);
  const tilePath = `/tiles/${process.env.BENCH_TILE ?? `14/${x}/${y}`}.pbf`;
  const loadBefore = loadavg().map((value) => Math.round(value * 100) / 100);
  console.log(`load average before: ${loadBefore.join(' ')}; API data in ${DATA_DIR}`);

  const api = await startProcess(['api-server/src/server.ts'], { PORT: String(API_PORT), DATA_DIR, LOG_LEVEL: 'warn' }, 'API listening', 15 * 60_000);
  let raw: ChildProcess | undefined;
  try {
    const warm = await get(`http://127.0.0.1:${API_PORT}${tilePath}`);
    if (warm.status !== 200) throw new Error(`warming ${tilePath} answered ${warm.status}`);
    const headers = Object.fromEntries(Object.entries(warm.headers).filter(([name]) => !PER_RESPONSE.has(name)));
    const scratch = mkdtempSync(path.join(tmpdir(), 'tiles-bench-'));
    writeFileSync(path.join(scratch, 'tile.pbf'), warm.body);
    writeFileSync(path.join(scratch, 'headers.json'), JSON.stringify(headers));
    raw = await startProcess(['bench/rawTileServer.ts', String(RAW_PORT), path.join(scratch, 'tile.pbf'), path.join(scratch, 'headers.json')], {}, 'raw server ready', 60_000);

    const runs: Run[] = [];
    runs.push(await load('raw node:http', `http://127.0.0.1:${RAW_PORT}${tilePath}`));
    runs.push(await load('API (hot path)', `http://127.0.0.1:${API_PORT}${tilePath}`));
    runs.push(await load('API Express route only', `http://127.0.0.1:${API_PORT}${tilePath}?via=express`));
    const [rawRun, apiRun, expressRun] = runs as [Run, Run, Run];
    const ratio = Math.round((apiRun.requestsPerSecond / rawRun.requestsPerSecond) * 100) / 100;
    const expressRatio = Math.round((expressRun.requestsPerSecond / rawRun.requestsPerSecond) * 100) / 100;
    const loadAfter = loadavg().map((value) => Math.round(value * 100) / 100);

    console.table(runs);
    console.log(`tile ${tilePath}: ${warm.body.length} bytes gzipped`);
    console.log(`API/raw req/s ratio ${ratio} (target ≥ ${TARGET_RATIO}); Express route alone ${expressRatio}`);
    console.log(`API p99 ${apiRun.p99Ms} ms (target ≤ ${TARGET_P99_MS} ms); load average after: ${loadAfter.join(' ')}`);
    const results = {
      measuredAt: new Date().toISOString(),
      tile: tilePath,
      tileBytes: warm.body.length,
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAfter,
      runs,
      ratio,
      expressRouteRatio: expressRatio,
      targets: { ratio: TARGET_RATIO, p99Ms: TARGET_P99_MS },
      met: { ratio: ratio >= TARGET_RATIO, p99: apiRun.p99Ms <= TARGET_P99_MS },
    };
    writeFileSync(path.join(ROOT, 'bench/results-tiles.json'), `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    raw?.kill('SIGTERM');
    api.kill('SIGTERM');
  }
}

await main();
