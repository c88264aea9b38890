// `npm start`'s mark on the PGlite directory for its whole life (scripts/start.mjs): a county command
// that finds it, and no API to hand over to yet, waits for the API being started instead of taking
// the directory in the moment between the demo seed and the API (localHandover.ts reads it).
// Plain JavaScript: `npm start` runs under node before anything is installed or built.
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const START_MARKER_FILE_NAME = 'parcel-map-start.pid';

/** The pid in the marker, undefined when there is none or it is garbled. */
export function readStartMarkerPid(dataDir) {
  let text;
  try {
    text = readFileSync(path.join(dataDir, START_MARKER_FILE_NAME), 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(text.trim(), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Marks `dataDir` (which must exist) as being started by this process; the returned function removes the mark (once, and only ours). */
export function writeStartMarker(dataDir) {
  const file = path.join(dataDir, START_MARKER_FILE_NAME);
  writeFileSync(file, `${process.pid}\n`);
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    process.off('exit', remove);
    if (readStartMarkerPid(dataDir) !== process.pid) return;
    try {
      unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  // Killed by a signal, the process leaves the file behind: its pid, no longer running, reads as no start.
  process.on('exit', remove);
  return remove;
}
