// A PostgreSQL cluster of our own in a temporary directory, so a check can restart PostgreSQL without
// touching the machine's shared server, and streaming replicas of it. Runs as the postgres user
// (initdb and postgres refuse root). initdb's pg_hba.conf trusts replication from loopback, which the
// machine's own server need not (Debian's trusts no replication connection over TCP).
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

export interface PrivatePostgres {
  url: string;
  /** Stops the server (fast shutdown: sessions are cut) and starts it again; resolves when it accepts connections. */
  restart(): Promise<void>;
  /** Stops the server and deletes its directory. */
  destroy(): Promise<void>;
}

/** The newest installed server's bin directory, or undefined when PostgreSQL is not installed. */
export function postgresBinDir(): string | undefined {
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((name) => existsSync(path.join(POSTGRES_ROOT, name, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : path.join(POSTGRES_ROOT, versions[0], 'bin');
}

export function startPrivatePostgres(port: number): Promise<PrivatePostgres> {
  return startCluster(port, [], (asPostgres, dataDir) => asPostgres('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']));
}

/**
 * A hot standby of `primary` (one started by startPrivatePostgres) on `port`, copied by pg_basebackup -R
 * and streaming from it. `applyDelayMs`: each commit is replayed that long after the primary made it
 * (recovery_min_apply_delay), a replica that lags on purpose.
 */
export function startPrivateReplica(primary: PrivatePostgres, port: number, { applyDelayMs = 0 }: { applyDelayMs?: number } = {}): Promise<PrivatePostgres> {
  const { port: primaryPort } = new URL(primary.url);
  return startCluster(port, ['-c', `recovery_min_apply_delay=${applyDelayMs}ms`], (asPostgres, dataDir) =>
    asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', primaryPort, '-U', 'postgres', '-D', dataDir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync']),
  );
}

type AsPostgres = (command: string, args: string[]) => Promise<unknown>;

async function startCluster(port: number, settings: string[], create: (asPostgres: AsPostgres, dataDir: string) => Promise<unknown>): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (bin === undefined) throw new Error(`no PostgreSQL server under ${POSTGRES_ROOT}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'hardening-pg-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const asPostgres: AsPostgres = (command, args) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]) : run(path.join(bin, command), args);
  const pgCtl = (...args: string[]) => asPostgres('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', ...args]);

  try {
    await create(asPostgres, dataDir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const options = [`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, ...settings].join(' ');
  const start = () => pgCtl('-o', options, 'start');
  await start();

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart() {
      await pgCtl('-m', 'fast', 'stop');
      await start();
    },
    async destroy() {
      await pgCtl('-m', 'immediate', 'stop').catch(() => undefined); // already stopped after a failed restart
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
