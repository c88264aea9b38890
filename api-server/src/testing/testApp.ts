// Starts the real server (createApiServer: the hot paths in front of the Express app) on an ephemeral
// port with a test database and identity, and speaks raw HTTP to it (node:http, so gzip bodies arrive
// as sent and 204/304 carry no body).
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Express } from 'express';
import { pino } from 'pino';
import { DEFAULT_IMPORT_MAX_JOBS, type ApiConfig } from '../app/config.ts';
import { createApiServer } from '../app/createApp.ts';
import type { Diagnostics } from '../platform/diagnostics.ts';
import type { SharedRedis } from '../platform/redis/redisClient.ts';
import { DEFAULT_JWT_MAX_LIFETIME_SECONDS } from '../platform/auth/verifyBearer.ts';
import { DEFAULT_RATE_LIMITS } from '../platform/http/rateLimits.ts';
import { DEFAULT_TILE_BUILD_LIMITS } from '../tiles/kit/tileSetRouter.ts';
import type { Db } from '@parcel-map/database';
import { listenOnLoopback } from './listenOnLoopback.ts';
import { openTestDb } from '@parcel-map/database/testing';
import { startTestIdentity, TEST_AUDIENCE, TEST_ISSUER, type TestIdentity } from './testAuth.ts';

export const TEST_ORIGIN = 'http://127.0.0.1:3000';
export const TEST_ADMIN_EMAIL = 'boss@example.com';

export interface TestResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed as JSON, or undefined when empty. */
  json: unknown;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent as is (malformed JSON, uploaded files). */
  rawBody?: string | Buffer;
  token?: string;
}

export interface TestApp {
  db: Db;
  identity: TestIdentity;
  config: ApiConfig;
  server: Server;
  app: Express;
  baseUrl: string;
  request(path: string, options?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<ApiConfig> = {}): ApiConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    databaseReadUrls: [],
    redisUrl: undefined,
    dataDir: '/nonexistent',
    jwksUrl: 'http://127.0.0.1:9/unused',
    jwtIssuer: TEST_ISSUER,
    jwtAudience: TEST_AUDIENCE,
    jwtMaxLifetimeSeconds: DEFAULT_JWT_MAX_LIFETIME_SECONDS,
    corsOrigins: [TEST_ORIGIN],
    publicBaseUrl: undefined,
    trustProxy: undefined,
    publicParcelTiles: false,
    tileBuilds: DEFAULT_TILE_BUILD_LIMITS,
    adminEmails: new Set([TEST_ADMIN_EMAIL]),
    maxUploadBytes: 50 * 1024 * 1024,
    maxImportJobs: DEFAULT_IMPORT_MAX_JOBS,
    maxImportStoredBytes: 200 * 1024 * 1024,
    importWorkDir: path.join(tmpdir(), 'parcel-map-test-imports'),
    imageryDir: '/nonexistent/imagery',
    rateLimits: DEFAULT_RATE_LIMITS,
    metricsToken: undefined,
    shutdownGraceMs: 1_000,
    logLevel: 'silent',
    ...overrides,
  };
}

export interface TestAppOptions {
  /** Without `db`: a copy of the run's seeded database (the demo county's test square), or with false its migrated one. */
  seed?: boolean;
  /** A database of the caller's own instead of a copy of this run's (a benchmark outside Vitest). */
  db?: Db;
  /** Where the read paths read (CreateAppOptions.readDb); closed with the app. */
  readDb?: Db;
  config?: Partial<ApiConfig>;
  /** The token local commands would hand work over with (app/server.ts writes one on PGlite). */
  localAdminToken?: string;
  /** What the server reports of its fast paths and caches (testing/countingDiagnostics.ts counts it). */
  diagnostics?: Diagnostics;
  /** Counts shared through this Redis (REDIS_URL), with other apps given the same one. */
  redis?: SharedRedis;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = options.db ?? (await openTestDb(options.seed === false ? 'migrated' : 'seeded'));
  const logger = pino({ level: 'silent' });
  const identity = await startTestIdentity();
  const config = testConfig({ jwksUrl: identity.jwksUrl, ...options.config });
  const { server, app } = createApiServer({ db, readDb: options.readDb, config, logger, localAdminToken: options.localAdminToken, diagnostics: options.diagnostics, redis: options.redis });
  const { baseUrl, close } = await listenOnLoopback(server);

  return {
    db,
    identity,
    config,
    server,
    app,
    baseUrl,
    request: (path, requestOptions) => rawRequest(baseUrl + path, requestOptions),
    async close() {
      await close();
      await identity.close();
      await options.readDb?.close();
      await db.close();
    },
  };
}

// Headers node:http adds to every response on its own.
const PER_RESPONSE_HEADERS = new Set(['date', 'connection', 'keep-alive']);

/** What two answers to the same request must agree on: status, headers (node's own per-response ones aside) and body. */
export function comparableResponse(response: TestResponse, bodyEncoding: BufferEncoding) {
  return {
    status: response.status,
    headers: Object.fromEntries(Object.entries(response.headers).filter(([name]) => !PER_RESPONSE_HEADERS.has(name))),
    body: response.body.toString(bodyEncoding),
  };
}

export function rawRequest(url: string, options: RequestOptions = {}): Promise<TestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  let payload: string | Buffer | undefined = options.rawBody;
  if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
    headers['Content-Type'] = 'application/json';
  }
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
  // Framed by length: node sends GET/DELETE/OPTIONS bodies with neither length nor chunking otherwise.
  if (payload !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-length')) {
    headers['Content-Length'] = String(Buffer.byteLength(payload));
  }

  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const isJson = (res.headers['content-type'] ?? '').includes('json');
        // A JSON content type over a body that is not JSON rejects the request (instead of throwing in this callback).
        try {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: isJson && body.length > 0 ? JSON.parse(body.toString('utf8')) : undefined,
          });
        } catch (error) {
          reject(error);
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
