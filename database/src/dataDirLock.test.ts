import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './dataDirLock.ts';
import { openPgliteDb } from './pgliteDb.ts';

describe('acquireDataDirLock', () => {
  let dataDir: string;
  let lockPath: string;
  let otherProcess: ChildProcess | undefined;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'data-dir-lock-'));
    lockPath = path.join(dataDir, LOCK_FILE_NAME);
  });
  afterEach(() => {
    otherProcess?.kill();
    otherProcess = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A running process that is not this one: the owner of a live lock. */
  function lockHeldByAnotherProcess(): number {
    otherProcess = spawn('sleep', ['30'], { stdio: 'ignore' });
    writeFileSync(lockPath, `${otherProcess.pid}\n`);
    return otherProcess.pid!;
  }

  it('writes this process id into the lock file and removes it on release', () => {
    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('refuses a directory locked by a running process, naming it and leaving its lock alone', () => {
    const ownerPid = lockHeldByAnotherProcess();
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dataDir)).toThrow(`in use by another process (pid ${ownerPid})`);
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(ownerPid));
  });

  it('takes over a lock whose process is gone (killed without cleaning up)', () => {
    const exited = spawnSync('true');
    writeFileSync(lockPath, `${exited.pid}\n`);
    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('treats a garbled lock file as stale', () => {
    writeFileSync(lockPath, 'not a pid');
    acquireDataDirLock(dataDir).release();
  });

  it('does not remove a lock that another process owns by the time of release', () => {
    const lock = acquireDataDirLock(dataDir);
    const ownerPid = lockHeldByAnotherProcess();
    lock.release();
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(ownerPid));
  });

  it('keeps openPgliteDb from opening a directory another process holds', async () => {
    lockHeldByAnotherProcess();
    await expect(openPgliteDb(dataDir)).rejects.toThrow(DataDirLockedError);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
  });
});
