// The 3 km test square of the demo county on PostgreSQL, for checks that start APIs on it: migrated
// and seeded once per run into a template database, then copied for each check (CREATE DATABASE …
// TEMPLATE copies files: well under a second, where migrating and seeding take seconds), so every
// check starts from the same data and none sees another's saved parcels. The PGlite twin is
// seededDataDir.ts.
import { execFileSync } from 'node:child_process';
import { pino } from 'pino';
import { migrate } from '../../database/src/migrate.ts';
import { openPgDb } from '../../database/src/pgDb.ts';
import { TEST_EXTENT } from '../../county-data/src/demo/demoCounty.ts';
import { seedDemoDataIfEmpty } from '../../county-data/src/demo/seedDemoData.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../database/src/testing/scratchDatabase.ts';
import { REPO } from './childProcesses.ts';

const DROP_TIMEOUT_MS = 10_000;

let template: Promise<ScratchDatabase> | undefined;
let made: { postgresUrl: string; name: string } | undefined;
// Exit handlers cannot wait for a query: a short node process drops the template instead, on every exit.
process.on('exit', () => {
  if (made === undefined) return;
  const drop = `const pg = require('pg'); const client = new pg.Client(process.env.ADMIN_URL);
client.connect().then(() => client.query('DROP DATABASE IF EXISTS ${made.name} WITH (FORCE)')).finally(() => client.end());`;
  try {
    execFileSync(process.execPath, ['-e', drop], { cwd: REPO, env: { ...process.env, ADMIN_URL: made.postgresUrl }, stdio: 'ignore', timeout: DROP_TIMEOUT_MS });
  } catch {
    // Nothing can be reported at exit: a template left behind is hardening_<pid>_test_square_template.
  }
});

export async function seedTestSquare(databaseUrl: string): Promise<void> {
  const db = await openPgDb(databaseUrl, { max: 2 });
  try {
    await migrate(db);
    await seedDemoDataIfEmpty(db, pino({ level: 'silent' }), { extent: TEST_EXTENT });
  } finally {
    await db.close();
  }
}

async function seedTemplate(postgresUrl: string): Promise<ScratchDatabase> {
  const database = await createScratchDatabase(postgresUrl, 'hardening', 'test_square_template');
  made = { postgresUrl, name: database.name };
  await seedTestSquare(database.url);
  return database;
}

/** A new database on `postgresUrl` holding the test square, named after `label`. */
export async function testSquareDatabase(postgresUrl: string, label: string): Promise<ScratchDatabase> {
  template ??= seedTemplate(postgresUrl);
  return createScratchDatabase(postgresUrl, 'hardening', label, (await template).name);
}
