// The real API, compiled (childProcesses.ts: COMPILED), in its own process, configured through its
// environment as in production, on a copy of the seeded test data: a crash is the process exiting,
// not the runner, and "still answers /health" means the same server that took the requests.
import type { JwtSettings } from '../../api-server/src/platform/auth/stytchJwtSettings.ts';
import { rawRequest, type RequestOptions, type TestResponse } from '../../api-server/src/testing/testApp.ts';
import { COMPILED, SERVER_START_TIMEOUT_MS, startServerProcess, waitUntilAnswering, type ServerProcess } from './childProcesses.ts';
import { seededPgliteDir } from './seededDataDir.ts';

export interface ApiProcess {
  baseUrl: string;
  /** Its PGlite directory: open it (after stop()) to see what the API really stored. */
  dataDir: string;
  process: ServerProcess;
  request(path: string, options?: RequestOptions): Promise<TestResponse>;
  /** Still running and answering GET /health with 200. */
  isHealthy(): Promise<boolean>;
  stop(): Promise<void>;
}

export interface ApiProcessOptions {
  port: number;
  jwt: JwtSettings;
  corsOrigins: readonly string[];
  /** A PGlite directory prepared by the check; a fresh copy of the seeded test square by default. */
  dataDir?: string;
  /** More of the API's environment (rate limits, …). */
  env?: Record<string, string>;
}

export async function startApiProcess({ port, jwt, corsOrigins, dataDir: givenDataDir, env = {} }: ApiProcessOptions): Promise<ApiProcess> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = givenDataDir ?? (await seededPgliteDir());
  const server = startServerProcess(process.execPath, [COMPILED.api], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Empty means unset: PGlite, and the explicit JWT settings rather than a Stytch project's.
    DATABASE_URL: '',
    STYTCH_PROJECT_ID: '',
    JWKS_URL: jwt.jwksUrl,
    JWT_ISSUER: jwt.jwtIssuer,
    JWT_AUDIENCE: jwt.jwtAudience,
    CORS_ORIGINS: corsOrigins.join(','),
    LOG_LEVEL: 'warn',
    ...env,
  });
  try {
    await waitUntilAnswering(`${baseUrl}/health`, server, SERVER_START_TIMEOUT_MS, `API listening on ${baseUrl}`);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    process: server,
    request: (path, options) => rawRequest(baseUrl + path, options),
    async isHealthy() {
      if (!server.isRunning()) return false;
      try {
        return (await rawRequest(`${baseUrl}/health`)).status === 200;
      } catch {
        return false;
      }
    },
    stop: () => server.stop(),
  };
}
