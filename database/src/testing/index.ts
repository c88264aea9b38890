// Test databases: PGlite in memory, or a scratch database on TEST_DATABASE_URL's server.
export { openTestDb, testDatabaseUrl, testDbMode } from './openTestDb.ts';
export { exitWorkerThreads } from './exitWorkerThreads.ts';
export { adminQuery, createScratchDatabase, type ScratchDatabase } from './scratchDatabase.ts';
