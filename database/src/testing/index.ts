// Test databases: copies of the run's migrated or seeded PGlite, or of its template databases on TEST_DATABASE_URL's server.
export { copyTestDataDir, isPostgresRun, openTestDb, testDatabaseUrl, testDbMode } from './openTestDb.ts';
export { createTestDbTemplates, type TestDbContents, type TestDbTemplates } from './testDbTemplates.ts';
export { exitWorkerThreads } from './exitWorkerThreads.mjs';
export { adminQuery, createScratchDatabase, type ScratchDatabase } from './scratchDatabase.ts';
