// A whole state on one machine (issue #23 point 4), on demand only: `npm run bench -- scale`. Generates
// a county of SCALE_PARCELS lots (5,000,000 by default) as GeoJSONSeq and as a GeoJSON FeatureCollection,
// imports each with the import CLI into a fresh PostgreSQL database (its peak RSS sampled from /proc),
// then serves it: the API's time to answer, its RSS, cold z14 tiles, parcel details and search, and
// issue #42's rows (scaleLists.bench.ts): search with typos, towns and ZIP codes, a query with three
// filters and its whole list as CSV, other users while heavy queries and CSVs are in flight; and typo
// corrections against a state's words (typoCorrections.bench.ts).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openPgDb } from '../database/src/pgDb.ts';
import { createParcelMvtRepository } from '../api-server/src/tiles/parcels/parcelMvtRepository.ts';
import { API_NODE_FLAGS } from '../scripts/apiNodeFlags.mjs';
import { spawnApiOn } from '../hardening/support/apiOnDatabase.ts';
import { waitUntilAnswering, RUN_TYPESCRIPT } from '../hardening/support/childProcesses.ts';
import { startIdentityUnderTest } from '../hardening/support/identityUnderTest.ts';
import type { ImportReport } from '../shared/src/datasets/importContract.ts';
import { GENERATED_LOTS_VERSION, generatedLot, generatedPin, writeGeneratedParcels, type GeneratedFormat } from './generatedParcels.ts';
import { expectOk, get } from './lib/http.ts';
import { ROOT } from './lib/processes.ts';
import { atLeast, atMost, reported, round, type BenchRow } from './lib/report.ts';
import { summarize } from './lib/stats.ts';
import { UNREACHED_RATE_LIMITS } from './lib/unreachedRateLimits.ts';
import { COLD_TILE_P95_BUDGET_MS, coldTileChoice, SCALE_ORIGIN, spreadLot } from './scaleCounty.ts';
import { benchHeavyQueries, benchThreeFilters, benchTypedWithTypos, benchWholeListCsv } from './scaleLists.bench.ts';
import { benchTypoCorrections } from './typoCorrections.bench.ts';

const PARCELS = Number(process.env.SCALE_PARCELS ?? 5_000_000);
/** Where PostgreSQL answers; the bench creates (and drops first) its own database there, named after this one (two runs on one server each keep theirs). */
const ADMIN_URL = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = `parcel_map_scale_${new URL(ADMIN_URL).pathname.slice(1).replace(/[^a-z0-9_]/gi, '_')}`;
const API_PORT = 4290 + Number(process.env.PARCEL_MAP_PORT_OFFSET ?? 0);
/** SCALE_SERVE_ONLY=true: the serving rows alone, on the database an earlier run imported (kept until the next run). */
const SERVE_ONLY = process.env.SCALE_SERVE_ONLY === 'true';
/** SCALE_FORMATS=geojsonseq: one import instead of both (at 20,000,000 parcels each takes about an hour). */
const FORMATS = parseFormats(process.env.SCALE_FORMATS ?? 'geojsonseq,geojson');

const BUDGET = { parcelsPerSecond: 20_000, importerRssMb: 1_500, readyMs: 30_000, coldTileP95Ms: COLD_TILE_P95_BUDGET_MS, largestTileKb: 500, detailsP50Ms: 2, searchP50Ms: 20 };

export async function benchScale(): Promise<{ rows: BenchRow[]; details: Record<string, unknown> }> {
  const rows: BenchRow[] = [];
  const details: Record<string, unknown> = { parcels: PARCELS };
  const databaseUrl = SERVE_ONLY ? databaseUrlOf(DATABASE) : await freshDatabase();
  const folder = path.join(ROOT, '.data/bench-scale');
  await mkdir(folder, { recursive: true });
  const label = PARCELS.toLocaleString('en-US');

  for (const format of SERVE_ONLY ? [] : FORMATS) {
    const file = await generatedFile(folder, format);
    const run = await importWithCli(file, databaseUrl);
    details[`import ${format}`] = { ...run.report.timings, parcelsPerSecond: run.report.parcelsPerSecond, peakRssMb: run.peakRssMb };
    if (run.report.imported !== PARCELS) throw new Error(`${format}: imported ${run.report.imported} of ${PARCELS}`);
    rows.push(
      atLeast('scale', `import ${label} parcels (${format}) on PostgreSQL`, run.report.parcelsPerSecond, 'parcels/s', BUDGET.parcelsPerSecond, `${(run.report.timings.totalMs / 1000).toFixed(0)} s`),
      atMost('scale', `importer peak RSS (${format})`, run.peakRssMb, 'MB', BUDGET.importerRssMb),
    );
  }

  const identity = await startIdentityUnderTest();
  const started = performance.now();
  // With the Node.js flags it runs with in production. Hundreds of searches by one user in a few
  // seconds, and every user from one address: more than a person types in a window (the limits are
  // not what is measured).
  const api = spawnApiOn({ database: { databaseUrl }, port: API_PORT, jwt: identity.jwt, nodeArgs: [...API_NODE_FLAGS], env: UNREACHED_RATE_LIMITS });
  try {
    const baseUrl = `http://127.0.0.1:${API_PORT}`;
    await waitUntilAnswering(`${baseUrl}/health`, api, 300_000);
    const answeringMs = performance.now() - started;
    // Ready: the current version loaded for tiles (from memory: its parcels read), so tiles are built
    // as they will be from then on.
    await waitUntilHealthSays('tilesWarm', `${baseUrl}/health`, 300_000);
    const readyMs = performance.now() - started;
    const readyResidentMb = await residentMbOf(api.pid);
    const tileSource = (await hasMercatorOutlines(databaseUrl)) ? 'tiles by PostGIS' : 'tiles from memory';
    // The query column index is built once the tiles are warm (GET /health starts it); measured before the
    // rows below, which it would otherwise share the cores with.
    await waitUntilHealthSays('queryColumns', `${baseUrl}/health`, 600_000);
    const columnsMs = performance.now() - started - readyMs;
    const user = await identity.signIn(`bench-scale-${Date.now()}@example.com`);
    const headers = { Authorization: `Bearer ${await user.jwt()}` };
    const { dataVersion } = (JSON.parse((await expectOk(`${baseUrl}/api/datasets`, headers)).body.toString('utf8')) as { dataVersion: number });

    const tiles = await coldTiles(baseUrl, headers, dataVersion);
    const detailsMs = await timings(200, (i) => `${baseUrl}/api/parcels/${generatedPin(spread(i, 200))}`, headers);
    const searchMs = await timings(200, (i) => `${baseUrl}/api/parcels/search?q=${encodeURIComponent(typedQuery(i))}`, headers);
    const residentMb = await residentMbOf(api.pid);
    details.serving = { tileSource, answeringMs: Math.round(answeringMs), readyMs: Math.round(readyMs), readyResidentMb, columnsMs: Math.round(columnsMs), residentMb, tiles, details: summarize(detailsMs), search: summarize(searchMs) };
    rows.push(
      atMost('scale', `API ready with ${label} parcels (${tileSource})`, round(readyMs / 1000), 's', BUDGET.readyMs / 1000, `answering after ${round(answeringMs / 1000)} s`),
      reported('scale', `API RSS when ready (${tileSource})`, readyResidentMb, 'MB'),
      reported('scale', 'query column index built, after ready', round(columnsMs / 1000), 's'),
      reported('scale', `API RSS serving them (${tileSource}, query columns in memory)`, residentMb, 'MB'),
      atMost('scale', 'cold z14 parcel tile p95', tiles.p95, 'ms', BUDGET.coldTileP95Ms, `${tiles.count} tiles, max ${tiles.max} ms`),
      atMost('scale', 'largest z14 parcel tile', tiles.largestKb, 'KB', BUDGET.largestTileKb),
      atMost('scale', 'parcel details p50', summarize(detailsMs).p50, 'ms', BUDGET.detailsP50Ms),
      atMost('scale', 'search as typed p50', summarize(searchMs).p50, 'ms', BUDGET.searchP50Ms, `p99 ${summarize(searchMs).p99} ms`),
    );
    // A session JWT lives five minutes, and a part can take longer: each request with one refreshed when stale.
    const freshHeaders = async () => ({ Authorization: `Bearer ${await user.jwt()}` });
    rows.push(...(await benchTypedWithTypos(baseUrl, freshHeaders, PARCELS)), ...benchTypoCorrections());
    rows.push(...(await benchThreeFilters(baseUrl, freshHeaders, databaseUrl)), ...(await benchWholeListCsv(baseUrl, freshHeaders)));
    let signedIn = 0;
    rows.push(...(await benchHeavyQueries(baseUrl, async () => (await identity.signIn(`bench-scale-${signedIn++}-${Date.now()}@example.com`)).jwt(), PARCELS)));
  } finally {
    await api.stop();
    await identity.close();
  }
  return { rows, details };
}

function parseFormats(list: string): GeneratedFormat[] {
  const formats = list.split(',').map((format) => format.trim());
  const unknown = formats.filter((format) => format !== 'geojsonseq' && format !== 'geojson');
  if (unknown.length > 0 || formats.length === 0) throw new Error(`SCALE_FORMATS: ${list} (geojsonseq, geojson or both, comma-separated)`);
  return formats as GeneratedFormat[];
}

/** Whether the database stores the outlines PostGIS builds tiles from (migration 030), which the API then does. */
async function hasMercatorOutlines(databaseUrl: string): Promise<boolean> {
  const db = await openPgDb(databaseUrl, { max: 1 });
  try {
    return await createParcelMvtRepository(db).hasMercatorOutlines();
  } finally {
    await db.close();
  }
}

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  return databaseUrlOf(DATABASE);
}

function databaseUrlOf(database: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Kept between runs (generating 5,000,000 lots takes a minute per format); made anew when missing. */
async function generatedFile(folder: string, format: GeneratedFormat): Promise<string> {
  const file = path.join(folder, `scale-${PARCELS}-v${GENERATED_LOTS_VERSION}.${format === 'geojson' ? 'geojson' : 'geojsonl'}`);
  if (!existsSync(file)) {
    console.error(`[bench] writing ${file}…`);
    await writeGeneratedParcels(`${file}.partial`, PARCELS, SCALE_ORIGIN, format);
    await rename(`${file}.partial`, file);
  }
  return file;
}

/** The import CLI as an operator runs it, its pid the importer itself (node --import tsx), RSS sampled every 100 ms. */
async function importWithCli(file: string, databaseUrl: string): Promise<{ report: ImportReport; peakRssMb: number }> {
  const reportFile = `${file}.report.json`;
  const child = spawn(process.execPath, [...RUN_TYPESCRIPT, 'county-data/src/cli/importCli.ts', file, '--dataset', 'scale', '--report', reportFile], {
    cwd: ROOT,
    // As an operator importing a file of more than the default 5,000,000 features raises the limit.
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', IMPORT_MAX_FEATURES: String(PARCELS) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let peakRssMb = 0;
  const sampler = setInterval(() => {
    void residentMbOf(child.pid!).then((mb) => (peakRssMb = Math.max(peakRssMb, mb)), () => undefined);
  }, 100);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearInterval(sampler);
  if (code !== 0) throw new Error(`importing ${file} exited with ${code}`);
  return { report: JSON.parse(await readFile(reportFile, 'utf8')) as ImportReport, peakRssMb };
}

async function waitUntilHealthSays(what: 'tilesWarm' | 'queryColumns', healthUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // A poll can meet a connection the API closes as it reuses it (an event loop busy for a few seconds
    // outlasts the keep-alive timeout): asked again, like any health check.
    const health = await fetch(healthUrl).then((response) => response.json() as Promise<Partial<Record<typeof what, boolean>>>, () => undefined);
    if (health?.[what]) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`GET /health did not say ${what} within ${timeoutMs} ms`);
}

async function residentMbOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024);
}

/** The i-th of n lots spread over the whole county. */
const spread = (i: number, n: number) => spreadLot(i, n, PARCELS);

/** 200 different queries (answers are cached per data version: a repeated one would not reach the database), as typed into the box. */
function typedQuery(i: number): string {
  const lot = spread(i, 200);
  const { owner, number, street } = generatedLot(lot, PARCELS);
  const kinds = [generatedPin(lot).slice(0, 4 + (i % 6)), owner.toLowerCase(), `${number} ${street.toLowerCase()}`, `${number} ${street}`];
  return kinds[i % kinds.length]!;
}

async function timings(samples: number, url: (i: number) => string, headers: Record<string, string>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < samples; i++) ms.push((await expectOk(url(i), headers)).ms);
  return ms;
}

/** The county's cold z14 tiles (scaleCounty.ts), each asked once (cold: a fresh data version). */
async function coldTiles(baseUrl: string, headers: Record<string, string>, dataVersion: number) {
  const ms: number[] = [];
  let largest = 0;
  for (const { z, x, y } of coldTileChoice(PARCELS)) {
    const response = await get(`${baseUrl}/tiles/${z}/${x}/${y}.pbf?v=${dataVersion}`, headers);
    if (response.status !== 200) throw new Error(`tile ${z}/${x}/${y} answered ${response.status}`);
    ms.push(response.ms);
    largest = Math.max(largest, response.body.length);
  }
  return { ...summarize(ms), largestKb: round(largest / 1024) };
}
