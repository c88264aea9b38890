// Verifies the Stytch-style session JWT of each request locally (DESIGN §5): RS256 only, keys from
// the JWKS URL, issuer, audience, `typ` JWT and expiry, with 30 s of clock tolerance, and a lifetime
// no longer than the configured maximum.
import type { RequestHandler } from 'express';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';
import { UnauthorizedError } from '../http/httpErrors.ts';
import type { Logger } from '../logger.ts';
import type { JwtSettings } from './stytchJwtSettings.ts';

export const CLOCK_TOLERANCE_SECONDS = 30;
/** The only signature algorithm accepted: Stytch signs session JWTs with RS256. No `none`, no HMAC. */
const ALLOWED_ALGORITHMS = ['RS256'];
/**
 * The JWKS is cached for 10 minutes; a token whose `kid` is not in the cache triggers one refetch,
 * at most once per 30 s, so a flood of made-up kids cannot turn into a flood of JWKS requests.
 */
const JWKS_CACHE_MAX_AGE_MS = 10 * 60_000;
export const JWKS_REFETCH_COOLDOWN_MS = 30_000;
const JWKS_FETCH_TIMEOUT_MS = 5_000;
/** Tokens already verified, kept with their time claims (a session JWT is ~1 KB). */
const VERIFIED_TOKENS_CACHED = 10_000;
/** Characters of a verified token's end (its RS256 signature, 342 characters) it is cached under. */
const VERIFIED_TOKEN_KEY_LENGTH = 64;
/** `Authorization: Bearer <token>`, the token in group 1. */
export const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The longest lifetime (exp − iat) a token may have: Stytch's, whose session JWTs live 5 minutes. A
 * correctly signed token valid for longer (a leaked signing key, a misconfigured issuer) would
 * otherwise stay usable long after the session behind it ended; and since tokens are checked here
 * without asking Stytch, this is also how long a logged-out session's JWT still reads (plus the
 * 30 s clock tolerance; docs/operations.md, Security).
 */
export const DEFAULT_JWT_MAX_LIFETIME_SECONDS = 300;

/** What the verifier checks tokens against: where the keys are, and how long a token may live. */
export interface BearerSettings extends JwtSettings {
  jwtMaxLifetimeSeconds: number;
}

export interface BearerVerifier {
  /** The subject of a valid token; rejects an invalid one. */
  (token: string): Promise<string>;
  /** The subject of a token verified before whose time claims still hold, without waiting; else undefined. */
  known?: (token: string) => string | undefined;
}

export interface BearerVerifierOptions {
  /** Only for callers that hold keys locally; the server always fetches the JWKS over HTTP. */
  keys?: JWTVerifyGetKey;
  /** The clock exp/nbf are checked against; tests move it. */
  now?: () => Date;
}

function remoteJwks(jwksUrl: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(jwksUrl), {
    cacheMaxAge: JWKS_CACHE_MAX_AGE_MS,
    cooldownDuration: JWKS_REFETCH_COOLDOWN_MS,
    timeoutDuration: JWKS_FETCH_TIMEOUT_MS,
  });
}

export function createBearerVerifier(
  config: BearerSettings,
  { keys = remoteJwks(config.jwksUrl), now }: BearerVerifierOptions = {},
): BearerVerifier {
  // The same token string arrives with every request of a session (a map click asks for several
  // resources), and checking its RS256 signature was a quarter of a parcel-details request. Its
  // claims cannot change, so a token verified once is accepted again on its time claims alone, with
  // the same tolerance; it can then outlive the removal of its key from the JWKS by its remaining
  // lifetime (≤ 5 minutes), no longer than the JWKS cache above already allows.
  // Keyed by the token's last characters (its signature's) and confirmed by comparing the whole
  // token: a Map lookup hashes its key whole, and hashing a ~1 KB token on every cached tile cost
  // more than a tenth of serving it (docs/performance-archive.md).
  const verified = new LRUCache<string, { token: string; sub: string; exp: number; nbf: number | undefined }>({ max: VERIFIED_TOKENS_CACHED });
  const keyOf = (token: string) => token.slice(-VERIFIED_TOKEN_KEY_LENGTH);
  const known = (token: string): string | undefined => {
    const claims = verified.get(keyOf(token));
    if (claims?.token !== token) return undefined;
    const nowSeconds = Math.floor((now ? now().getTime() : Date.now()) / 1000);
    // As jose's claim checks: expired at exp ≤ now − tolerance, not yet valid at nbf > now + tolerance.
    if (claims.exp > nowSeconds - CLOCK_TOLERANCE_SECONDS && (claims.nbf === undefined || claims.nbf <= nowSeconds + CLOCK_TOLERANCE_SECONDS)) return claims.sub;
    verified.delete(keyOf(token));
    return undefined;
  };
  const verify = async (token: string): Promise<string> => {
    const cached = known(token);
    if (cached !== undefined) return cached;
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ALLOWED_ALGORITHMS,
      ...(now ? { currentDate: now() } : {}),
      issuer: config.jwtIssuer,
      audience: config.jwtAudience,
      typ: 'JWT',
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new Error('JWT has no subject');
    // Measured from iat, or from now when iat lies in the future: a token cannot stretch its
    // lifetime by claiming to be issued later.
    const nowSeconds = Math.floor((now ? now().getTime() : Date.now()) / 1000);
    if (payload.exp! - Math.min(payload.iat!, nowSeconds) > config.jwtMaxLifetimeSeconds) {
      throw new Error(`JWT lifetime exceeds ${config.jwtMaxLifetimeSeconds} s`);
    }
    verified.set(keyOf(token), { token, sub: payload.sub, exp: payload.exp!, nbf: payload.nbf });
    return payload.sub;
  };
  return Object.assign(verify, { known });
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
