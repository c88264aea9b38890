import path from 'node:path';
import type { Db } from './db.ts';
import { openPgDb, type PgDbOptions } from './pgDb.ts';
import { openPgliteDb, type PgliteDbOptions } from './pgliteDb.ts';

/** The embedded database's directory when DATA_DIR is not set: `.data/pglite` in the repository. */
export const DEFAULT_DATA_DIR = path.resolve(import.meta.dirname, '../../.data/pglite');

/** Where the data lives: PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir`. */
export interface DatabaseLocation {
  databaseUrl: string | undefined;
  dataDir: string;
  /** How long PGlite waits for a process holding `dataDir` (DATA_DIR_LOCK_WAIT_SECONDS; `npm start` sets it): unset, it refuses at once. */
  lockWaitMs?: number;
}

/** Longer than any start-up or county command could mean: a typo in the variable, not a wait. */
const MAX_WAIT_SECONDS = 3600;

export async function openDb(
  location: DatabaseLocation,
  options: Pick<PgDbOptions, 'onIdleClientError'> & Omit<PgliteDbOptions, 'lockWaitMs'> = {},
): Promise<{ db: Db; mode: 'postgres' | 'pglite' }> {
  if (location.databaseUrl !== undefined) return { db: await openPgDb(location.databaseUrl, { onIdleClientError: options.onIdleClientError }), mode: 'postgres' };
  const { onThreadLost, onLockWait } = options;
  return { db: await openPgliteDb(location.dataDir, { onThreadLost, onLockWait, lockWaitMs: location.lockWaitMs }), mode: 'pglite' };
}

/** DATABASE_URL, else PGlite in DATA_DIR (default DEFAULT_DATA_DIR): what every server-side process reads. */
export function databaseLocationFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseLocation {
  return { databaseUrl: env.DATABASE_URL || undefined, dataDir: path.resolve(env.DATA_DIR || DEFAULT_DATA_DIR), lockWaitMs: waitSecondsFromEnv('DATA_DIR_LOCK_WAIT_SECONDS', 0, env) * 1000 };
}

/** A wait for the PGlite directory's holder, in whole seconds from `variable` (unset or empty: `fallback`). */
export function waitSecondsFromEnv(variable: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const text = env[variable] || String(fallback);
  const seconds = Number(text);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > MAX_WAIT_SECONDS) throw new Error(`${variable} must be a whole number of seconds from 0 to ${MAX_WAIT_SECONDS}, not '${text}'`);
  return seconds;
}
