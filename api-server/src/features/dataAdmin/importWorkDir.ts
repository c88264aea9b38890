// The folder uploaded files wait in (IMPORT_WORK_DIR): readable by the API's user alone, since county
// files may be licensed, and swept of what a stopped or killed process left behind. Several instances
// may share it (PostgreSQL, one machine), so a sweep removes only folders untouched for longer than an
// import may sit idle, never one a live import of this process owns.
import { chmod, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Owner only: rwx------. */
export const WORK_DIR_MODE = 0o700;

/** Creates `dir` (and any folder above it) if missing, and leaves it to the owner alone. */
export async function prepareWorkDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: WORK_DIR_MODE });
  // mkdir leaves an existing folder's mode as it was, and the umask may have narrowed a new one's.
  await chmod(dir, WORK_DIR_MODE);
}

/**
 * Removes what `dir` holds that is not in `live` (the names of this process's imports) and was last
 * changed more than `olderThanMs` ago; answers the names removed.
 */
export async function sweepWorkDir(dir: string, live: ReadonlySet<string>, olderThanMs: number): Promise<string[]> {
  const now = Date.now();
  const removed: string[] = [];
  for (const name of await readdir(dir)) {
    if (live.has(name)) continue;
    const entry = path.join(dir, name);
    const changed = await stat(entry).then(({ mtimeMs }) => mtimeMs, () => undefined);
    if (changed === undefined || now - changed <= olderThanMs) continue;
    await rm(entry, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
