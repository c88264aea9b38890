// Issue #27 points 4 and 5, on the real API process: (a) SIGTERM lets a request in flight finish
// within the grace period, refuses new connections and exits 0, and the request's save is there after
// a restart, in both modes; (b) SIGTERM while the API publishes an import exits 0 and leaves the
// data exactly as it was, in both modes; (c) the PGlite thread dying makes the process exit non-zero
// (for its supervisor to restart it), and the restarted process is ready on the same data.
import path from 'node:path';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitForWarmTiles } from '../../api-server/src/testing/waitForWarmTiles.ts';
import { createApiHandoverClient } from '../../county-data/src/cli/apiHandoverClient.ts';
import { writeGeneratedParcels } from '../../bench/generatedParcels.ts';
import { apiPorts, didNotComplete, freshDatabase, modesOf, openApiFixture, seconds, skippedPostgres, type DbMode } from '../support/apiFixture.ts';
import { snapshotOf, untilWriting, withDb } from '../support/importObservation.ts';
import { startApiOn } from '../support/apiOnDatabase.ts';
import { sampleParcels } from '../support/parcelSample.ts';
import { listSaved, type SavedRecord } from '../support/savedParcelsClient.ts';
import { WORKER_THREADS_EXIT_ON_SIGNAL, WORKER_THREADS_EXIT_SIGNAL } from '../support/workerThreadsExit.ts';
import type { HardeningCheck, HardeningContext, HardeningOutcome } from '../types.ts';

const GRACE_SECONDS = 10;
/** Enough parcels that publishing takes seconds, so the SIGTERM lands inside it. */
const IMPORTED_PARCELS = 60_000;
/** How long the slow client takes over its request body once SIGTERM has been sent. */
const SLOW_BODY_AFTER_SIGTERM_MS = 2_000;
const EXIT_TIMEOUT_MS = 15_000;
/** From the thread's death to the process's exit: logging and exiting, no waiting. */
const EXIT_AFTER_THREAD_DEATH_LIMIT_MS = 5_000;

/** A POST whose body arrives in two halves, `pause` apart: a slow client's request, in flight meanwhile. */
async function slowPost(port: number, path: string, jwt: string, body: string, pause: Promise<void>): Promise<{ status: number; body: string }> {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${jwt}\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`,
  );
  socket.write(bytes.subarray(0, half));
  await pause;
  socket.write(bytes.subarray(half));
  await closed;
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
  return { status, body: received.slice(received.indexOf('\r\n\r\n') + 4) };
}

async function connectionRefused(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/health`);
    return false;
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
  }
}

/** (a) SIGTERM during a slow save: the save completes, new connections are refused, exit 0, the save kept. */
async function sigtermWithRequestInFlight(mode: DbMode, context: HardeningContext): Promise<HardeningOutcome> {
  const tried = `lifecycle (${mode}): SIGTERM while a slow client's save is in flight (grace ${GRACE_SECONDS} s)`;
  const fixture = await openApiFixture(`sigterm-${mode}`);
  const { database, drop } = await freshDatabase(mode, context, fixture, 'sigterm', 'testSquare');
  try {
    const port = apiPorts(context)[0];
    const env = { SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS) };
    const api = await startApiOn({ database, port, jwt: fixture.identity.jwt, env });
    const [user] = await fixture.signInUsers(`sigterm-${mode}`, 1);
    const jwt = await user!.jwt();
    const [parcel] = await sampleParcels(api.baseUrl, jwt, 1);

    let sendRest!: () => void;
    const rest = new Promise<void>((resolve) => (sendRest = resolve));
    const saving = slowPost(port, '/api/saved-parcels', jwt, JSON.stringify(parcel), rest);
    await sleep(200);
    const signalled = performance.now();
    process.kill(api.process.pid, 'SIGTERM');
    await sleep(300);
    const refused = await connectionRefused(port);
    await sleep(SLOW_BODY_AFTER_SIGTERM_MS - 300);
    sendRest();
    const saved = await saving;
    const exit = await Promise.race([api.process.exited, sleep(EXIT_TIMEOUT_MS, undefined)]);
    const exitedAfterMs = performance.now() - signalled;
    if (exit === undefined) await api.kill();

    const restarted = await startApiOn({ database, port, jwt: fixture.identity.jwt, env });
    let kept: boolean;
    try {
      const record = saved.status === 201 ? (JSON.parse(saved.body) as SavedRecord) : undefined;
      kept = record !== undefined && (await listSaved(restarted.baseUrl, jwt)).some((listed) => listed.id === record.id);
    } finally {
      await restarted.stop();
    }
    return {
      tried,
      held: saved.status === 201 && refused && exit?.code === 0 && kept,
      detail:
        `the save sent its last half ${seconds(SLOW_BODY_AFTER_SIGTERM_MS)} after SIGTERM and was answered ${saved.status}; ` +
        `a new connection 0.3 s after SIGTERM was ${refused ? 'refused' : 'ACCEPTED'}; ` +
        `${exit === undefined ? `NO EXIT within ${seconds(EXIT_TIMEOUT_MS)}` : `exit ${exit.code ?? exit.signal} ${seconds(exitedAfterMs)} after SIGTERM`}; ` +
        `the save ${kept ? 'was listed' : 'was NOT listed'} after a restart`,
    };
  } finally {
    await drop();
    await fixture.close();
  }
}

/** (b) SIGTERM while the API publishes an import: exit 0, the data exactly as before, the restarted API ready. */
async function sigtermDuringImport(mode: DbMode, context: HardeningContext): Promise<HardeningOutcome> {
  const tried = `lifecycle (${mode}): SIGTERM while the API publishes an import of ${IMPORTED_PARCELS.toLocaleString('en-US')} parcels`;
  const fixture = await openApiFixture(`sigterm-import-${mode}`);
  const { database, drop } = await freshDatabase(mode, context, fixture, 'sigterm_import', 'testSquare');
  try {
    const file = path.join(fixture.workDir, 'generated.geojson');
    await writeGeneratedParcels(file, IMPORTED_PARCELS);
    const before = await withDb(database, snapshotOf);
    const port = apiPorts(context)[0];
    const prefix = `import-admin-${mode}`;
    const env = { SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS), ADMIN_EMAILS: `${prefix}-0@example.com` };
    const api = await startApiOn({ database, port, jwt: fixture.identity.jwt, env });
    const [admin] = await fixture.signInUsers(prefix, 1);
    // The Data page's calls, made by the import command's client with the administrator's session.
    const client = createApiHandoverClient({ url: api.baseUrl, token: await admin!.jwt() });
    const validated = await client.validate([file], { file: path.basename(file), mapping: { kind: 'default' } });
    if (validated.state !== 'ready') throw new Error(`the import was ${validated.state} after validation: ${validated.error ?? validated.report?.refusal ?? ''}`);
    const publishing = client.publish(validated).then(
      (job) => `ended ${job.state}`,
      () => 'cut short',
    );
    const seen = await untilWriting(database, () => (api.process.isRunning() ? undefined : 'the API exited'));
    const signalled = performance.now();
    process.kill(api.process.pid, 'SIGTERM');
    const exit = await Promise.race([api.process.exited, sleep(EXIT_TIMEOUT_MS + GRACE_SECONDS * 1000, undefined)]);
    const exitedAfterMs = performance.now() - signalled;
    if (exit === undefined) await api.kill();
    const publish = await publishing;
    const after = await withDb(database, snapshotOf);
    const unchanged = JSON.stringify(after) === JSON.stringify(before);

    const ready = await readyStatusAfterRestart(database, port, fixture.identity.jwt);
    return {
      tried,
      held: exit?.code === 0 && unchanged && ready === 200,
      detail:
        `SIGTERM once the import was writing (${seen}); ${exit === undefined ? 'NO EXIT in time' : `exit ${exit.code ?? exit.signal} ${seconds(exitedAfterMs)} after SIGTERM`}, the publish ${publish}; ` +
        `data ${unchanged ? 'exactly as before' : 'CHANGED'} (data set ${after.current}, ${after.parcels} parcels); restarted: /ready ${ready}`,
    };
  } finally {
    await drop();
    await fixture.close();
  }
}

type ApiDatabase = Parameters<typeof startApiOn>[0]['database'];
type ApiJwt = Parameters<typeof startApiOn>[0]['jwt'];

async function readyStatus(baseUrl: string): Promise<number> {
  return (await fetch(`${baseUrl}/ready`)).status;
}

/** An API started again on the database, once its parcels are in memory: what `/ready` answers. */
async function readyStatusAfterRestart(database: ApiDatabase, port: number, jwt: ApiJwt): Promise<number> {
  const restarted = await startApiOn({ database, port, jwt });
  try {
    await waitForWarmTiles(restarted.baseUrl);
    return await readyStatus(restarted.baseUrl);
  } finally {
    await restarted.stop();
  }
}

interface ThreadDeath {
  before: number;
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  exitedAfterMs: number;
  logged: boolean;
}

/** Starts the API, ends its PGlite thread and watches the process go. */
async function endPgliteThread(database: ApiDatabase, port: number, jwt: ApiJwt): Promise<ThreadDeath> {
  const api = await startApiOn({ database, port, jwt, nodeArgs: WORKER_THREADS_EXIT_ON_SIGNAL });
  await waitForWarmTiles(api.baseUrl);
  const before = await readyStatus(api.baseUrl);
  const signalled = performance.now();
  process.kill(api.process.pid, WORKER_THREADS_EXIT_SIGNAL);
  const exit = await Promise.race([api.process.exited, sleep(EXIT_TIMEOUT_MS, undefined)]);
  const exitedAfterMs = performance.now() - signalled;
  if (exit === undefined) await api.kill();
  return { before, exit, exitedAfterMs, logged: api.process.output().includes('the PGlite thread died') };
}

const describeDeath = ({ before, exit, exitedAfterMs, logged }: ThreadDeath) =>
  `/ready ${before} before; ${exit === undefined ? `NO EXIT within ${seconds(EXIT_TIMEOUT_MS)}` : `exit ${exit.code ?? exit.signal} ${seconds(exitedAfterMs)} after the thread was ended`} ` +
  `(limit ${seconds(EXIT_AFTER_THREAD_DEATH_LIMIT_MS)}), ${logged ? 'logged as fatal' : 'NOT LOGGED'}`;

/**
 * (b) The PGlite thread dies: the process exits non-zero; restarted on the same directory, it is ready.
 * The thread is ended through the inspector in the middle of whatever it runs, and in one of the
 * first fifteen runs node itself then died of SIGSEGV before the API could hear of it (twice in a row
 * in a clean-clone CI since); such an attempt (a signal, nothing logged) is reported and tried again,
 * up to CRASHED_ATTEMPTS in all; anything else is the outcome.
 */
/** Attempts of (b) in all while node itself crashes under the inspector. */
const CRASHED_ATTEMPTS = 3;

async function deadPgliteThread(context: HardeningContext): Promise<HardeningOutcome> {
  const tried = 'lifecycle (pglite): the PGlite thread dies under a running API';
  const fixture = await openApiFixture('dead-thread');
  const { database, drop } = await freshDatabase('pglite', context, fixture, 'dead-thread', 'testSquare');
  try {
    const port = apiPorts(context)[0];
    const crashedUnheard = (attempt: ThreadDeath) => attempt.exit?.signal != null && !attempt.logged;
    const crashed: ThreadDeath[] = [];
    let death = await endPgliteThread(database, port, fixture.identity.jwt);
    while (crashedUnheard(death) && crashed.length < CRASHED_ATTEMPTS - 1) {
      crashed.push(death);
      death = await endPgliteThread(database, port, fixture.identity.jwt);
    }

    const after = await readyStatusAfterRestart(database, port, fixture.identity.jwt);
    const { before, exit, exitedAfterMs, logged } = death;
    const exitedNonZero = exit !== undefined && exit.code !== null && exit.code !== 0;
    return {
      tried,
      held: before === 200 && exitedNonZero && exitedAfterMs < EXIT_AFTER_THREAD_DEATH_LIMIT_MS && logged && after === 200,
      detail:
        `${crashed.map((attempt, index) => `attempt ${index + 1}: ${describeDeath(attempt)} (node crashed under the inspector; tried again); `).join('')}${describeDeath(death)}; ` +
        `restarted on the same directory: /ready ${after}`,
    };
  } finally {
    await drop();
    await fixture.close();
  }
}

const lifecycle: HardeningCheck = {
  name: 'lifecycle',
  async run(context) {
    const outcomes: HardeningOutcome[] = [];
    for (const mode of modesOf(context)) {
      outcomes.push(await sigtermWithRequestInFlight(mode, context).catch((error: unknown) => didNotComplete(`lifecycle (${mode}): SIGTERM with a request in flight`, error)));
    }
    for (const mode of modesOf(context)) {
      outcomes.push(await sigtermDuringImport(mode, context).catch((error: unknown) => didNotComplete(`lifecycle (${mode}): SIGTERM during an import`, error)));
    }
    if (context.postgresUrl === undefined) outcomes.push(skippedPostgres('lifecycle (postgres): SIGTERM with a request in flight, and during an import'));
    outcomes.push(await deadPgliteThread(context).catch((error: unknown) => didNotComplete('lifecycle (pglite): the PGlite thread dies', error)));
    return outcomes;
  },
};

export default lifecycle;
