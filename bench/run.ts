// `npm run bench`: every measurement of issue #7 in one run against production builds, each row a
// budget or a ratio to a baseline measured in the same run. Writes bench/results.json and prints
// the table. `npm run bench -- api frontend` runs some sections only (written to
// bench/results-<sections>.json); `v8` checks what V8 makes of the hot path's fixes (v8States.bench.ts);
// `finder` is issue #24's rows alone (they are part of `api` too);
// `scale` (issue #23's whole state on PostgreSQL, SCALE_PARCELS lots) and `imagery` (issue #41's
// orthophoto import and tiles, imagery.bench.ts) and `edge` (issue #45's shared tile cache: nginx in front
// of two instances on PostgreSQL, edgeCache.bench.ts) run only when named. Sections run in this order; the API and front ends are started
// by scripts/start.mjs (which builds stale front ends) as separate processes on
// PARCEL_MAP_PORT_OFFSET, with their data in .data/bench-<offset>.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { originOf, PORTS } from '../scripts/ports.mjs';
import { buildCompiledServers } from '../scripts/productServers.mjs';
import { openPgliteDb } from '../database/src/pgliteDb.ts';
import { benchParcelApi, pinsAroundCentre } from './api.bench.ts';
import { benchParcelFinder } from './parcelFinder.bench.ts';
import { benchScale } from './scale.bench.ts';
import { benchDemoSeed } from './demoSeed.bench.ts';
import { benchEdgeCache } from './edgeCache.bench.ts';
import { benchFrontEnd } from './frontend.bench.ts';
import { benchImagery } from './imagery.bench.ts';
import { benchImports } from './imports.bench.ts';
import { benchLivePublish } from './livePublish.bench.ts';
import { ROOT, startProcess, stopProcess } from './lib/processes.ts';
import { check, failedRow, formatTable, type BenchRow } from './lib/report.ts';
import { benchEmail, signInForJwt } from './lib/signIn.ts';
import { UNREACHED_RATE_LIMITS } from './lib/unreachedRateLimits.ts';
import { benchSavedParcelLists } from './savedParcelsModes.ts';
import { benchTileThroughput } from './tiles.bench.ts';
import { coldBuildRows, measureTileSizes, tileSizeRow } from './tileSizes.ts';
import { benchExpressPrototypes, benchTickObjectShape } from './v8States.bench.ts';

const SECTIONS = ['v8', 'seed', 'data', 'saved', 'api', 'finder', 'frontend', 'scale', 'imagery', 'edge'] as const;
type Section = (typeof SECTIONS)[number];
/**
 * Run only when named: `scale` needs PostgreSQL, ~8 GB of disk and most of an hour; `imagery` writes a
 * 1.2 GB orthophoto and tiles it (IMAGERY_BENCH_PIXELS chooses a smaller one); `edge` needs PostgreSQL
 * (TEST_DATABASE_URL) and Debian's nginx.
 */
const ON_DEMAND: readonly Section[] = ['scale', 'imagery', 'edge'];
const BY_DEFAULT = SECTIONS.filter((name) => !ON_DEMAND.includes(name));

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !SECTIONS.includes(name as Section));
if (unknown.length > 0) throw new Error(`unknown section(s) ${unknown.join(', ')}; sections: ${SECTIONS.join(', ')}`);
const sections = new Set<Section>(requested.length > 0 ? (requested as Section[]) : BY_DEFAULT);
/** The sections that read the demo county's PGlite directory (seeded first when missing). */
const needsDemoCounty = [...sections].some((name) => name !== 'scale' && name !== 'v8' && name !== 'imagery' && name !== 'edge');

const offset = process.env.PARCEL_MAP_PORT_OFFSET ?? '0';
const dataDir = path.join(ROOT, `.data/bench-${offset}`);
const pgliteDir = path.join(dataDir, 'pglite');
const rawTilePort = 4200 + Number(offset);
const rows: BenchRow[] = [];
const details: Record<string, unknown> = {};
const loadBefore = loadavg();

// `scale` and `edge` run the compiled API (hardening/support/apiOnDatabase.ts): measured, it is the code checked out, not an older build.
if (sections.has('scale') || sections.has('edge')) buildCompiledServers();

/** Runs one measurement; a failure becomes a failed row and the run goes on. */
async function measure(section: string, name: string, fn: () => Promise<void>) {
  console.error(`[bench] ${name}…`);
  const started = performance.now();
  try {
    await fn();
  } catch (error) {
    console.error(error);
    rows.push(failedRow(section, name, error));
  }
  console.error(`[bench] ${name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (sections.has('v8')) {
  await measure('v8', 'tick objects in V8', async () => {
    rows.push(...(await benchTickObjectShape()));
  });
  await measure('v8', 'Express requests and responses in V8', async () => {
    rows.push(...(await benchExpressPrototypes()));
  });
}

if (sections.has('seed') || (needsDemoCounty && !existsSync(path.join(pgliteDir, 'PG_VERSION')))) {
  await measure('data', 'demo county seed', async () => {
    rows.push(...(await benchDemoSeed(pgliteDir, PORTS.api)));
  });
}

if (sections.has('data')) {
  await measure('tiles', 'demo county tile sizes and cold builds', async () => {
    const db = await openPgliteDb(pgliteDir);
    try {
      const stats = await measureTileSizes(db);
      rows.push(tileSizeRow('tiles', 'demo county', stats), ...coldBuildRows('tiles', 'demo county', stats));
      details.demoCountyTiles = stats;
    } finally {
      await db.close();
    }
  });
  await measure('data', 'imports and Cambridge tile sizes', async () => {
    const result = await benchImports();
    rows.push(...result.rows);
    details.imports = result.reports;
    details.cambridgeTiles = result.cambridgeTiles;
  });
}

if (sections.has('saved')) {
  await measure('api', 'saved-parcel lists', async () => {
    const result = await benchSavedParcelLists();
    rows.push(...result.rows);
    details.savedParcelLists = result.results;
  });
}

if (sections.has('scale')) {
  await measure('scale', 'a whole state on PostgreSQL', async () => {
    const result = await benchScale();
    rows.push(...result.rows);
    details.scale = result.details;
  });
}

if (sections.has('imagery')) {
  await measure('imagery', 'an orthophoto imported and served', async () => {
    const result = await benchImagery(PORTS.api, rawTilePort);
    rows.push(...result.rows);
    details.imagery = result.details;
  });
}

/** Ports of this offset another process already holds (a copy on an offset under 4 away shares some). */
if (sections.has('edge')) {
  await measure('edge cache', 'one tile cache for two instances', async () => {
    const edge = await benchEdgeCache(Number(offset), process.env.TEST_DATABASE_URL || undefined);
    rows.push(...edge.rows);
    details.edgeCache = edge.runs;
  });
}

async function busyPorts(): Promise<number[]> {
  const ports = Object.values(PORTS);
  const busy = await Promise.all(ports.map((port) => fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) }).then(() => true, () => false)));
  return ports.filter((_, i) => busy[i]);
}

if (sections.has('api') || sections.has('finder') || sections.has('frontend')) {
  const busy = await busyPorts();
  if (busy.length > 0) rows.push(check('setup', 'product ports free', false, `already in use: ${busy.join(', ')} — the servers there are not this run's`));
  // wrk floods the details route by design: its rate limits are set beyond the run (their cost per request stays in).
  const product = await startProcess(process.execPath, ['scripts/start.mjs'], { PARCEL_MAP_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...UNREACHED_RATE_LIMITS }, 'Parcel Map is ready', 15 * 60_000);
  // However this process ends, the product it started goes with it.
  process.on('exit', () => product.child.kill('SIGTERM'));
  const identity = originOf(PORTS.identity);
  const host = originOf(PORTS.host);
  try {
    if (sections.has('api')) {
      await measure('tiles', 'tile and parcel API load', async () => {
        const tiles = await benchTileThroughput(originOf(PORTS.api), rawTilePort, await signInForJwt(identity, host, benchEmail('tiles')));
        rows.push(...tiles.rows);
        // A session of its own, fresh for the rest: a session JWT lives five minutes.
        const jwt = await signInForJwt(identity, host, benchEmail('api'));
        const parcelApi = await benchParcelApi(originOf(PORTS.api), jwt, tiles.hotPath);
        rows.push(...parcelApi.rows);
        rows.push(...(await benchParcelFinder(originOf(PORTS.api), jwt, parcelApi.pins)));
        rows.push(...(await benchLivePublish(originOf(PORTS.api), pgliteDir, jwt)));
        details.apiLoad = { tiles: tiles.tiles, pairRatios: tiles.pairRatios, runs: [tiles.raw, tiles.hotPath, tiles.expressRoute, parcelApi.detailsLoad] };
      });
    }
    if (sections.has('finder') && !sections.has('api')) {
      await measure('api', 'parcel finder', async () => {
        const jwt = await signInForJwt(identity, host, benchEmail('finder'));
        const pins = await pinsAroundCentre(originOf(PORTS.api), { Authorization: `Bearer ${jwt}` });
        rows.push(...(await benchParcelFinder(originOf(PORTS.api), jwt, pins)));
      });
    }
    if (sections.has('frontend')) {
      await measure('front end', 'front end in Chromium', async () => {
        const frontEnd: Record<string, unknown> = {};
        details.frontEnd = frontEnd;
        await benchFrontEnd({
          host,
          remotes: [originOf(PORTS.remote_auth), originOf(PORTS.remote_map), originOf(PORTS.remote_saved_parcels), originOf(PORTS.remote_data)],
          auth: originOf(PORTS.remote_auth),
          map: originOf(PORTS.remote_map),
          identity,
          email: benchEmail('browser'),
        }, rows, frontEnd);
      });
    }
  } finally {
    await stopProcess(product.child);
  }
}

const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGB: Math.round(totalmem() / 2 ** 30), node: process.version };
const results = {
  measuredAt: new Date().toISOString(),
  machine,
  loadAverage: { before: loadBefore.map((v) => Math.round(v * 100) / 100), after: loadavg().map((v) => Math.round(v * 100) / 100) },
  sections: [...sections],
  passed: rows.filter((row) => row.pass === true).length,
  failed: rows.filter((row) => row.pass === false).length,
  rows,
  details,
};
const file = path.join(ROOT, 'bench', sections.size === BY_DEFAULT.length && !ON_DEMAND.some((name) => sections.has(name)) ? 'results.json' : `results-${[...sections].join('-')}.json`);
await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nParcel Map benchmarks — ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, load average before ${results.loadAverage.before.join(' ')}\n`);
console.log(formatTable(rows));
console.log(`\n${results.passed} passed, ${results.failed} failed; written to ${path.relative(ROOT, file)}`);
if (results.failed > 0) process.exitCode = 1;
