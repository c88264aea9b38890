// `npm run test:hardening [-- [--quick] [check …]]`: runs every check in hardening/checks/ (or the
// named ones), those whose rows are tight latencies one at a time after the others, and prints one
// table row per outcome (what was tried, whether it held, the figures), then 'N passed, N failed'.
// Exits non-zero when anything did not hold.
// Quick mode (--quick, HARDENING_QUICK=1 or CI=true) shortens what the issue lets be shortened.
import { readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { buildCompiledServers } from '../scripts/productServers.mjs';
import type { HardeningCheck, HardeningContext, HardeningOutcome } from './types.ts';

const CHECKS_DIR = path.join(import.meta.dirname, 'checks');
const POSTGRES_CONNECT_TIMEOUT_MS = 3_000;

interface Row extends HardeningOutcome {
  check: string;
}

interface LoadedChecks {
  checks: HardeningCheck[];
  /** Modules that failed to load, by file name (a check's file is named after it by convention). */
  broken: { file: string; error: string }[];
}

async function loadChecks(): Promise<LoadedChecks> {
  const files = readdirSync(CHECKS_DIR)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .sort();
  const loaded: LoadedChecks = { checks: [], broken: [] };
  for (const file of files) {
    try {
      const module = (await import(pathToFileURL(path.join(CHECKS_DIR, file)).href)) as { default?: Partial<HardeningCheck> };
      const check = module.default;
      if (typeof check?.name !== 'string' || typeof check.run !== 'function') throw new Error('does not default-export a HardeningCheck');
      loaded.checks.push(check as HardeningCheck);
    } catch (error) {
      loaded.broken.push({ file, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return loaded;
}

/** TEST_DATABASE_URL when a PostgreSQL answers there; checks for both modes skip PostgreSQL otherwise. */
async function answeringPostgresUrl(log: (line: string) => void): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL || undefined;
  if (!url) return undefined;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return url;
  } catch (error) {
    log(`TEST_DATABASE_URL is set but PostgreSQL does not answer (${error instanceof Error ? error.message : String(error)}): PostgreSQL halves are skipped`);
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function runCheck(check: HardeningCheck, context: HardeningContext): Promise<Row[]> {
  const started = performance.now();
  context.log('started');
  let outcomes: HardeningOutcome[];
  try {
    outcomes = await check.run(context);
    if (outcomes.length === 0) outcomes = [{ tried: 'the check', held: false, detail: 'reported no outcome' }];
  } catch (error) {
    outcomes = [{ tried: 'the check ran to its end', held: false, detail: error instanceof Error ? (error.stack ?? error.message) : String(error) }];
  }
  context.log(`finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return outcomes.map((outcome) => ({ check: check.name, ...outcome }));
}

/** A Markdown table, so the output can go straight into docs/operations.md. */
function printTable(rows: Row[]): void {
  const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
  console.log('\n| check | tried | held | detail |\n|---|---|---|---|');
  for (const row of rows) console.log(`| ${cell(row.check)} | ${cell(row.tried)} | ${row.held ? 'yes' : 'NO'} | ${cell(row.detail)} |`);
}

const args = process.argv.slice(2);
const quick = args.includes('--quick') || process.env.HARDENING_QUICK === '1' || process.env.CI === 'true';
const wanted = args.filter((arg) => !arg.startsWith('--'));
const portOffset = Number(process.env.PARCEL_MAP_PORT_OFFSET ?? 0);

const runLog = (line: string) => console.log(`[hardening] ${line}`);
const { checks, broken } = await loadChecks();
// A module that does not load fails the run when it is (or may be) one of the checks asked for.
const brokenRows: Row[] = broken
  .filter(({ file }) => wanted.length === 0 || wanted.includes(path.basename(file, '.ts')))
  .map(({ file, error }) => ({ check: path.basename(file, '.ts'), tried: `loading hardening/checks/${file}`, held: false, detail: error }));
for (const { file, error } of broken) runLog(`hardening/checks/${file} did not load: ${error}`);
const unknown = wanted.filter((name) => !checks.some((check) => check.name === name) && !brokenRows.some((row) => row.check === name));
if (unknown.length > 0) {
  console.error(`Unknown check(s): ${unknown.join(', ')}. Available: ${checks.map((check) => check.name).join(', ')}`);
  process.exit(2);
}
const selected = wanted.length > 0 ? checks.filter((check) => wanted.includes(check.name)) : checks;
const postgresUrl = await answeringPostgresUrl(runLog);
runLog(`${selected.map((check) => check.name).join(', ')} — ${quick ? 'quick' : 'full'} mode, port offset ${portOffset}, PostgreSQL ${postgresUrl ? 'available' : 'not available'}`);

// The checks run the product's programs as a deployment does, compiled (support/childProcesses.ts: COMPILED).
const building = performance.now();
buildCompiledServers();
runLog(`built the API, its county commands and local-identity (npm run build) in ${((performance.now() - building) / 1000).toFixed(1)} s`);

// The checks not marked `alone` run in lanes, one per core: one at a time they left a quarter of
// two cores idle (docs/performance-archive.md, "Test time, 2026-12-03 (S11)"). A lane's servers take
// ports LANE_PORT_STEP apart from the next lane's, more than any check's ports are apart from its offset
// (startupCommands shifts its own by 55: still 5 or more from every lane's). The `alone` checks come
// after them, one at a time.
const LANE_PORT_STEP = 10;
const rowsByCheck = new Map<HardeningCheck, Row[]>();
const runWithPorts = async (check: HardeningCheck, checkPortOffset: number) => {
  const log = (line: string) => console.log(`[${check.name}] ${line}`);
  rowsByCheck.set(check, await runCheck(check, { quick, postgresUrl, portOffset: checkPortOffset, log }));
};
const inLanes = selected.filter((check) => !check.alone);
const laneCount = Math.min(availableParallelism(), inLanes.length);
let nextInLane = 0;
await Promise.all(
  Array.from({ length: laneCount }, async (_, lane) => {
    const lanePortOffset = (portOffset + lane * LANE_PORT_STEP) % 100;
    for (let check = inLanes[nextInLane++]; check !== undefined; check = inLanes[nextInLane++]) await runWithPorts(check, lanePortOffset);
  }),
);
for (const check of selected.filter((candidate) => candidate.alone)) await runWithPorts(check, portOffset);

const rows: Row[] = [...brokenRows, ...selected.flatMap((check) => rowsByCheck.get(check) ?? [])];

printTable(rows);
const failed = rows.filter((row) => !row.held).length;
console.log(`\n${rows.length - failed} passed, ${failed} failed`);
// `npm test -- --hardening` (CI) reads the counts from here.
if (process.env.HARDENING_RESULTS_FILE) writeFileSync(process.env.HARDENING_RESULTS_FILE, JSON.stringify({ passed: rows.length - failed, failed, rows }));
// Checks close what they start; exit anyway so a stray handle cannot keep a finished run open.
process.exit(failed === 0 ? 0 : 1);
