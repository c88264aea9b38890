// What the load, fault and multi-instance checks share: a working directory, the real local-identity
// with users signed in through it, a database per mode, API instances on one database, and the ports
// of this run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HardeningContext, HardeningOutcome } from '../types.ts';
import { startApiOn, type ApiDatabase, type ApiOnDatabase } from './apiOnDatabase.ts';
import { startIdentityUnderTest, type IdentityUnderTest, type SignedInUser } from './identityUnderTest.ts';
import { createScratchDatabase } from '../../database/src/testing/scratchDatabase.ts';
import { seededPgliteDir } from './seededDataDir.ts';
import { testSquareDatabase } from './seededTemplateDatabase.ts';

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
  const scratch = contents === 'testSquare' ? await testSquareDatabase(context.postgresUrl, label) : await createScratchDatabase(context.postgresUrl, 'hardening', label);
  return { database: { databaseUrl: scratch.url }, drop: scratch.drop };
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

export interface InstancesOnOneDatabase {
  /** Started with the same environment, each on a port of its own. */
  instances: ApiOnDatabase[];
  databaseUrl: string;
  fixture: ApiFixture;
}

/**
 * `count` API processes (at most 3) on one fresh PostgreSQL database holding the test square, as
 * behind a load balancer: `use` runs with them, then they are stopped and the database dropped.
 */
export async function withInstancesOnOneDatabase<T>(
  context: HardeningContext,
  label: string,
  { count, env }: { count: number; env?: Record<string, string> },
  use: (on: InstancesOnOneDatabase) => Promise<T>,
): Promise<T> {
  // A third port beside the two every check has.
  const ports = [...apiPorts(context), 4001 + context.portOffset].slice(0, count);
  if (ports.length < count) throw new Error(`at most ${ports.length} instances, not ${count}`);
  const fixture = await openApiFixture(label);
  try {
    const { database, drop } = await freshDatabase('postgres', context, fixture, label.replaceAll('-', '_'), 'testSquare');
    try {
      if (!('databaseUrl' in database)) throw new Error('not a PostgreSQL database');
      // Every instance that did start is stopped, even when another did not: the next check needs the ports.
      const started = await Promise.allSettled(ports.map((port) => startApiOn({ database, port, jwt: fixture.identity.jwt, env })));
      const instances = started.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
      try {
        const failed = started.find((start) => start.status === 'rejected');
        if (failed) throw failed.reason;
        return await use({ instances, databaseUrl: database.databaseUrl, fixture });
      } finally {
        await Promise.all(instances.map((api) => api.stop()));
      }
    } finally {
      await drop();
    }
  } finally {
    await fixture.close();
  }
}

/** A check's outcome when it could not run to the end. */
export function didNotComplete(tried: string, error: unknown) {
  return { tried, held: false, detail: `did not complete: ${error instanceof Error ? error.message : String(error)}` };
}

/** A duration for a check's detail: '1.25 s'. */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
