// How the import and datasets commands reach the API that holds a PGlite directory (PGlite allows one
// process per directory, dataDirLock.ts): the API writes its address and a random admin token into
// the directory, readable by its owner only, and removes the file when it stops. Whoever can read the
// directory can read the data itself, so the token gives nothing more than the files already do.
import { chmodSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isRunning } from './dataDirLock.ts';
import { readStartMarkerPid } from './startMarker.mjs';

export const HANDOVER_FILE_NAME = 'parcel-map-api.json';

export interface LocalHandover {
  /** The API's base URL, e.g. http://127.0.0.1:4000. */
  url: string;
  /** Accepted by the API's admin routes as an administrator's credential. */
  token: string;
  pid: number;
}

/** Writes the handover for this process; the returned function removes it (once, and only ours). */
export function writeLocalHandover(dataDir: string, handover: Omit<LocalHandover, 'pid'>): () => void {
  const file = path.join(dataDir, HANDOVER_FILE_NAME);
  const temporary = `${file}.${process.pid}`;
  writeFileSync(temporary, `${JSON.stringify({ ...handover, pid: process.pid })}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    process.off('exit', remove);
    if (readLocalHandover(dataDir)?.pid === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        // Already gone.
      }
    }
  };
  process.on('exit', remove);
  return remove;
}

/** The running API's handover for `dataDir`, or undefined when none is there or its process is gone. */
export function readLocalHandover(dataDir: string): LocalHandover | undefined {
  let parsed: Partial<LocalHandover>;
  try {
    parsed = JSON.parse(readFileSync(path.join(dataDir, HANDOVER_FILE_NAME), 'utf8')) as Partial<LocalHandover>;
  } catch {
    return undefined;
  }
  const { url, token, pid } = parsed;
  if (typeof url !== 'string' || typeof token !== 'string' || typeof pid !== 'number' || !isRunning(pid)) return undefined;
  return { url, token, pid };
}

/** The pid of the `npm start` that is starting (or running) the product on `dataDir`, or undefined when none is. */
export function startInProgress(dataDir: string): number | undefined {
  const pid = readStartMarkerPid(dataDir);
  return pid !== undefined && isRunning(pid) ? pid : undefined;
}
