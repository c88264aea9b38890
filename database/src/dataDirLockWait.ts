// `npm start`'s demo seed and API wait for a county command holding the PGlite directory (one run just
// before the start) to finish, instead of exiting: bounded by DATA_DIR_LOCK_WAIT_SECONDS
// (docs/decisions.md). An API serving the directory is no passing command: refused at once.
import { setTimeout as delay } from 'node:timers/promises';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './dataDirLock.ts';
import { readLocalHandover } from './localHandover.ts';

/** How often the holder is asked after again: a command's exit is noticed within this. */
const LOCK_POLL_MS = 200;

export interface DataDirLockWait {
  /** 0: refuse at once, as a deployment's second process should. */
  waitMs: number;
  /** Told once, when the wait begins, what it waits for: a line for the log. */
  onWait?(message: string): void;
}

/** Takes the lock on `dataDir`, waiting up to `waitMs` for its holder; throws DataDirLockedError after that. */
export async function waitForDataDirLock(dataDir: string, { waitMs, onWait }: DataDirLockWait): Promise<DataDirLock> {
  const deadline = Date.now() + waitMs;
  let told = false;
  for (;;) {
    try {
      return acquireDataDirLock(dataDir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError) || Date.now() >= deadline || readLocalHandover(dataDir)?.pid === error.ownerPid) throw error;
      if (!told) onWait?.(`waiting for the county command holding ${dataDir} (pid ${error.ownerPid}) to finish, up to ${Math.round(waitMs / 1000)} s (DATA_DIR_LOCK_WAIT_SECONDS)`);
      told = true;
      await delay(LOCK_POLL_MS);
    }
  }
}
