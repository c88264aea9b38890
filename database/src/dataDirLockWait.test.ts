import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME } from './dataDirLock.ts';
import { waitForDataDirLock } from './dataDirLockWait.ts';
import { HANDOVER_FILE_NAME } from './localHandover.ts';
import { databaseLocationFromEnv } from './openDb.ts';

describe('waitForDataDirLock', () => {
  let dataDir: string;
  let holder: ChildProcess | undefined;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'data-dir-lock-wait-'));
  });
  afterEach(() => {
    holder?.kill();
    holder = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A running process holding the directory, as a county command does: its pid in the lock file. */
  function heldByAnotherProcess(): ChildProcess {
    holder = spawn('sleep', ['30'], { stdio: 'ignore' });
    writeFileSync(path.join(dataDir, LOCK_FILE_NAME), `${holder.pid}\n`);
    return holder;
  }

  it('waits for the process holding the directory to end, says so once, then takes the lock', async () => {
    const command = heldByAnotherProcess();
    const told: string[] = [];
    const taking = waitForDataDirLock(dataDir, { waitMs: 60_000, onWait: (line) => told.push(line) });
    await expect.poll(() => told).toHaveLength(1);
    expect(told[0]).toBe(`waiting for the county command holding ${dataDir} (pid ${command.pid}) to finish, up to 60 s (DATA_DIR_LOCK_WAIT_SECONDS)`);
    command.kill();
    await once(command, 'exit');
    const lock = await taking;
    expect(readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    expect(told).toHaveLength(1);
    lock.release();
  });

  it('refuses at once when no wait is allowed', async () => {
    heldByAnotherProcess();
    const told: string[] = [];
    await expect(waitForDataDirLock(dataDir, { waitMs: 0, onWait: (line) => told.push(line) })).rejects.toThrow(DataDirLockedError);
    expect(told).toEqual([]);
  });

  it('gives up with the lock error once the wait is over, leaving the holder its lock', async () => {
    const command = heldByAnotherProcess();
    await expect(waitForDataDirLock(dataDir, { waitMs: 500 })).rejects.toThrow(`in use by another process (pid ${command.pid})`);
    expect(readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(command.pid));
  });

  it('does not wait for an API serving the directory: a second server is refused at once', async () => {
    const api = heldByAnotherProcess();
    writeFileSync(path.join(dataDir, HANDOVER_FILE_NAME), JSON.stringify({ url: 'http://127.0.0.1:9', token: 't', pid: api.pid }));
    const told: string[] = [];
    await expect(waitForDataDirLock(dataDir, { waitMs: 60_000, onWait: (line) => told.push(line) })).rejects.toThrow(DataDirLockedError);
    expect(told).toEqual([]);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);
  });
});

describe('DATA_DIR_LOCK_WAIT_SECONDS', () => {
  it('is read in seconds, unset meaning no wait, and refused when it is not a whole number of seconds', () => {
    expect(databaseLocationFromEnv({ DATA_DIR_LOCK_WAIT_SECONDS: '600' }).lockWaitMs).toBe(600_000);
    expect(databaseLocationFromEnv({}).lockWaitMs).toBe(0);
    expect(() => databaseLocationFromEnv({ DATA_DIR_LOCK_WAIT_SECONDS: '10m' })).toThrow("DATA_DIR_LOCK_WAIT_SECONDS must be a whole number of seconds from 0 to 3600, not '10m'");
  });
});
