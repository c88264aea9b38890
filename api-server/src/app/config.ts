// Parses the environment once at start-up and fails fast with every problem listed.
import path from 'node:path';
import { databaseLocationFromEnv, DEFAULT_DATA_DIR, imageryDirFromEnv } from '@parcel-map/database';
import { z } from 'zod';
import { STYTCH_PROJECT_ID_PATTERN, stytchJwtSettings } from '../platform/auth/stytchJwtSettings.ts';
import { DEFAULT_JWT_MAX_LIFETIME_SECONDS, type BearerSettings } from '../platform/auth/verifyBearer.ts';
import { DEFAULT_RATE_LIMITS, RATE_LIMITED_ROUTES, type RateLimitedRoute, type RateLimitSettings } from '../platform/http/rateLimits.ts';
import { DEFAULT_TILE_BUILD_LIMITS } from '../tiles/kit/tileSetRouter.ts';
import type { TurnLimits } from '../platform/runtime/turnsPerKey.ts';

/** The embedded default administrator (README): sign in with this address to reach the Data page. */
const DEFAULT_ADMIN_EMAIL = 'admin@example.com';
const DEFAULT_MAX_UPLOAD_MB = 500;
/** Imports held at once (each its files, and once validated its parcels in memory). */
export const DEFAULT_IMPORT_MAX_JOBS = 5;
/** The disk the held imports' files may take in all. */
const DEFAULT_IMPORT_MAX_STORED_MB = 2048;
const DEFAULT_SHUTDOWN_GRACE_SECONDS = 10;
/** A shorter metrics token is too easy to guess. */
const MIN_METRICS_TOKEN_LENGTH = 16;

const commaSeparatedList = z.string().transform((value) =>
  value
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin.length > 0),
);

/** RATE_LIMIT_SEARCH_PER_USER, RATE_LIMIT_SAVED_PARCEL_WRITES_PER_ADDRESS…: each route's two limits. */
const rateLimitVariable = (route: RateLimitedRoute, per: 'USER' | 'ADDRESS') => `RATE_LIMIT_${route.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}_PER_${per}`;
const requestsPerWindow = z.coerce.number().int().min(1).max(1_000_000);
const rateLimitSchema = z.object({
  /** 'off': no request rate limits (behind a gateway that limits already). */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(DEFAULT_RATE_LIMITS.windowSeconds),
  ...Object.fromEntries(
    RATE_LIMITED_ROUTES.flatMap((route) => [
      [rateLimitVariable(route, 'USER'), requestsPerWindow.default(DEFAULT_RATE_LIMITS.routes[route].perUser)],
      [rateLimitVariable(route, 'ADDRESS'), requestsPerWindow.default(DEFAULT_RATE_LIMITS.routes[route].perAddress)],
    ]),
  ),
});

const apiEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Set: PostgreSQL through `pg`. Unset: PGlite persisted under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Set (with DATABASE_URL): streaming replicas, comma-separated; the read paths query one of them, picked at start. Unset: every read goes to DATABASE_URL. */
  DATABASE_READ_URL: commaSeparatedList.pipe(z.array(z.url({ protocol: /^postgres(ql)?$/ })).min(1)).optional(),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  /** Set: rate limits and users' turns at the heavy reads are counted in this Redis, shared by every instance on it. Unset: each process counts alone. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  JWKS_URL: z.url().default('http://127.0.0.1:4100/v1/sessions/jwks/project-test-local'),
  JWT_ISSUER: z.string().min(1).default('stytch.com/project-test-local'),
  JWT_AUDIENCE: z.string().min(1).default('project-test-local'),
  /** Set: production identity. JWKS URL, issuer and audience follow from the Stytch project. */
  STYTCH_PROJECT_ID: z.string().regex(STYTCH_PROJECT_ID_PATTERN).optional(),
  STYTCH_API_BASE_URL: z.url({ protocol: /^https$/ }).optional(),
  /** Session JWTs living longer than this (exp − iat) are refused. */
  JWT_MAX_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(86_400).default(DEFAULT_JWT_MAX_LIFETIME_SECONDS),
  CORS_ORIGINS: commaSeparatedList.default(['http://127.0.0.1:3000', 'http://localhost:3000']),
  /** Absolute URL the API is reached at, used inside style JSON; unset: see TRUST_PROXY. */
  PUBLIC_BASE_URL: z.url().optional(),
  /**
   * The proxies whose X-Forwarded-* headers are believed (Express's 'trust proxy': addresses, subnets,
   * 'loopback'…, comma-separated). Only then does style JSON name the address a request came through;
   * unset, it names the address the API was reached on, and no request header is believed.
   */
  TRUST_PROXY: commaSeparatedList.optional(),
  /** Tile builds (tiles not cached yet) one client address runs at once; more wait their turn (docs/operations.md, Security). */
  TILE_BUILDS_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(DEFAULT_TILE_BUILD_LIMITS.runningPerKey),
  /** Tile builds one address may have waiting beyond those; its next tile request is refused (429). */
  TILE_BUILDS_WAITING_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_TILE_BUILD_LIMITS.waitingPerKey),
  /** 'true': parcel and overlay tiles (county data) for anyone, without a session (docs/operations.md, Security). */
  PUBLIC_PARCEL_TILES: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  /** Who gets the Data page: comma-separated e-mail addresses (case-insensitive). */
  ADMIN_EMAILS: z.string().default(DEFAULT_ADMIN_EMAIL),
  /** The largest file the Data page (and a handed-over import) uploads, in MB. */
  MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_MAX_UPLOAD_MB),
  IMPORT_MAX_JOBS: z.coerce.number().int().min(1).max(1000).default(DEFAULT_IMPORT_MAX_JOBS),
  IMPORT_MAX_STORED_MB: z.coerce.number().int().min(1).max(10_000_000).default(DEFAULT_IMPORT_MAX_STORED_MB),
  /** Where uploaded files wait while they are validated and published; unset: `<DATA_DIR>/import-work`. */
  IMPORT_WORK_DIR: z.string().min(1).optional(),
  /** Where imported imagery's tiled files are (the import commands write there); unset: `<DATA_DIR>/imagery`. */
  IMAGERY_DIR: z.string().min(1).optional(),
  /** Set: GET /metrics answers requests bearing it (docs/operations.md, Metrics). Unset: no /metrics. */
  METRICS_TOKEN: z.string().min(MIN_METRICS_TOKEN_LENGTH).optional(),
  /** How long requests still running at SIGTERM may take before their connections are cut. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(DEFAULT_SHUTDOWN_GRACE_SECONDS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...rateLimitSchema.shape,
})
  // A proxy passes on whatever Host a client sends; style JSON (publicly cacheable) must not name it.
  .refine((vars) => !vars.TRUST_PROXY?.length || vars.PUBLIC_BASE_URL !== undefined, {
    path: ['PUBLIC_BASE_URL'],
    message: 'PUBLIC_BASE_URL must be set when TRUST_PROXY is: the address browsers reach the API at, which style JSON names',
  })
  // Replicas of PGlite do not exist: the read URLs must be the primary's streaming replicas.
  .refine((vars) => vars.DATABASE_READ_URL === undefined || vars.DATABASE_URL !== undefined, {
    path: ['DATABASE_READ_URL'],
    message: 'DATABASE_READ_URL needs DATABASE_URL: it names replicas of that PostgreSQL',
  });

export interface ApiConfig extends BearerSettings {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** DATABASE_READ_URL: the replicas the read paths query; empty: they read databaseUrl (or PGlite). */
  databaseReadUrls: readonly string[];
  /** undefined: limits counted in this process alone. */
  redisUrl: string | undefined;
  dataDir: string;
  /** DATA_DIR_LOCK_WAIT_SECONDS, read as the county data tools read it (database/src/openDb.ts). */
  lockWaitMs?: number;
  corsOrigins: readonly string[];
  publicBaseUrl: string | undefined;
  /** undefined: no proxy trusted. */
  trustProxy: readonly string[] | undefined;
  /** Parcel and overlay tiles without a session. */
  publicParcelTiles: boolean;
  tileBuilds: TurnLimits;
  /** Lower-case. */
  adminEmails: ReadonlySet<string>;
  maxUploadBytes: number;
  maxImportJobs: number;
  maxImportStoredBytes: number;
  importWorkDir: string;
  /** IMAGERY_DIR: the imagery files the tiles are read from. */
  imageryDir: string;
  rateLimits: RateLimitSettings;
  /** undefined: GET /metrics is not served. */
  metricsToken: string | undefined;
  shutdownGraceMs: number;
  logLevel: string;
}

export function parseApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  // An empty variable (`PORT=`) means "use the default", not "coerce '' to 0".
  const setVariables = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = apiEnvSchema.safeParse(setVariables);
  if (!parsed.success) {
    throw new Error(`api-server: invalid environment\n${z.prettifyError(parsed.error)}`);
  }
  const vars = parsed.data;
  const stytch = vars.STYTCH_PROJECT_ID ? stytchJwtSettings(vars.STYTCH_PROJECT_ID, vars.STYTCH_API_BASE_URL) : undefined;
  return {
    port: vars.PORT,
    host: vars.HOST,
    databaseUrl: vars.DATABASE_URL,
    databaseReadUrls: vars.DATABASE_READ_URL ?? [],
    redisUrl: vars.REDIS_URL,
    dataDir: path.resolve(vars.DATA_DIR),
    lockWaitMs: databaseLocationFromEnv(env).lockWaitMs,
    jwksUrl: stytch?.jwksUrl ?? vars.JWKS_URL,
    jwtIssuer: stytch?.jwtIssuer ?? vars.JWT_ISSUER,
    jwtAudience: stytch?.jwtAudience ?? vars.JWT_AUDIENCE,
    jwtMaxLifetimeSeconds: vars.JWT_MAX_LIFETIME_SECONDS,
    corsOrigins: vars.CORS_ORIGINS,
    publicBaseUrl: vars.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    trustProxy: vars.TRUST_PROXY?.length ? vars.TRUST_PROXY : undefined,
    publicParcelTiles: vars.PUBLIC_PARCEL_TILES,
    tileBuilds: { runningPerKey: vars.TILE_BUILDS_PER_ADDRESS, waitingPerKey: vars.TILE_BUILDS_WAITING_PER_ADDRESS },
    adminEmails: new Set(vars.ADMIN_EMAILS.split(',').map((email) => email.trim().toLowerCase()).filter((email) => email.length > 0)),
    maxUploadBytes: vars.MAX_UPLOAD_MB * 1024 * 1024,
    maxImportJobs: vars.IMPORT_MAX_JOBS,
    maxImportStoredBytes: vars.IMPORT_MAX_STORED_MB * 1024 * 1024,
    importWorkDir: path.resolve(vars.IMPORT_WORK_DIR ?? path.join(vars.DATA_DIR, 'import-work')),
    imageryDir: imageryDirFromEnv(env),
    rateLimits: rateLimitSettings(vars),
    metricsToken: vars.METRICS_TOKEN,
    shutdownGraceMs: vars.SHUTDOWN_GRACE_SECONDS * 1000,
    logLevel: vars.LOG_LEVEL,
  };
}

/** `vars`: the parsed environment, each route's two variables among them (numbers, by the schema). */
function rateLimitSettings(vars: { RATE_LIMITS: 'on' | 'off'; RATE_LIMIT_WINDOW_SECONDS: number } & Record<string, unknown>): RateLimitSettings {
  const limit = (route: RateLimitedRoute, per: 'USER' | 'ADDRESS') => Number(vars[rateLimitVariable(route, per)]);
  const routes = Object.fromEntries(RATE_LIMITED_ROUTES.map((route) => [route, { perUser: limit(route, 'USER'), perAddress: limit(route, 'ADDRESS') }])) as RateLimitSettings['routes'];
  return { enabled: vars.RATE_LIMITS === 'on', windowSeconds: vars.RATE_LIMIT_WINDOW_SECONDS, refusalDelayMs: DEFAULT_RATE_LIMITS.refusalDelayMs, routes };
}
