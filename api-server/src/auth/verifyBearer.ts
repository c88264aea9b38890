// Verifies the Stytch-style session JWT of each request locally (DESIGN §5): RS256 only, keys from
// the JWKS URL, issuer, audience, `typ` JWT and expiry, with 30 s of clock tolerance.
import type { RequestHandler } from 'express';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { ApiConfig } from '../config.ts';
import { UnauthorizedError } from '../http/httpErrors.ts';
import type { Logger } from '../logger.ts';

const CLOCK_TOLERANCE_SECONDS = 30;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

export type BearerVerifier = (token: string) => Promise<string>;

export function createBearerVerifier(
  config: Pick<ApiConfig, 'jwksUrl' | 'jwtIssuer' | 'jwtAudience'>,
  // Only for callers that hold keys locally; the server always fetches the JWKS over HTTP.
  keys: JWTVerifyGetKey = createRemoteJWKSet(new URL(config.jwksUrl)),
): BearerVerifier {
  return async (token) => {
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ['RS256'],
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
