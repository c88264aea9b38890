// wrk at 50 connections for a fixed time: the load every throughput row is measured with. Each
// connection's requests rotate over a set of paths (wrkRotate.lua), so a run exercises a map view's
// tiles or many parcels rather than one URL. wrk (C, one thread) rather than a Node client: on
// these two cores autocannon capped a raw node:http server sending a 63 KB tile at ~1,070 req/s
// with p50 46 ms, where wrk drives the same server at ~48,000 req/s with p99 under 5 ms.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './processes.ts';

export const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const WRK_SCRIPT = path.join(ROOT, 'bench/lib/wrkRotate.lua');
const RESULT_MARKER = 'WRK_RESULT ';
/** An answer slower than this is a timeout (wrk's default, 2 s, cut off the Express tile route's slowest). */
const TIMEOUT_S = 10;

export interface LoadRun {
  target: string;
  /** How many distinct paths the requests rotated over. */
  paths: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers with a status of 400 or more (wrk counts those, not 1xx/3xx). */
  non2xx: number;
  errors: number;
  /** The runs a combined figure was made of (combineRuns). */
  runs?: Pick<LoadRun, 'requestsPerSecond' | 'p50Ms' | 'p99Ms'>[];
}

/** What wrkRotate.lua's done() prints: counts, bytes and microseconds. */
interface WrkResult {
  requests: number;
  durationUs: number;
  bytes: number;
  connectErrors: number;
  readErrors: number;
  writeErrors: number;
  statusErrors: number;
  timeouts: number;
  p50Us: number;
  p99Us: number;
  maxUs: number;
}

export interface LoadOptions {
  headers?: Record<string, string>;
  /** How long wrk runs (default DURATION_S). */
  seconds?: number;
}

export async function load(target: string, origin: string, paths: readonly string[], { headers = {}, seconds = DURATION_S }: LoadOptions = {}): Promise<LoadRun> {
  if (paths.length === 0) throw new Error(`${target}: no paths to load`);
  const scratch = await mkdtemp(path.join(tmpdir(), 'bench-load-'));
  try {
    const pathsFile = path.join(scratch, 'paths.txt');
    await writeFile(pathsFile, `${paths.join('\n')}\n`);
    const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
    const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', `--timeout=${TIMEOUT_S}s`, ...headerArgs, '-s', WRK_SCRIPT, origin, '--', pathsFile];
    const result = parseWrk(target, await runWrk(args, seconds));
    const run: LoadRun = {
      target,
      paths: paths.length,
      requestsPerSecond: Math.round(result.requests / (result.durationUs / 1e6)),
      p50Ms: result.p50Us / 1000,
      p99Ms: result.p99Us / 1000,
      non2xx: result.statusErrors,
      errors: result.connectErrors + result.readErrors + result.writeErrors + result.timeouts,
    };
    if (run.non2xx > 0 || run.errors > 0) throw new Error(`${target}: ${run.non2xx} non-2xx answers and ${run.errors} socket errors/timeouts under load`);
    return run;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Runs of one target taken at different moments as one figure: the mean rate, and the worse of
 * their percentiles (a machine whose load changes is judged at its worse moment).
 */
export function combineRuns(runs: readonly LoadRun[]): LoadRun {
  const [first] = runs;
  if (!first) throw new Error('no runs to combine');
  return {
    target: first.target,
    paths: first.paths,
    requestsPerSecond: Math.round(runs.reduce((sum, run) => sum + run.requestsPerSecond, 0) / runs.length),
    p50Ms: Math.max(...runs.map((run) => run.p50Ms)),
    p99Ms: Math.max(...runs.map((run) => run.p99Ms)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    runs: runs.map(({ requestsPerSecond, p50Ms, p99Ms }) => ({ requestsPerSecond, p50Ms, p99Ms })),
  };
}

async function runWrk(args: string[], seconds: number): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)('wrk', args, { timeout: (seconds + 30) * 1000 });
    return stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('wrk is not installed; it is the benchmark\'s load generator: apt-get install -y wrk', { cause: error });
    }
    throw error;
  }
}

function parseWrk(target: string, stdout: string): WrkResult {
  const line = stdout.split('\n').find((candidate) => candidate.startsWith(RESULT_MARKER));
  if (!line) throw new Error(`${target}: wrk printed no result line:\n${stdout}`);
  return JSON.parse(line.slice(RESULT_MARKER.length)) as WrkResult;
}
