// The Vitest projects (one per workspace with tests), and those whose tests open databases or start
// processes: vitest.databaseSetup.ts makes the run's databases when one of these runs, and
// `npm test -- quick` runs only the others.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const PROJECTS_WITH_DATABASES = ['database', 'county-data', 'api-server'];
// Front-end packages' tests run in jsdom, server packages' in Node (vitest.packages.ts); in either, the
// files that replace a module run in a project of their own, named `<package>-isolated`.
export const BROWSER_PACKAGES = ['shared', 'host', 'remote-auth', 'remote-map', 'remote-saved-parcels', 'remote-data'];
export const SERVER_PACKAGES = [...PROJECTS_WITH_DATABASES, 'local-identity'];
export const VITEST_PROJECTS = [...BROWSER_PACKAGES, ...SERVER_PACKAGES];

/**
 * A test file reaches the run's database through the test databases (database/src/testing), the API
 * under test (api-server/src/testing/testApp.ts) or TEST_DATABASE_URL itself. The PostgreSQL stage
 * runs only these: the others (a tile encoder, the typo corrector, PGlite's own thread) would repeat
 * the unit stage's run unchanged.
 */
const OPENS_THE_RUN_DATABASE = /database\/testing|from '\.\/testing\/(index|openTestDb|openTestDbBefore|keptVersions)\.ts'|testing\/testApp\.ts|TEST_DATABASE_URL|testDatabaseUrl/;

const TEST_FILE = /\.test\.tsx?$/;

/** The test files of the package at `packageDir` whose text matches `pattern`, as `src/…` paths. */
export function testFilesMatching(packageDir, pattern) {
  return readdirSync(path.join(packageDir, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => TEST_FILE.test(file) && pattern.test(readFileSync(path.join(packageDir, 'src', file), 'utf8')))
    .map((file) => `src/${file.split(path.sep).join('/')}`);
}

/** The test files of PROJECTS_WITH_DATABASES that open the run's database, relative to `repo`. */
export function testFilesOpeningTheDatabase(repo) {
  return PROJECTS_WITH_DATABASES.flatMap((name) => testFilesMatching(path.join(repo, name), OPENS_THE_RUN_DATABASE).map((file) => `${name}/${file}`));
}
