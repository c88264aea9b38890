// Verifies the Stytch-style session JWT of each request locally (DESIGN §5): RS256 only, keys from
// the JWKS URL, issuer, audience, `typ` JWT and expiry, with 30 s of clock tolerance.
import type { RequestHandler } from 'express';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { ApiConfig } from '../config.ts';
import { UnauthorizedError } from '../http/httpErrors.ts';
import type { Logger } from '../logger.ts';

export const CLOCK_TOLERANCE_SECONDS = 30;
/** The only signature algorithm accepted: Stytch signs session JWTs with RS256. No `none`, no HMAC. */
export const ALLOWED_ALGORITHMS = ['RS256'];
/**
 * The JWKS is cached for 10 minutes; a token whose `kid` is not in the cache triggers one refetch,
 * at most once per 30 s, so a flood of made-up kids cannot turn into a flood of JWKS requests.
 */
export const JWKS_CACHE_MAX_AGE_MS = 10 * 60_000;
export const JWKS_REFETCH_COOLDOWN_MS = 30_000;
const JWKS_FETCH_TIMEOUT_MS = 5_000;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

export type BearerVerifier = (token: string) => Promise<string>;

export interface BearerVerifierOptions {
  /** Only for callers that hold keys locally; the server always fetches the JWKS over HTTP. */
  keys?: JWTVerifyGetKey;
  /** The clock exp/nbf are checked against; tests move it. */
  now?: () => Date;
}

export function remoteJwks(jwksUrl: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(jwksUrl), {
    cacheMaxAge: JWKS_CACHE_MAX_AGE_MS,
    cooldownDuration: JWKS_REFETCH_COOLDOWN_MS,
    timeoutDuration: JWKS_FETCH_TIMEOUT_MS,
  });
}

export function createBearerVerifier(
  config: Pick<ApiConfig, 'jwksUrl' | 'jwtIssuer' | 'jwtAudience'>,
  { keys = remoteJwks(config.jwksUrl), now }: BearerVerifierOptions = {},
): BearerVerifier {
  return async (token) => {
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ALLOWED_ALGORITHMS,
      ...(now ? { currentDate: now() } : {}),
      issuer: config.jwtIssuer,
      audience: config.jwtAudience,
      typ: 'JWT',
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'exp'],
    });
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new Error('JWT has no subject');
    return payload.sub;
  };
}

/** Sets req.userId from a valid `Authorization: Bearer <jwt>`; anything else answers 401. */
export function requireUser(verify: BearerVerifier, logger: Logger): RequestHandler {
  return async (req, _res, next) => {
    const match = BEARER.exec(req.get('authorization') ?? '');
    if (!match?.[1]) throw new UnauthorizedError();
    try {
      req.userId = await verify(match[1]);
    } catch (error) {
      logger.debug({ err: error }, 'bearer token rejected');
      throw new UnauthorizedError();
    }
    next();
  };
}

/** The user id set by requireUser; a route without it is a wiring mistake, answered as 401. */
export function userIdOf(req: { userId?: string | undefined }): string {
  if (req.userId === undefined) throw new UnauthorizedError();
  return req.userId;
}
