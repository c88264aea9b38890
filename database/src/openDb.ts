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
}

export async function openDb(
  location: DatabaseLocation,
  options: Pick<PgDbOptions, 'onIdleClientError'> & PgliteDbOptions = {},
): Promise<{ db: Db; mode: 'postgres' | 'pglite' }> {
  if (location.databaseUrl !== undefined) return { db: await openPgDb(location.databaseUrl, { onIdleClientError: options.onIdleClientError }), mode: 'postgres' };
  return { db: await openPgliteDb(location.dataDir, { onThreadLost: options.onThreadLost }), mode: 'pglite' };
}

/** DATABASE_URL, else PGlite in DATA_DIR (default DEFAULT_DATA_DIR): what every server-side process reads. */
export function databaseLocationFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseLocation {
  return { databaseUrl: env.DATABASE_URL || undefined, dataDir: path.resolve(env.DATA_DIR || DEFAULT_DATA_DIR) };
}
