// The databases every test file copies, made once per test run (vitest.databaseSetup.ts): migrated,
// and migrated with the seed given. Migrating and seeding took each file 5–15 s of a two-core machine;
// a copy takes a fraction of a second. PGlite's are data directories, PostgreSQL's template databases.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../db.ts';
import { migrate } from '../migrate.ts';
import { openPgDb } from '../pgDb.ts';
import { openPgliteDb } from '../pgliteDb.ts';
import { adminQuery, createScratchDatabase } from './scratchDatabase.ts';

/** What a test file's database holds: nothing, the migrated schema, or the schema and the seed. */
export type TestDbContents = 'empty' | 'migrated' | 'seeded';
type TestDbTemplate = Exclude<TestDbContents, 'empty'>;

/** Where the templates are: plain data, handed to the test files through Vitest's provide/inject. */
export type TestDbTemplates =
  | { mode: 'pglite'; dir: string }
  /** Every database of the run is named `<prefix>_…`, so that the run's end finds what a crashed file left. */
  | { mode: 'postgres'; url: string; prefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDbTemplates: TestDbTemplates;
  }
}

/** `postgresUrl` undefined: PGlite. `remove` deletes the templates and any copy left behind. */
export async function createTestDbTemplates(
  postgresUrl: string | undefined,
  seed: (db: Db) => Promise<unknown>,
): Promise<{ templates: TestDbTemplates; remove(): Promise<void> }> {
  const fill = async (db: Db, template: TestDbTemplate) => {
    try {
      await (template === 'migrated' ? migrate(db) : seed(db));
    } finally {
      await db.close();
    }
  };
  if (postgresUrl === undefined) {
    const dir = await mkdtemp(path.join(tmpdir(), 'parcel-map-test-dbs-'));
    await fill(await openPgliteDb(path.join(dir, 'migrated')), 'migrated');
    await cp(path.join(dir, 'migrated'), path.join(dir, 'seeded'), { recursive: true });
    await fill(await openPgliteDb(path.join(dir, 'seeded')), 'seeded');
    return { templates: { mode: 'pglite', dir }, remove: () => rm(dir, { recursive: true, force: true }) };
  }
  const migrated = await createScratchDatabase(postgresUrl, 'testdb', 'migrated');
  await fill(await openPgDb(migrated.url), 'migrated');
  const seeded = await createScratchDatabase(postgresUrl, 'testdb', 'seeded', migrated.name);
  await fill(await openPgDb(seeded.url), 'seeded');
  const prefix = `testdb_${process.pid}`;
  return {
    templates: { mode: 'postgres', url: postgresUrl, prefix },
    async remove() {
      const left = await adminQuery<{ datname: string }>(postgresUrl, `SELECT datname FROM pg_database WHERE datname LIKE '${prefix}\\_%'`);
      for (const { datname } of left) await adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    },
  };
}
