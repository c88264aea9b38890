// The API as `npm start` runs it (DATA_DIR_LOCK_WAIT_SECONDS set) on a PGlite directory a county
// command holds: it says what it waits for and starts once the command is done, instead of exiting
// with the lock error (issue #46 point 1). Real processes: server.ts, and a process holding the lock.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '@parcel-map/database';
import { isPostgresRun } from '@parcel-map/database/testing';
import { COMPILED_PROGRAMS, REPO_DIR } from '../../../scripts/productServers.mjs';
import { startProgram } from '../../../scripts/programRun.mjs';

// The compiled API npm start runs (built by vitest.databaseSetup.ts).
const SERVER = path.join(REPO_DIR, COMPILED_PROGRAMS.api);
/** An API on two cores busy with other test files can take tens of seconds to start. */
const API_START_TIMEOUT_MS = 120_000;

// PGlite whatever the run: the PostgreSQL run skips the file.
describe.skipIf(isPostgresRun)('the API on a PGlite directory a county command holds', () => {
  const started: ChildProcess[] = [];
  let root: string | undefined;
  afterEach(async () => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    started.length = 0;
    if (root) await rm(root, { recursive: true, force: true });
  });

  async function apiOnHeldDirectory(waitSeconds: string | undefined) {
    root = await mkdtemp(path.join(tmpdir(), 'api-lock-wait-'));
    const dataDir = path.join(root, 'pglite');
    await mkdir(dataDir);
    const command = spawn('sleep', ['60'], { stdio: 'ignore' });
    started.push(command);
    await writeFile(path.join(dataDir, LOCK_FILE_NAME), `${command.pid}\n`);
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'info', DATA_DIR_LOCK_WAIT_SECONDS: waitSeconds ?? '' };
    const { child: api, output } = startProgram(SERVER, [], env);
    started.push(api);
    return { dataDir, command, api, output };
  }

  it('waits for the command, saying so, and starts once the command has finished', async () => {
    const { dataDir, command, api, output } = await apiOnHeldDirectory('120');
    await expect.poll(output, { timeout: API_START_TIMEOUT_MS }).toContain(`waiting for the county command holding ${dataDir} (pid ${command.pid}) to finish, up to 120 s (DATA_DIR_LOCK_WAIT_SECONDS)`);
    expect(api.exitCode).toBeNull();
    command.kill();
    await expect.poll(output, { timeout: API_START_TIMEOUT_MS }).toContain('API listening on');
    expect(api.exitCode).toBeNull();
  }, API_START_TIMEOUT_MS);

  it('exits with the lock error at once without the variable, as a deployment\'s second process should', async () => {
    const { command, api, output } = await apiOnHeldDirectory(undefined);
    const [code] = await once(api, 'exit');
    expect(code).not.toBe(0);
    expect(output()).toContain(`is in use by another process (pid ${command.pid})`);
    expect(output()).not.toContain('waiting for the county command');
  }, API_START_TIMEOUT_MS);
});
