import path from 'node:path';
import { z } from 'zod';

const LIVE_PUBLIC_TOKEN_PREFIX = 'public-token-live-';
const LIVE_PROJECT_ID_PREFIX = 'project-live-';

const DEFAULT_DATA_DIR = path.resolve(import.meta.dirname, '../../.data/identity');
/** `npm start`'s host, as the API's CORS_ORIGINS default. */
const DEFAULT_FRONT_END_ORIGINS = ['http://127.0.0.1:3000', 'http://localhost:3000'];
/** Where the app receives sign-in tokens (README, "Production sign-in"). */
const APP_CALLBACK_PATH = '/authenticate';

const commaSeparatedOrigins = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin.length > 0),
  );

const identityEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4100),
  PROJECT_ID: z
    .string()
    .min(1)
    .default('project-test-local')
    .refine((id) => !id.startsWith(LIVE_PROJECT_ID_PREFIX), {
      message: `looks like a live Stytch project id ("${LIVE_PROJECT_ID_PREFIX}..."); local-identity only stands in for test projects`,
    }),
  PUBLIC_TOKEN: z
    .string()
    .min(1)
    .default('public-token-test-local')
    .refine((token) => !token.startsWith(LIVE_PUBLIC_TOKEN_PREFIX), {
      message: `looks like a live Stytch public token ("${LIVE_PUBLIC_TOKEN_PREFIX}..."); refusing to impersonate a live project`,
    }),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  OAUTH_PROVIDER: z
    .string()
    .regex(/^[a-z]+$/, 'must be a lower-case Stytch provider name such as "microsoft"')
    .default('microsoft'),
  // The front end's origins, as the API's CORS_ORIGINS: the only pages the SDK routes grant CORS to,
  // and (by default) the only places sign-in links and OAuth redirects may lead.
  ALLOWED_ORIGINS: commaSeparatedOrigins.default([...DEFAULT_FRONT_END_ORIGINS]),
  // As Stytch's dashboard list of redirect URLs; default `<origin>/authenticate` of each allowed origin.
  ALLOWED_REDIRECT_URLS: commaSeparatedOrigins.optional(),
  // Every client of this service is on 127.0.0.1, so the per-IP limit is a flood guard for the whole
  // machine: high enough for e2e suites that sign in a fresh user per test, low enough to stop a loop.
  SEND_LIMIT_PER_EMAIL_PER_MINUTE: z.coerce.number().int().positive().default(5),
  SEND_LIMIT_PER_IP_PER_MINUTE: z.coerce.number().int().positive().default(120),
  // OAuth consents (each mints a sign-in token) per client IP in any one minute: the same flood guard.
  CONSENT_LIMIT_PER_IP_PER_MINUTE: z.coerce.number().int().positive().default(120),
  ENABLE_DEV_FAULTS: z
    .enum(['0', '1'])
    .default('0')
    .transform((flag) => flag === '1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface IdentityConfig {
  port: number;
  projectId: string;
  publicToken: string;
  dataDir: string;
  oauthProvider: string;
  /** The front end's origins: CORS on the SDK routes. */
  allowedOrigins: readonly string[];
  /** Where sign-in links and OAuth redirects may lead (origin and path; the query is the SDK's). */
  allowedRedirectUrls: readonly string[];
  /** Magic-link sends allowed per address, and per client IP, in any one minute. */
  sendLimitPerEmailPerMinute: number;
  sendLimitPerIpPerMinute: number;
  /** OAuth consents allowed per client IP in any one minute. */
  consentLimitPerIpPerMinute: number;
  devFaultsEnabled: boolean;
  logLevel: string;
}

/** Parses the environment and fails fast with every problem listed. */
export function parseIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  // An empty variable (`PORT=`) means "use the default", not "coerce '' to 0".
  const setVariables = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = identityEnvSchema.safeParse(setVariables);
  if (!parsed.success) {
    throw new Error(`local-identity: invalid environment\n${z.prettifyError(parsed.error)}`);
  }
  const vars = parsed.data;
  return {
    port: vars.PORT,
    projectId: vars.PROJECT_ID,
    publicToken: vars.PUBLIC_TOKEN,
    dataDir: path.resolve(vars.DATA_DIR),
    oauthProvider: vars.OAUTH_PROVIDER,
    allowedOrigins: vars.ALLOWED_ORIGINS,
    allowedRedirectUrls: vars.ALLOWED_REDIRECT_URLS ?? vars.ALLOWED_ORIGINS.map((origin) => `${origin.replace(/\/+$/, '')}${APP_CALLBACK_PATH}`),
    sendLimitPerEmailPerMinute: vars.SEND_LIMIT_PER_EMAIL_PER_MINUTE,
    sendLimitPerIpPerMinute: vars.SEND_LIMIT_PER_IP_PER_MINUTE,
    consentLimitPerIpPerMinute: vars.CONSENT_LIMIT_PER_IP_PER_MINUTE,
    devFaultsEnabled: vars.ENABLE_DEV_FAULTS,
    logLevel: vars.LOG_LEVEL,
  };
}
