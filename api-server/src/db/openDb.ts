import type { ApiConfig } from '../config.ts';
import type { Db } from './db.ts';
import { openPgDb, type PgDbOptions } from './pgDb.ts';
import { openPgliteDb } from './pgliteDb.ts';

export async function openDb(
  config: Pick<ApiConfig, 'databaseUrl' | 'dataDir'>,
  pgOptions: Pick<PgDbOptions, 'onIdleClientError'> = {},
): Promise<{ db: Db; mode: 'postgres' | 'pglite' }> {
  if (config.databaseUrl !== undefined) return { db: await openPgDb(config.databaseUrl, pgOptions), mode: 'postgres' };
  return { db: await openPgliteDb(config.dataDir), mode: 'pglite' };
}
