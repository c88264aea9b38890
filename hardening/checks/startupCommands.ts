// Issue #46 points 1–4, on a real `npm start` (scripts/start.mjs) on a fresh PGlite data directory:
// a `datasets list` and an `import --dry-run` run at each moment of the start-up — during the demo
// seed, between the seed and the API, while the API warms its tiles — and each one either hands over
// to the starting API or refuses with a clear message; the API always comes up and /ready answers.
// Then the API is killed under `npm start`: `npm start` names it, stops every other server and exits
// non-zero. PGlite only: on PostgreSQL there is no directory for a command and the start to race for.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { featureCollection, squarePolygon, writeFixture } from '../../county-data/src/import/testing/importFixtures.ts';
import { DEMO_CENTRE } from '../../county-data/src/demo/demoCounty.ts';
import { LOCK_FILE_NAME } from '../../database/src/dataDirLock.ts';
import { readLocalHandover } from '../../database/src/localHandover.ts';
import { START_MARKER_FILE_NAME } from '../../database/src/startMarker.mjs';
import { originOf, portsForOffset } from '../../scripts/ports.mjs';
import { ensureFrontEndsBuilt } from '../../scripts/productServers.mjs';
import { RUN_TYPESCRIPT, startServerProcess, type ServerProcess } from '../support/childProcesses.ts';
import type { HardeningCheck, HardeningContext, HardeningOutcome } from '../types.ts';

/**
 * Added to the run's port offset: the other checks use the offset itself, and offsets 5 apart share no
 * port. Not 45 or 90: fetch refuses ports 4045 and 4190 (the Fetch standard's bad ports).
 */
const PORT_SHIFT = 55;
/** A first start seeds the whole demo county (about a minute and a half on two busy cores), then the API warms its tiles. */
const START_TIMEOUT_MS = 600_000;
/** A command waits for the starting API at most this (HANDOVER_WAIT_SECONDS), within the start's own bound. */
const HANDOVER_WAIT_SECONDS = 600;
/** How often the data directory is looked at: the moment between the seed and the API lasts a second or two. */
const POLL_MS = 20;
/** How often the API is asked whether it is ready: a probe asks the database, which is busy warming. */
const READY_POLL_MS = 500;
/** From the API's death to `npm start`'s exit: stopping the other servers, no more. */
const EXIT_AFTER_KILL_TIMEOUT_MS = 30_000;

const MOMENTS = ['during the seed', 'between the seed and the API', 'while the API warms its tiles'] as const;
type Moment = (typeof MOMENTS)[number];

interface CommandRun {
  moment: Moment;
  name: string;
  /** What held the directory when the command was launched. */
  launchedWhile: string;
  launchedAtMs: number;
  process: ServerProcess;
}

type Verdict = 'handed over' | 'refused' | 'NEITHER';

/** The process holding the directory (the lock file's pid), by its command line. */
function holderOf(dataDir: string): { pid: number; role: 'seed' | 'api' | 'other' } | undefined {
  let pid: number;
  let commandLine: string;
  try {
    pid = Number.parseInt(readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8'), 10);
    commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return undefined;
  }
  return { pid, role: commandLine.includes('seedDemoCli') ? 'seed' : commandLine.includes('server.ts') ? 'api' : 'other' };
}

async function readyStatus(url: string): Promise<number> {
  try {
    return (await fetch(`${url}/ready`, { signal: AbortSignal.timeout(2_000) })).status;
  } catch {
    return 0;
  }
}

/** Handed over: it said so and succeeded. Refused: it failed with one of the clear refusals. Anything else breaks point 2. */
function verdictOf(code: number | null, output: string): Verdict {
  if (code === 0 && output.includes('Handing this command to the running API at')) return 'handed over';
  if (code !== 0 && (output.includes('nothing was changed') || output.includes('is in use by another process'))) return 'refused';
  return 'NEITHER';
}

interface StartUp {
  outcome: HardeningOutcome;
  /** Still running, ready: for the kill that follows. */
  start?: ServerProcess;
  dataDir: string;
}

async function startUpWithCommands(round: number, context: HardeningContext, root: string, importFile: string, portOffset: number): Promise<StartUp> {
  const tried = `startupCommands (pglite): npm start on a fresh data directory, a datasets list and an import --dry-run ${MOMENTS.join(', ')} (round ${round})`;
  const home = path.join(root, `round-${round}`);
  const dataDir = path.join(home, 'pglite');
  const apiUrl = originOf(portsForOffset(portOffset).api);
  const began = performance.now();
  const since = () => Math.round(performance.now() - began);
  const start = startServerProcess(process.execPath, ['scripts/start.mjs'], {
    PARCEL_MAP_DATA_DIR: home,
    PARCEL_MAP_PORT_OFFSET: String(portOffset),
    DATABASE_URL: undefined,
    DATA_DIR_LOCK_WAIT_SECONDS: undefined,
    ENABLE_DEV_FAULTS: undefined,
  });
  const commandEnv = { DATA_DIR: dataDir, DATABASE_URL: undefined, HANDOVER_WAIT_SECONDS: String(HANDOVER_WAIT_SECONDS), DATA_DIR_LOCK_WAIT_SECONDS: undefined };
  const runs: CommandRun[] = [];
  const launch = (moment: Moment, launchedWhile: string) => {
    const launchedAtMs = since();
    runs.push(
      { moment, name: 'datasets list', launchedWhile, launchedAtMs, process: startServerProcess(process.execPath, [...RUN_TYPESCRIPT, 'county-data/src/cli/datasetsCli.ts', 'list'], commandEnv) },
      {
        moment,
        name: 'import --dry-run',
        launchedWhile,
        launchedAtMs,
        process: startServerProcess(process.execPath, [...RUN_TYPESCRIPT, 'county-data/src/cli/importCli.ts', importFile, '--dry-run', '--report', path.join(home, `report-${runs.length}.json`)], commandEnv),
      },
    );
    context.log(`round ${round}: commands launched ${moment} (${launchedWhile}), ${(launchedAtMs / 1000).toFixed(1)} s into the start`);
  };

  const marks: Record<string, number> = {};
  let seedSeen = false;
  let missed: string | undefined;
  let ready = false;
  let nextReadyAsk = 0;
  try {
    while (since() < START_TIMEOUT_MS && start.isRunning()) {
      const holder = holderOf(dataDir);
      const handover = readLocalHandover(dataDir);
      if (holder?.role === 'seed' && !seedSeen) {
        seedSeen = true;
        marks.seedHolds = since();
        launch('during the seed', `the demo seed, pid ${holder.pid}, holds the directory`);
      }
      if (seedSeen && holder?.role !== 'seed' && handover === undefined && marks.seedLetGo === undefined) {
        marks.seedLetGo = since();
        launch('between the seed and the API', holder === undefined ? 'the seed has let the directory go and nothing holds it' : `the API, pid ${holder.pid}, is opening it`);
      }
      if (handover !== undefined && since() >= nextReadyAsk) {
        const status = await readyStatus(apiUrl);
        nextReadyAsk = since() + READY_POLL_MS;
        if (marks.apiAnnounced === undefined) {
          marks.apiAnnounced = since();
          if (status !== 200) launch('while the API warms its tiles', `the API, pid ${handover.pid}, has announced itself and answers /ready ${status === 0 ? 'nothing yet' : status}`);
          else missed = 'the API was ready as soon as it announced itself: no warming moment';
        }
        if (status === 200) {
          marks.ready = since();
          ready = true;
          break;
        }
      }
      await sleep(POLL_MS);
    }
    if (!seedSeen) missed ??= 'the demo seed was never seen holding the directory';
    const verdicts = await Promise.all(
      runs.map(async (run) => {
        const { code } = await run.process.exited;
        return { run, code, verdict: verdictOf(code, run.process.output()), output: run.process.output() };
      }),
    );
    const startStillRunning = start.isRunning();
    const readyAfterCommands = (await readyStatus(apiUrl)) === 200;
    const lockErrorInStart = start.output().includes('DataDirLockedError');
    const failures = [
      ...(ready ? [] : [`the API was not ready within ${START_TIMEOUT_MS / 1000} s${start.isRunning() ? '' : ' (npm start EXITED)'}: ${start.output().slice(-600)}`]),
      ...(startStillRunning ? [] : ['npm start EXITED while the commands ran']),
      ...(readyAfterCommands ? [] : ['/ready did NOT answer 200 after the commands']),
      ...(lockErrorInStart ? ['a server of npm start hit DataDirLockedError'] : []),
      ...(missed ? [missed] : []),
      ...MOMENTS.filter((moment) => !runs.some((run) => run.moment === moment)).map((moment) => `no command ran ${moment}`),
      ...verdicts.filter(({ verdict }) => verdict === 'NEITHER').map(({ run, code, output }) => `${run.name} ${run.moment}: exit ${code}, NEITHER handed over nor refused: ${output.slice(-300)}`),
    ];
    const seconds = (ms: number | undefined) => (ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`);
    const commands = verdicts.map(({ run, verdict }) => `${run.name} ${run.moment} (launched at ${seconds(run.launchedAtMs)}: ${run.launchedWhile}): ${verdict}`).join('; ');
    return {
      start: startStillRunning ? start : undefined,
      dataDir,
      outcome: {
        tried,
        held: failures.length === 0,
        detail:
          `${failures.length === 0 ? '' : `${failures.join('; ')}. `}seed held the directory at ${seconds(marks.seedHolds)}, let it go at ${seconds(marks.seedLetGo)}; ` +
          `API announced at ${seconds(marks.apiAnnounced)}, /ready 200 at ${seconds(marks.ready)}; ${commands}`,
      },
    };
  } catch (error) {
    await start.stop();
    throw error;
  } finally {
    await Promise.all(runs.map((run) => run.process.stop()));
  }
}

/** Point 3: the API killed under a ready `npm start` stops the product with its name and how it ended. */
async function apiKilledUnderStart(start: ServerProcess, dataDir: string, portOffset: number): Promise<HardeningOutcome> {
  const tried = 'startupCommands: the API killed (SIGKILL) under a ready npm start';
  const handover = readLocalHandover(dataDir);
  if (!handover) return { tried, held: false, detail: 'no API handover to find the API by' };
  const killedAt = performance.now();
  process.kill(handover.pid, 'SIGKILL');
  const exit = await Promise.race([start.exited, sleep(EXIT_AFTER_KILL_TIMEOUT_MS).then(() => undefined)]);
  const exitMs = Math.round(performance.now() - killedAt);
  if (!exit) {
    await start.stop();
    return { tried, held: false, detail: `npm start still RUNNING ${EXIT_AFTER_KILL_TIMEOUT_MS / 1000} s after its API was killed` };
  }
  // Under tsx (npm start's development mode) the API's wrapper process reports the kill as its own exit.
  const named = /api-server stopped unexpectedly \((exit code \d+|killed by SIG\w+)\)/.exec(start.output())?.[0];
  const hostGone = await fetch(`${originOf(portsForOffset(portOffset).host)}/mf-manifest.json`).then(
    () => false,
    () => true,
  );
  const markerGone = (() => {
    try {
      readFileSync(path.join(dataDir, START_MARKER_FILE_NAME));
      return false;
    } catch {
      return true;
    }
  })();
  const nonZero = exit.code !== 0;
  return {
    tried,
    held: nonZero && named !== undefined && hostGone && markerGone,
    detail:
      `npm start exited ${exit.code === null ? `by ${exit.signal}` : `with code ${exit.code}`} ${(exitMs / 1000).toFixed(1)} s after the kill; ` +
      `${named ? `it said "${named}"` : 'it did NOT name the API'}; host ${hostGone ? 'stopped' : 'STILL ANSWERING'}; ` +
      `start mark ${markerGone ? 'removed' : 'LEFT BEHIND'}`,
  };
}

const startupCommands: HardeningCheck = {
  name: 'startupCommands',
  async run(context) {
    const portOffset = (context.portOffset + PORT_SHIFT) % 100;
    // Built before the clock starts, as npm start would find them after a first start.
    ensureFrontEndsBuilt();
    const root = mkdtempSync(path.join(tmpdir(), 'parcel-map-hardening-startup-'));
    try {
      const { lng: lon, lat } = DEMO_CENTRE;
      const importFile = await writeFixture(root, 'two-parcels.geojson', featureCollection([0, 1].map((i) => ({ properties: { PIN: `STARTUP-${i}` }, geometry: squarePolygon(lon + i * 0.001, lat, 0.0008) }))));
      const outcomes: HardeningOutcome[] = [];
      // Quick mode hits each moment once; the full run starts the product twice.
      const rounds = context.quick ? 1 : 2;
      for (let round = 1; round <= rounds; round++) {
        const { outcome, start, dataDir } = await startUpWithCommands(round, context, root, importFile, portOffset);
        outcomes.push(outcome);
        if (!start) continue;
        if (round === rounds) outcomes.push(await apiKilledUnderStart(start, dataDir, portOffset));
        else await start.stop();
      }
      context.log(`npm start on ports offset ${portOffset} (${originOf(portsForOffset(portOffset).host)}, API ${originOf(portsForOffset(portOffset).api)})`);
      return outcomes;
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  },
};

export default startupCommands;
