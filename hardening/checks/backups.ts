// Issue #27 point 5: the backup and restore docs/operations.md ("Backups") documents, run command
// for command on each database. Users save parcels and an administrator publishes a data set through
// a running API; the database is backed up as documented (PostgreSQL: pg_dump while the API runs;
// PGlite: the API stopped, its directory copied), wiped, restored as documented, and an API started on
// the restored data must list every saved parcel, every data set version, and the same parcels.
import { execFile } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DatasetVersionsAnswer } from '@parcel-map/shared/contracts';
import { createApiHandoverClient } from '../../county-data/src/cli/apiHandoverClient.ts';
import { writeGeneratedParcels } from '../../bench/generatedParcels.ts';
import { adminQuery } from '../../database/src/testing/scratchDatabase.ts';
import { apiPorts, didNotComplete, freshDatabase, modesOf, openApiFixture, skippedPostgres, type ApiFixture, type DbMode } from '../support/apiFixture.ts';
import { startApiOn, type ApiDatabase, type ApiOnDatabase } from '../support/apiOnDatabase.ts';
import { snapshotOf, withDb, type Snapshot } from '../support/importObservation.ts';
import { sampleParcels } from '../support/parcelSample.ts';
import { listSaved, save, type SavedRecord } from '../support/savedParcelsClient.ts';
import type { HardeningCheck, HardeningContext, HardeningOutcome } from '../types.ts';

const run = promisify(execFile);

const USERS = 3;
const SAVES_PER_USER = 10;
const PUBLISHED_PARCELS = 500;
const PUBLISHED_DATASET = 'backup-check';

/** What must come back: every user's saved parcels, every data set version, the current parcels. */
interface Holdings {
  saved: SavedRecord[][];
  versions: DatasetVersionsAnswer['versions'];
  snapshot?: Snapshot;
}

interface Users {
  jwts: string[];
  adminJwt: string;
}

const ADMIN_PREFIX = 'backup-admin';
const adminEnv = { ADMIN_EMAILS: `${ADMIN_PREFIX}-0@example.com` };

async function signIn(fixture: ApiFixture, mode: DbMode): Promise<Users> {
  const users = await fixture.signInUsers(`backup-${mode}`, USERS);
  const [admin] = await fixture.signInUsers(ADMIN_PREFIX, 1);
  return { jwts: await Promise.all(users.map((user) => user.jwt())), adminJwt: await admin!.jwt() };
}

/** Saves parcels for every user and publishes a data set, as the map and the Data page would. */
async function fill(api: ApiOnDatabase, users: Users, workDir: string): Promise<void> {
  const parcels = await sampleParcels(api.baseUrl, users.jwts[0]!, SAVES_PER_USER);
  for (const jwt of users.jwts) {
    for (const parcel of parcels) {
      const outcome = await save(api.baseUrl, jwt, parcel);
      if (typeof outcome === 'number') throw new Error(`a save answered ${outcome}`);
    }
  }
  const file = path.join(workDir, 'published.geojson');
  await writeGeneratedParcels(file, PUBLISHED_PARCELS);
  const client = createApiHandoverClient({ url: api.baseUrl, token: users.adminJwt });
  const validated = await client.validate([file], { file: path.basename(file), dataset: PUBLISHED_DATASET, mapping: { kind: 'default' } });
  const published = await client.publish(validated);
  if (published.state !== 'published') throw new Error(`the data set was ${published.state}: ${published.error ?? ''}`);
}

async function holdingsOf(api: ApiOnDatabase, users: Users): Promise<Holdings> {
  const byId = (a: SavedRecord, b: SavedRecord) => a.id - b.id;
  return {
    saved: await Promise.all(users.jwts.map(async (jwt) => (await listSaved(api.baseUrl, jwt)).sort(byId))),
    versions: (await createApiHandoverClient({ url: api.baseUrl, token: users.adminJwt }).listVersions()).versions,
  };
}

function compare(before: Holdings, after: Holdings): { held: boolean; detail: string } {
  const savedBefore = before.saved.flat().length;
  const savedBack = after.saved.flat().filter((record) => before.saved.flat().some((kept) => JSON.stringify(kept) === JSON.stringify(record))).length;
  const savedSame = JSON.stringify(after.saved) === JSON.stringify(before.saved);
  const versionsSame = JSON.stringify(after.versions) === JSON.stringify(before.versions);
  const parcelsSame = JSON.stringify(after.snapshot) === JSON.stringify(before.snapshot);
  const current = before.versions.filter((version) => version.current).map((version) => `${version.name} v${version.version}`);
  return {
    held: savedSame && versionsSame && parcelsSame && savedBefore === USERS * SAVES_PER_USER,
    detail:
      `${savedBack} of ${savedBefore} saved parcels back${savedSame ? '' : ' (LISTS DIFFER)'}; ` +
      `${after.versions.length} of ${before.versions.length} data set versions back${versionsSame ? '' : ' (VERSIONS DIFFER)'} (current: ${current.join(', ')}); ` +
      `${after.snapshot?.parcels ?? '?'} parcels, ${parcelsSame ? 'the same' : 'NOT THE SAME'} as backed up`,
  };
}

/** PostgreSQL: `pg_dump --format=custom` while the API runs; the database recreated empty; `pg_restore`. */
async function postgresBackup(context: HardeningContext, fixture: ApiFixture): Promise<HardeningOutcome> {
  const tried = 'backups (postgres): pg_dump while the API runs, the database wiped, pg_restore, an API on the restored data';
  const { database, drop } = await freshDatabase('postgres', context, fixture, 'backup', 'testSquare');
  const databaseUrl = (database as { databaseUrl: string }).databaseUrl;
  const dump = path.join(fixture.workDir, 'parcel-map.dump');
  try {
    const port = apiPorts(context)[0];
    const users = await signIn(fixture, 'postgres');
    const api = await startApiOn({ database, port, jwt: fixture.identity.jwt, env: adminEnv });
    let before: Holdings;
    try {
      await fill(api, users, fixture.workDir);
      before = { ...(await holdingsOf(api, users)), snapshot: await withDb(database, snapshotOf) };
      // docs/operations.md, Backups: taken while the API runs.
      await run('pg_dump', ['--format=custom', `--file=${dump}`, databaseUrl]);
    } finally {
      await api.stop();
    }
    const name = new URL(databaseUrl).pathname.slice(1);
    await adminQuery(context.postgresUrl!, `DROP DATABASE ${name} WITH (FORCE)`);
    await adminQuery(context.postgresUrl!, `CREATE DATABASE ${name}`);
    const wiped = await withDb(database, async (db) => (await db.query<{ tables: number }>("SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'")).rows[0]!.tables);
    await run('pg_restore', [`--dbname=${databaseUrl}`, dump]);
    return await restoredMatches(tried, database, port, fixture, users, before, `dump ${await sizeOf(dump)}; wiped database had ${wiped} tables`);
  } finally {
    await drop();
  }
}

/** PGlite: the API stopped, `cp -a` of the directory into a backup folder; the directory deleted; `cp -a` back. */
async function pgliteBackup(context: HardeningContext, fixture: ApiFixture): Promise<HardeningOutcome> {
  const tried = 'backups (pglite): the API stopped, its directory copied, deleted, copied back, an API on the restored data';
  const { database, drop } = await freshDatabase('pglite', context, fixture, 'backup', 'testSquare');
  const dataDir = (database as { dataDir: string }).dataDir;
  const backup = path.join(fixture.workDir, 'pglite-backup');
  try {
    const port = apiPorts(context)[0];
    const users = await signIn(fixture, 'pglite');
    const api = await startApiOn({ database, port, jwt: fixture.identity.jwt, env: adminEnv });
    let before: Holdings;
    try {
      await fill(api, users, fixture.workDir);
      before = await holdingsOf(api, users);
    } finally {
      // docs/operations.md, Backups: SIGTERM, and wait for the API to exit.
      await api.stop();
    }
    before.snapshot = await withDb(database, snapshotOf);
    await mkdir(backup);
    await run('cp', ['-a', dataDir, `${backup}/`]);
    await run('rm', ['-rf', dataDir]);
    const copy = path.join(backup, path.basename(dataDir));
    await run('cp', ['-a', copy, dataDir]);
    return await restoredMatches(tried, database, port, fixture, users, before, `directory ${await sizeOf(copy)}`);
  } finally {
    await drop();
    await rm(backup, { recursive: true, force: true });
  }
}

async function restoredMatches(tried: string, database: ApiDatabase, port: number, fixture: ApiFixture, users: Users, before: Holdings, backupDetail: string): Promise<HardeningOutcome> {
  const restored = await startApiOn({ database, port, jwt: fixture.identity.jwt, env: adminEnv });
  let after: Holdings;
  try {
    after = await holdingsOf(restored, users);
  } finally {
    await restored.stop();
  }
  after.snapshot = await withDb(database, snapshotOf);
  const { held, detail } = compare(before, after);
  return { tried, held, detail: `${backupDetail}; ${detail}` };
}

async function sizeOf(file: string): Promise<string> {
  const { stdout } = await run('du', ['-sh', file]);
  return stdout.split('\t')[0]!;
}

const backups: HardeningCheck = {
  name: 'backups',
  async run(context) {
    const fixture = await openApiFixture('backups');
    try {
      const outcomes: HardeningOutcome[] = [];
      for (const mode of modesOf(context)) {
        const attempt = mode === 'postgres' ? postgresBackup(context, fixture) : pgliteBackup(context, fixture);
        outcomes.push(await attempt.catch((error: unknown) => didNotComplete(`backups (${mode}): backup and restore`, error)));
      }
      if (context.postgresUrl === undefined) outcomes.push(skippedPostgres('backups (postgres): pg_dump and pg_restore'));
      return outcomes;
    } finally {
      await fixture.close();
    }
  },
};

export default backups;
