// The database seam shared by the API and the county data tools.
export type { Db, DbLoad, ListenEvent, PgConnection, Queryable, QueryOptions, QueryResult } from './db.ts';
export { DataDirLockedError, LOCK_FILE_NAME } from './dataDirLock.ts';
export { HANDOVER_FILE_NAME, readLocalHandover, startInProgress, writeLocalHandover, type LocalHandover } from './localHandover.ts';
export { migrate, MIGRATIONS_DIR } from './migrate.ts';
export { databaseLocationFromEnv, DEFAULT_DATA_DIR, openDb, waitSecondsFromEnv, type DatabaseLocation } from './openDb.ts';
export { imageryDirFromEnv } from './imageryDir.ts';
export { openPgConnection, openPgDb } from './pgDb.ts';
export { openPgliteDb, type PgliteDbOptions } from './pgliteDb.ts';
export { openReadReplica } from './readReplicas.ts';
