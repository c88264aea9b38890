// Where the import and datasets commands do their work: the database itself (PostgreSQL, or PGlite when
// no API holds its directory), or the running API that holds the PGlite directory, through its admin
// routes (database/src/localHandover.ts). While `npm start` is starting the API (its demo seed, the
// moment between the seed and the API, the API's own start) a command waits for that API to answer
// and hands over to it, saying so: it never takes the directory from under a start (docs/decisions.md).
import { setTimeout as delay } from 'node:timers/promises';
import {
  DataDirLockedError,
  databaseLocationFromEnv,
  migrate,
  openDb,
  readLocalHandover,
  startInProgress,
  waitSecondsFromEnv,
  type DatabaseLocation,
  type Db,
} from '@parcel-map/database';
import { apiAnswers, createApiHandoverClient, type ApiHandoverClient } from './apiHandoverClient.ts';

export type CliTarget =
  | { kind: 'database'; db: Db; where: string; close(): Promise<void> }
  | { kind: 'api'; api: ApiHandoverClient; where: string; close(): Promise<void> };

/** How long a command waits for the API `npm start` is starting, unless HANDOVER_WAIT_SECONDS says otherwise: a first start seeds the demo county. */
const DEFAULT_HANDOVER_WAIT_SECONDS = 600;
const HANDOVER_POLL_MS = 250;

export async function openCliTarget(): Promise<CliTarget> {
  // A command never waits for the directory itself (DATA_DIR_LOCK_WAIT_SECONDS is the start's): it hands over or refuses.
  const location = { ...databaseLocationFromEnv(), lockWaitMs: 0 };
  if (location.databaseUrl !== undefined) return (await openDatabase(location))!;
  const waitSeconds = waitSecondsFromEnv('HANDOVER_WAIT_SECONDS', DEFAULT_HANDOVER_WAIT_SECONDS);
  const deadline = Date.now() + waitSeconds * 1000;
  const told = new Set<string>();
  /** Waiting lines go to stderr, once each: stdout stays the command's answer (`datasets list --json`). */
  const tell = (line: string) => {
    if (!told.has(line)) console.error(line);
    told.add(line);
  };
  for (;;) {
    const handover = readLocalHandover(location.dataDir);
    const starter = startInProgress(location.dataDir);
    let waitingFor = 'the API being started';
    if (handover) {
      if (await apiAnswers(handover.url)) {
        const where = `the running API at ${handover.url} (pid ${handover.pid})`;
        console.error(`Handing this command to ${where}: it holds ${location.dataDir}.`);
        return { kind: 'api', api: createApiHandoverClient(handover), where, close: async () => undefined };
      }
      waitingFor = `the API at ${handover.url} (pid ${handover.pid})`;
      tell(`The API at ${handover.url} (pid ${handover.pid}) holds ${location.dataDir} and does not answer yet: waiting for it (up to ${waitSeconds} s, HANDOVER_WAIT_SECONDS)…`);
    } else if (starter !== undefined) {
      waitingFor = `the API npm start (pid ${starter}) is starting`;
      tell(`npm start (pid ${starter}) is starting the API on ${location.dataDir}: waiting for it to answer, then handing this command to it (up to ${waitSeconds} s, HANDOVER_WAIT_SECONDS)…`);
    } else {
      const target = await openDatabase(location);
      if (target) return target;
    }
    if (Date.now() >= deadline) {
      throw new Error(`${waitingFor} did not answer on ${location.dataDir} within ${waitSeconds} s (HANDOVER_WAIT_SECONDS): nothing was changed. Run the command again once the API is up.`);
    }
    await delay(HANDOVER_POLL_MS);
  }
}

/**
 * The database itself; undefined when the PGlite directory turned out to belong to a start after all
 * (a start began, or an API took the directory, while this command was opening it): then this command
 * lets the directory go, before changing anything, and hands over instead.
 */
async function openDatabase(location: DatabaseLocation): Promise<CliTarget | undefined> {
  let opened: Awaited<ReturnType<typeof openDb>>;
  try {
    opened = await openDb(location);
  } catch (error) {
    const startsOrServes = () => readLocalHandover(location.dataDir) !== undefined || startInProgress(location.dataDir) !== undefined;
    if (error instanceof DataDirLockedError && startsOrServes()) return undefined;
    throw error;
  }
  const { db, mode } = opened;
  if (mode === 'pglite' && startInProgress(location.dataDir) !== undefined) {
    await db.close();
    return undefined;
  }
  await migrate(db);
  return { kind: 'database', db, where: mode === 'postgres' ? 'DATABASE_URL' : location.dataDir, close: () => db.close() };
}
