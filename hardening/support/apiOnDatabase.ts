// The API entry point (api-server/src/server.ts) in its own process on a database the check chooses —
// a PGlite directory or a PostgreSQL URL — for checks that read its memory, kill it and restart it on
// the same data. node --import tsx rather than the tsx binary: the pid is the server itself, so
// /proc/<pid>/status and SIGKILL reach it and not a wrapper.
import { readFile } from 'node:fs/promises';
import type { JwtSettings } from '../../api-server/src/auth/stytchJwtSettings.ts';
import { REPO, startServerProcess, waitUntilAnswering, type ServerProcess } from './childProcesses.ts';

/** A first start on an empty database seeds the 107k-parcel demo county: about 30 s on two cores. */
const FIRST_START_TIMEOUT_MS = 180_000;

export type ApiDatabase = { databaseUrl: string } | { dataDir: string };

export interface ApiOnDatabaseOptions {
  database: ApiDatabase;
  port: number;
  jwt: JwtSettings;
}

export interface ApiOnDatabase {
  baseUrl: string;
  process: ServerProcess;
  /** Resident set size from /proc/<pid>/status, in MB. */
  residentMb(): Promise<number>;
  /** SIGKILL: no shutdown handler runs. Resolves once the process is gone. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export function spawnApiOn({ database, port, jwt }: ApiOnDatabaseOptions): ServerProcess {
  return startServerProcess(process.execPath, ['--import', 'tsx', `${REPO}/api-server/src/server.ts`], {
    PORT: String(port),
    HOST: '127.0.0.1',
    // Empty means unset.
    DATABASE_URL: 'databaseUrl' in database ? database.databaseUrl : '',
    DATA_DIR: 'dataDir' in database ? database.dataDir : '',
    STYTCH_PROJECT_ID: '',
    JWKS_URL: jwt.jwksUrl,
    JWT_ISSUER: jwt.jwtIssuer,
    JWT_AUDIENCE: jwt.jwtAudience,
    LOG_LEVEL: 'warn',
  });
}

export async function startApiOn(options: ApiOnDatabaseOptions): Promise<ApiOnDatabase> {
  const server = spawnApiOn(options);
  const baseUrl = `http://127.0.0.1:${options.port}`;
  try {
    await waitUntilAnswering(`${baseUrl}/health`, server, FIRST_START_TIMEOUT_MS);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    baseUrl,
    process: server,
    residentMb: () => residentMb(server.pid),
    async kill() {
      if (server.isRunning()) process.kill(server.pid, 'SIGKILL');
      while (server.isRunning()) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    stop: () => server.stop(),
  };
}

async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb) / 1024;
}
