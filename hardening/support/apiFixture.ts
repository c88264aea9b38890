// What the load, fault and two-instance checks share: a working directory, the real local-identity
// with users signed in through it, a database per mode, and the ports of this run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { migrate } from '../../database/src/migrate.ts';
import { openPgDb } from '../../database/src/pgDb.ts';
import { TEST_EXTENT } from '../../county-data/src/demo/demoCounty.ts';
import { seedDemoDataIfEmpty } from '../../county-data/src/demo/seedDemoData.ts';
import type { HardeningContext, HardeningOutcome } from '../types.ts';
import type { ApiDatabase } from './apiOnDatabase.ts';
import { startIdentityUnderTest, type IdentityUnderTest, type SignedInUser } from './identityUnderTest.ts';
import { createScratchDatabase } from '../../database/src/testing/scratchDatabase.ts';
import { seededPgliteDir } from './seededDataDir.ts';

export type DbMode = 'pglite' | 'postgres';

export interface ApiFixture {
  workDir: string;
  identity: IdentityUnderTest;
  /** Users signed in through the identity's magic links: their JWTs are what the browser would send. */
  signInUsers(prefix: string, count: number): Promise<SignedInUser[]>;
  close(): Promise<void>;
}

export async function openApiFixture(name: string): Promise<ApiFixture> {
  const workDir = await mkdtemp(path.join(tmpdir(), `hardening-${name}-`));
  const identity = await startIdentityUnderTest();
  return {
    workDir,
    identity,
    signInUsers: (prefix, count) => Promise.all(Array.from({ length: count }, (_, i) => identity.signIn(`${prefix}-${i}@example.com`))),
    async close() {
      await identity.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

export interface ModeDatabase {
  database: ApiDatabase;
  drop(): Promise<void>;
}

/**
 * A database for one mode. 'empty': the demo seed loads the whole demo county before the API's
 * first start (as on a new installation). 'testSquare': already holding the 3 km test square, for checks about
 * saved parcels rather than volume.
 */
export async function freshDatabase(
  mode: DbMode,
  context: HardeningContext,
  fixture: ApiFixture,
  label: string,
  contents: 'empty' | 'testSquare',
): Promise<ModeDatabase> {
  if (mode === 'pglite') {
    const dataDir = contents === 'empty' ? path.join(fixture.workDir, `${label}-pglite`) : await seededPgliteDir();
    return { database: { dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  if (context.postgresUrl === undefined) throw new Error('no PostgreSQL URL');
  const scratch = await createScratchDatabase(context.postgresUrl, 'hardening', label);
  if (contents === 'testSquare') await seedTestSquare(scratch.url);
  return { database: { databaseUrl: scratch.url }, drop: scratch.drop };
}

export async function seedTestSquare(databaseUrl: string): Promise<void> {
  const db = await openPgDb(databaseUrl, { max: 2 });
  try {
    await migrate(db);
    await seedDemoDataIfEmpty(db, pino({ level: 'silent' }), { extent: TEST_EXTENT });
  } finally {
    await db.close();
  }
}

/** The modes a both-modes check runs in; PostgreSQL only when one answers. */
export function modesOf(context: HardeningContext): DbMode[] {
  return context.postgresUrl === undefined ? ['pglite'] : ['pglite', 'postgres'];
}

export const skippedPostgres = (tried: string) => ({ tried, held: true, detail: 'skipped: no PostgreSQL (TEST_DATABASE_URL unset)' });

/**
 * A both-modes check's outcomes: `runMode`'s in each mode, one that did not complete named with its
 * mode, and the PostgreSQL half marked skipped when none answers.
 */
export async function inEachMode(
  context: HardeningContext,
  check: string,
  runMode: (mode: DbMode) => Promise<HardeningOutcome | HardeningOutcome[]>,
): Promise<HardeningOutcome[]> {
  const outcomes: HardeningOutcome[] = [];
  for (const mode of modesOf(context)) outcomes.push(...[await runMode(mode).catch((error: unknown) => didNotComplete(`${check} (${mode})`, error))].flat());
  if (context.postgresUrl === undefined) outcomes.push(skippedPostgres(`${check} (postgres)`));
  return outcomes;
}

/**
 * Ports for API processes a check starts: the API's port of this run's offset, then the one
 * scripts/ports.mjs gives remote-map (free: checks serve no front ends). Offsets 4 or more apart
 * never share one.
 */
export function apiPorts(context: HardeningContext): [number, number] {
  return [4000 + context.portOffset, 3002 + context.portOffset];
}

/** A check's outcome when it could not run to the end. */
export function didNotComplete(tried: string, error: unknown) {
  return { tried, held: false, detail: `did not complete: ${error instanceof Error ? error.message : String(error)}` };
}

/** A duration for a check's detail: '1.25 s'. */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
