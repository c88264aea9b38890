// The compiled API (childProcesses.ts: COMPILED) in its own process on a database the check chooses —
// a PGlite directory or a PostgreSQL URL — for checks that read its memory, kill it and restart it on
// the same data. Run by node itself, with no wrapper: the pid is the server's, so /proc/<pid>/status
// and SIGKILL reach it. It collects its garbage on a signal
// (fullCollection.ts) so a check can read the memory it keeps.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { JwtSettings } from '../../api-server/src/platform/auth/stytchJwtSettings.ts';
import { COMPILED, REPO, startServerProcess, waitUntilAnswering, type ServerProcess } from './childProcesses.ts';
import { FULL_COLLECTION_ON_SIGNAL, FULL_COLLECTION_SIGNAL, heapUsedAfterCollection } from './fullCollection.ts';

/** A first start on an empty database seeds the 107k-parcel demo county first: about 30 s on two cores. */
const FIRST_START_TIMEOUT_MS = 180_000;
const COLLECTION_TIMEOUT_MS = 10_000;
/**
 * V8 hands the pages a collection freed back to the OS from a background thread: measured under the
 * load check, RSS falls for up to a second after the collection and then holds.
 */
const PAGES_RETURNED_MS = 1_000;
/**
 * One collection does not give back all it can: V8 compacts only some fragmented pages each time, and
 * after a long sawtooth RSS fell over three collections (1,038 → 948 → 879 → 853 MB, then held).
 * Collections repeat until one lowers RSS by less than this.
 */
const SETTLED_FALL = 0.02;
const MAX_COLLECTIONS = 6;

export type ApiDatabase = { databaseUrl: string } | { dataDir: string };

export interface ApiOnDatabaseOptions {
  database: ApiDatabase;
  port: number;
  jwt: JwtSettings;
  /** More of the API's environment (rate limits, …). */
  env?: Record<string, string>;
  /** More node arguments (preloads a check needs). */
  nodeArgs?: string[];
}

export interface SettledMemory {
  residentMb: number;
  heapUsedMb: number;
}

export interface ApiOnDatabase {
  baseUrl: string;
  process: ServerProcess;
  /**
   * After full garbage collections, repeated until RSS holds: its resident set size (MB) and the heap
   * it still uses (MB). At most MAX_COLLECTIONS × ~1.1 s.
   */
  settledMemory(): Promise<SettledMemory>;
  /** SIGKILL: no shutdown handler runs. Resolves once the process is gone. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

function databaseEnv(database: ApiDatabase): NodeJS.ProcessEnv {
  // Empty means unset.
  return { DATABASE_URL: 'databaseUrl' in database ? database.databaseUrl : '', DATA_DIR: 'dataDir' in database ? database.dataDir : '' };
}

/**
 * Whether `npm start`'s seed step would load the demo county: seedDemoCli.ts's own test — a PGlite
 * directory PGlite never opened, a PostgreSQL database with no parcel. On any other database the step
 * changes nothing (the API migrates itself), so it is not run: starting it costs a process, a PGlite
 * open and close (5–30 s here) on each of the run's ~40 API starts.
 */
async function needsDemoSeed(database: ApiDatabase): Promise<boolean> {
  if ('dataDir' in database) return !existsSync(path.join(database.dataDir, 'PG_VERSION'));
  const client = new pg.Client({ connectionString: database.databaseUrl });
  await client.connect();
  try {
    return (await client.query('SELECT NOT EXISTS (SELECT 1 FROM parcels) AS empty')).rows[0].empty as boolean;
  } catch (error) {
    if ((error as { code?: string }).code === UNDEFINED_TABLE) return true;
    throw error;
  } finally {
    await client.end();
  }
}

const UNDEFINED_TABLE = '42P01';

/** As `npm start` does before the API starts: the county data tools seed the demo county into an empty database. */
async function seedDemoCountyOn(database: ApiDatabase): Promise<void> {
  const seed = spawn(process.execPath, [COMPILED.seedCommand], {
    cwd: REPO,
    env: { ...process.env, ...databaseEnv(database), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const timer = setTimeout(() => seed.kill('SIGKILL'), FIRST_START_TIMEOUT_MS);
  const [code, signal] = (await once(seed, 'exit')) as [number | null, NodeJS.Signals | null];
  clearTimeout(timer);
  if (code !== 0) throw new Error(`seeding the demo county failed (${signal ?? `exit ${code}`})`);
}

export function spawnApiOn({ database, port, jwt, env = {}, nodeArgs = [] }: ApiOnDatabaseOptions): ServerProcess {
  return startServerProcess(process.execPath, [...FULL_COLLECTION_ON_SIGNAL, ...nodeArgs, COMPILED.api], {
    PORT: String(port),
    HOST: '127.0.0.1',
    ...databaseEnv(database),
    STYTCH_PROJECT_ID: '',
    JWKS_URL: jwt.jwksUrl,
    JWT_ISSUER: jwt.jwtIssuer,
    JWT_AUDIENCE: jwt.jwtAudience,
    LOG_LEVEL: 'warn',
    ...env,
  });
}

export async function startApiOn(options: ApiOnDatabaseOptions): Promise<ApiOnDatabase> {
  if (await needsDemoSeed(options.database)) await seedDemoCountyOn(options.database);
  const server = spawnApiOn(options);
  const baseUrl = `http://127.0.0.1:${options.port}`;
  try {
    await waitUntilAnswering(`${baseUrl}/health`, server, FIRST_START_TIMEOUT_MS);
  } catch (error) {
    await server.stop();
    throw error;
  }
  let collections = 0;
  return {
    baseUrl,
    process: server,
    async settledMemory() {
      let previous: SettledMemory | undefined;
      for (let round = 1; round <= MAX_COLLECTIONS; round++) {
        const count = ++collections;
        process.kill(server.pid, FULL_COLLECTION_SIGNAL);
        const heapUsedMb = await reportOfCollection(server, count);
        await sleep(PAGES_RETURNED_MS);
        const memory = { residentMb: await residentMb(server.pid), heapUsedMb };
        if (previous !== undefined && memory.residentMb > previous.residentMb * (1 - SETTLED_FALL)) return memory;
        previous = memory;
      }
      return previous!;
    },
    async kill() {
      if (server.isRunning()) process.kill(server.pid, 'SIGKILL');
      while (server.isRunning()) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    stop: () => server.stop(),
  };
}

async function reportOfCollection(server: ServerProcess, count: number): Promise<number> {
  const deadline = Date.now() + COLLECTION_TIMEOUT_MS;
  for (;;) {
    const heapUsedMb = heapUsedAfterCollection(server.output(), count);
    if (heapUsedMb !== undefined) return heapUsedMb;
    if (Date.now() > deadline) throw new Error(`the API did not report full collection ${count} within ${COLLECTION_TIMEOUT_MS} ms`);
    await sleep(50);
  }
}

async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb) / 1024;
}
