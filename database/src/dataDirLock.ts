// One process per PGlite directory — the API, the demo seed or an import: PGlite itself lets a second
// process open a directory that is in use, and two WASM Postgres instances writing the same files
// corrupt them. The lock is a file holding the owner's pid, created exclusively; a lock whose pid is
// no longer running (the owner was killed) is stale and taken over at once, so a supervisor's restart
// after a crash never waits (docs/decisions.md: why not proper-lockfile).
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'parcel-map-api.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The PGlite data directory ${dataDir} is in use by another process (pid ${ownerPid}). ` +
        `PGlite allows one process per directory: stop that process, point DATA_DIR elsewhere, or use PostgreSQL ` +
        `(DATABASE_URL) to run several API instances or to import while the API runs. If no such process exists, delete ${path.join(dataDir, LOCK_FILE_NAME)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** Removes the lock file; safe to call more than once. */
  release(): void;
}

/** Takes the lock on `dataDir` (which must exist) for this process, or throws DataDirLockedError. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  // Two attempts: the second follows the removal of a stale lock.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryCreate(lockPath)) return lockReleasedOnce(lockPath);
    const ownerPid = readOwnerPid(lockPath);
    if (ownerPid === undefined) continue; // removed between our attempt and the read: try again
    // Our own pid in the file is a lock from before a restart that reused the pid (containers often do).
    if (ownerPid !== process.pid && isRunning(ownerPid)) throw new DataDirLockedError(dataDir, ownerPid);
    removeIfPresent(lockPath);
  }
  throw new DataDirLockedError(dataDir, readOwnerPid(lockPath) ?? -1);
}

function tryCreate(lockPath: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The pid in the lock file, undefined when there is none; a garbled file reads as 0, which is never running: stale. */
function readOwnerPid(lockPath: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const pid = Number.parseInt(text.trim(), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : 0;
}

export function isRunning(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0); // signal 0: existence check only
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeIfPresent(lockPath: string): void {
  try {
    unlinkSync(lockPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function lockReleasedOnce(lockPath: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own lock: never remove one a later owner took over.
    if (readOwnerPid(lockPath) === process.pid) removeIfPresent(lockPath);
  };
  // A process that exits without closing the database (an uncaught error) still leaves no lock behind.
  process.on('exit', release);
  return { release };
}
