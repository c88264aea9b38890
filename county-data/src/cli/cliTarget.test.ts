// A county command run while `npm start` starts the product (issue #46): it waits for the API being
// started and hands over to it, saying so, or refuses having changed nothing; it never opens the
// PGlite directory from under the start. The API here is a stand-in answering the routes the command
// asks (a real test server at the network's edge: county-data does not reach into the API).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeLocalHandover } from '@parcel-map/database';
import { isPostgresRun } from '@parcel-map/database/testing';
import type { DatasetVersionsAnswer, ImageryVersionsAnswer, OverlayVersionsAnswer } from '@parcel-map/shared/contracts';
import { START_MARKER_FILE_NAME } from '../../../database/src/startMarker.mjs';
import { COMPILED_PROGRAMS, REPO_DIR } from '../../../scripts/productServers.mjs';
import { startProgram, type StartedProgram } from '../../../scripts/programRun.mjs';

// The compiled command npm start runs (built by vitest.databaseSetup.ts).
const DATASETS_CLI = path.join(REPO_DIR, COMPILED_PROGRAMS.datasetsCommand);
const TOKEN = 'stand-in-token';
const DATASETS: DatasetVersionsAnswer = { dataVersion: 7, versions: [] };
const OVERLAYS: OverlayVersionsAnswer = { dataVersion: 7, versions: [] };
const IMAGERY: ImageryVersionsAnswer = { dataVersion: 7, versions: [] };

const runDatasetsList = (dataDir: string, env: NodeJS.ProcessEnv = {}) => startProgram(DATASETS_CLI, ['list', '--json'], { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env });

/** An API's address where nothing listens yet (a free port), and the stand-in that then starts listening there. */
async function standInApi(): Promise<{ url: string; listen(): Promise<Server> }> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  probe.close();
  await once(probe, 'close');
  const listen = async () => {
    const server = createServer((request, response) => {
      const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (request.url === '/health') return json(200, { status: 'ok', tilesWarm: false });
      if (request.headers.authorization !== `Bearer ${TOKEN}`) return json(401, { message: 'no' });
      if (request.url === '/api/admin/datasets') return json(200, DATASETS);
      if (request.url === '/api/admin/overlays') return json(200, OVERLAYS);
      if (request.url === '/api/admin/imagery') return json(200, IMAGERY);
      return json(404, { message: `not here: ${request.url}` });
    });
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    return server;
  };
  return { url: `http://127.0.0.1:${port}`, listen };
}

// PGlite whatever the run: the PostgreSQL run skips the file.
describe.skipIf(isPostgresRun)('a county command while npm start starts the product', () => {
  let dataDir: string;
  let npmStart: ChildProcess | undefined;
  let command: StartedProgram | undefined;
  let api: Server | undefined;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cli-target-'));
  });
  afterEach(async () => {
    command?.child.kill();
    npmStart?.kill();
    api?.close();
    command = npmStart = api = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A running process standing for `npm start`: its pid in the mark on the directory. */
  function startInProgress(): number {
    npmStart = spawn('sleep', ['60'], { stdio: 'ignore' });
    writeFileSync(path.join(dataDir, START_MARKER_FILE_NAME), `${npmStart.pid}\n`);
    return npmStart.pid!;
  }

  it('waits through the seed and the API\'s start, saying so, then hands over to the API once it answers', async () => {
    const starter = startInProgress();
    command = runDatasetsList(dataDir);
    await expect.poll(() => command!.stderr(), { timeout: 20_000 }).toContain(`npm start (pid ${starter}) is starting the API on ${dataDir}: waiting for it to answer`);
    // The API has taken the directory and announced itself, and does not answer yet.
    const standIn = await standInApi();
    const removeHandover = writeLocalHandover(dataDir, { url: standIn.url, token: TOKEN });
    try {
      await expect.poll(() => command!.stderr(), { timeout: 10_000 }).toContain(`The API at ${standIn.url} (pid ${process.pid}) holds ${dataDir} and does not answer yet: waiting for it`);
      api = await standIn.listen();
      expect(await command.exited).toBe(0);
      expect(command.stderr()).toContain(`Handing this command to the running API at ${standIn.url} (pid ${process.pid}): it holds ${dataDir}.`);
      expect(JSON.parse(command.stdout())).toEqual([]);
      // The command never opened the directory itself: no database was created there.
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
    } finally {
      removeHandover();
    }
  });

  it('refuses once its wait is over, having changed nothing, and says why', async () => {
    const starter = startInProgress();
    command = runDatasetsList(dataDir, { HANDOVER_WAIT_SECONDS: '1' });
    expect(await command.exited).toBe(1);
    expect(command.stderr()).toContain(`datasets: the API npm start (pid ${starter}) is starting did not answer on ${dataDir} within 1 s (HANDOVER_WAIT_SECONDS): nothing was changed.`);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
  });

  it('opens the directory itself when the start that marked it is gone (npm start was killed)', async () => {
    const gone = spawn('true');
    await once(gone, 'exit');
    writeFileSync(path.join(dataDir, START_MARKER_FILE_NAME), `${gone.pid}\n`);
    command = runDatasetsList(dataDir);
    expect(await command.exited).toBe(0);
    expect(JSON.parse(command.stdout())).toEqual([]);
    expect(command.stderr()).not.toContain('waiting');
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
  });
});
