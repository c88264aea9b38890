// `npm run bench:tiles`: the cached-tile throughput rows alone, on a seeded PGlite directory and a
// port of your choice, without the rest of the product (BENCH_DATA_DIR, default .data/pglite-bench,
// seeded on first use; BENCH_API_PORT, default 4180, the raw server on the next port; not 4190, which
// fetch refuses as a "bad port"). Writes bench/results-tiles.json. `npm run bench` runs the same
// measurement inside the full run.
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { ROOT, startApiProcess, stopProcess } from './lib/processes.ts';
import { formatTable } from './lib/report.ts';
import { benchTileThroughput } from './tiles.bench.ts';
import { startTestIdentity } from '../api-server/src/testing/testAuth.ts';

const dataDir = process.env.BENCH_DATA_DIR ?? path.join(ROOT, '.data/pglite-bench');
const apiPort = Number(process.env.BENCH_API_PORT ?? 4180);
const loadBefore = loadavg();
// Parcel tiles are served to sessions only: a signing identity of its own, without the product's, and
// one token for the whole run, so this API accepts a longer lifetime than Stytch's 5 minutes.
const identity = await startTestIdentity();
const api = await startApiProcess(apiPort, dataDir, 15 * 60_000, { JWKS_URL: identity.jwksUrl, JWT_MAX_LIFETIME_SECONDS: '3000' });
try {
  const result = await benchTileThroughput(`http://127.0.0.1:${apiPort}`, apiPort + 1, await identity.sign('bench-tiles', { expiresIn: 3000 }));
  const runs = [result.raw, result.hotPath, result.expressRoute];
  console.table(runs);
  console.log(formatTable(result.rows));
  await writeFile(
    path.join(ROOT, 'bench/results-tiles.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), loadAverage: { before: loadBefore, after: loadavg() }, tiles: result.tiles, pairRatios: result.pairRatios, runs, rows: result.rows }, null, 2)}\n`,
  );
} finally {
  await stopProcess(api.child);
  await identity.close();
}
