// PGlite is single-process: a running API (or another import) on the same DATA_DIR would corrupt it.
// PGlite leaves no lock a second process could see, so on Linux the importer looks through /proc for
// an api-server or importer process using the same directory; elsewhere the README's rule applies.
import { readdir, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';
import { parseApiConfig } from '../config.ts';

const ENTRY_POINTS = ['src/server.ts', 'src/import/importCli.ts'];

export interface DataDirUser {
  pid: number;
  command: string;
}

export async function findPgliteDirUsers(dataDir: string): Promise<DataDirUser[]> {
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  } catch {
    return [];
  }
  const target = path.resolve(dataDir);
  const ancestors = await ancestorPids();
  const users: DataDirUser[] = [];
  await Promise.all(
    pids.map(async (pid) => {
      if (ancestors.has(Number(pid))) return;
      try {
        const args = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
        const cwd = await readlink(`/proc/${pid}/cwd`);
        const entry = args.find((arg) => ENTRY_POINTS.some((point) => path.resolve(cwd, arg).endsWith(`api-server/${point}`)));
        if (!entry) return;
        const env = Object.fromEntries(
          (await readFile(`/proc/${pid}/environ`, 'utf8'))
            .split('\0')
            .filter(Boolean)
            .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
        );
        if (env.DATABASE_URL) return;
        // Same parsing as that process does: an unset DATA_DIR means the default beside the repo.
        const otherDir = env.DATA_DIR ? path.resolve(cwd, env.DATA_DIR) : parseApiConfig({}).dataDir;
        if (otherDir === target) users.push({ pid: Number(pid), command: args.join(' ') });
      } catch {
        // The process ended or is not ours to read.
      }
    }),
  );
  return users.sort((a, b) => a.pid - b.pid);
}

/** This process's parents (npm, the tsx wrapper) run the same entry point; they are not other users. */
async function ancestorPids(): Promise<Set<number>> {
  const pids = new Set<number>();
  let pid = process.ppid;
  while (pid > 1 && !pids.has(pid)) {
    pids.add(pid);
    try {
      // Field 4 of /proc/PID/stat, after the parenthesised command name.
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      pid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      break;
    }
  }
  return pids;
}

export async function assertPgliteDirFree(dataDir: string): Promise<void> {
  const users = await findPgliteDirUsers(dataDir);
  if (users.length === 0) return;
  throw new Error(
    `the PGlite directory ${dataDir} is in use by process ${users.map((user) => user.pid).join(', ')} ` +
      `(${users[0]!.command.slice(0, 120)}). PGlite allows one process at a time: stop the API first, ` +
      'or import into PostgreSQL with DATABASE_URL while it runs.',
  );
}
