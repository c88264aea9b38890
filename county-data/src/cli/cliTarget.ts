// Where the import and datasets commands do their work: the database itself (PostgreSQL, or PGlite when
// no API holds its directory), or the running API that holds the PGlite directory, through its admin
// routes (database/src/localHandover.ts).
import { DataDirLockedError, databaseLocationFromEnv, migrate, openDb, readLocalHandover, type Db } from '@parcel-map/database';
import { createApiHandoverClient, type ApiHandoverClient } from './apiHandoverClient.ts';

export type CliTarget =
  | { kind: 'database'; db: Db; where: string; close(): Promise<void> }
  | { kind: 'api'; api: ApiHandoverClient; where: string; close(): Promise<void> };

export async function openCliTarget(): Promise<CliTarget> {
  const location = databaseLocationFromEnv();
  try {
    const { db, mode } = await openDb(location);
    await migrate(db);
    return { kind: 'database', db, where: mode === 'postgres' ? 'DATABASE_URL' : location.dataDir, close: () => db.close() };
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const handover = readLocalHandover(location.dataDir);
    if (!handover) throw error;
    return { kind: 'api', api: createApiHandoverClient(handover), where: `the running API at ${handover.url} (pid ${handover.pid})`, close: async () => undefined };
  }
}
