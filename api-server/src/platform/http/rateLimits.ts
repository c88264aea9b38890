// Request rate limits per user and per client address, with express-rate-limit: sized so
// that a person using the map never meets them (typing in the search box, clicking parcels, saving
// in a burst) and a script does — 429, `Retry-After` and `{ message }`. Counts are kept in this
// process's memory, or with several API instances in their shared Redis (REDIS_URL, rate-limit-redis),
// so that a burst spread over the instances meets the limit once, not once per instance. Tiles are not limited here: a map view asks for 16–70 at once, and the cached-tile
// fast path answers them for less than a counter would cost.
import type { ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import { TOO_MANY_REQUESTS_MESSAGE } from '@parcel-map/shared/contracts';
import { sendCommandTo, type SharedRedis } from '../redis/redisClient.ts';
import type { ResponseHeaders } from './responseHeaders.ts';

export const RATE_LIMITED_ROUTES = ['search', 'details', 'savedParcelWrites', 'markups', 'savedQueries'] as const;
export type RateLimitedRoute = (typeof RATE_LIMITED_ROUTES)[number];

/** Requests allowed in one window: to one signed-in user, and from one client address (all its users). */
interface RouteRateLimit {
  perUser: number;
  perAddress: number;
}

export interface RateLimitSettings {
  /** false: no limits (RATE_LIMITS=off, e.g. behind a gateway that limits already). */
  enabled: boolean;
  windowSeconds: number;
  /**
   * How long a refusal is held before it is sent. A client that honours Retry-After never notices; a
   * script that ignores it is held to one request per connection per this long, instead of spinning
   * on instant 429s that take the one event loop's time from everyone else (the searchFlood check:
   * a bystander's p99 went from ~30 to 200+ ms once a flood's 429s came back at once).
   */
  refusalDelayMs: number;
  routes: Record<RateLimitedRoute, RouteRateLimit>;
}

/**
 * Per minute. A person's busiest minute, measured against the screens: search asks once per pause
 * in typing (200 ms debounce), ~40 in a minute of steady typing; details once per parcel clicked;
 * a burst of saves from the saved list's tools stays under 60. An address's limit allows for an
 * office of users behind one NAT.
 */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  enabled: true,
  windowSeconds: 60,
  refusalDelayMs: 1000,
  routes: {
    search: { perUser: 120, perAddress: 1200 },
    details: { perUser: 600, perAddress: 6000 },
    savedParcelWrites: { perUser: 120, perAddress: 1200 },
    markups: { perUser: 120, perAddress: 1200 },
    savedQueries: { perUser: 120, perAddress: 1200 },
  },
};

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export type RateLimits = Record<RateLimitedRoute, RequestHandler>;

/**
 * One middleware per route: the address's count, then the user's (req.userId, so after requireUser).
 * Each writes its 429 with node's own response methods and the headers of responseHeaders.ts, so it
 * answers alike in Express and in a fast path in front of it (parcelDetailsFastPath.ts).
 */
export function createRateLimits(settings: RateLimitSettings, headers: ResponseHeaders, redis?: SharedRedis): RateLimits {
  const windowMs = settings.windowSeconds * 1000;
  const refuse = heldRefusal(settings.refusalDelayMs, headers);
  // One store a limiter (express-rate-limit refuses a shared one), each under its own prefix.
  const store = (name: string) => (redis ? new RedisStore({ sendCommand: sendCommandTo(redis), prefix: `parcel-map:rate:${name}:` }) : undefined);
  const limiter = (name: string, limit: number, keyGenerator: (req: Request) => string): RequestHandler =>
    rateLimit({
      windowMs,
      limit,
      keyGenerator,
      store: store(name),
      // Retry-After is written by the handler; RateLimit-* headers would differ on every answer.
      standardHeaders: false,
      legacyHeaders: false,
      // Forwarded headers are believed only from TRUST_PROXY (app/config.ts); their presence otherwise is not a mistake.
      validate: { xForwardedForHeader: false },
      handler: refuse,
    });
  const both = (first: RequestHandler, second: RequestHandler): RequestHandler => (req, res, next) =>
    first(req, res, (error?: unknown) => (error ? next(error) : second(req, res, next)));
  const byAddress = (req: Request) => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? '');
  const byUser = (req: Request) => `user:${req.userId ?? ''}`;
  const pass: RequestHandler = (_req, _res, next) => next();

  const routes = {} as RateLimits;
  for (const route of RATE_LIMITED_ROUTES) {
    const { perUser, perAddress } = settings.routes[route];
    routes[route] = settings.enabled ? both(limiter(`${route}:address`, perAddress, byAddress), limiter(`${route}:user`, perUser, byUser)) : pass;
  }
  return routes;
}

/**
 * A 429 with Retry-After held `delayMs` before it is sent (RateLimitSettings.refusalDelayMs): the rate
 * limits' refusal, and the tiles' when an address has too many builds waiting (tiles/kit/tileSetRouter.ts).
 */
export function heldRefusal(delayMs: number, headers: ResponseHeaders): RequestHandler {
  return (req, res) => {
    const timer = setTimeout(() => tooManyRequests(req, res, headers), delayMs);
    // A client gone meanwhile is answered by nobody.
    res.once('close', () => clearTimeout(timer));
  };
}

function tooManyRequests(req: Request, res: ServerResponse, headers: ResponseHeaders): void {
  const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
  const retryAfterSeconds = resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : 1;
  const body = JSON.stringify({ message: TOO_MANY_REQUESTS_MESSAGE });
  res.writeHead(429, {
    ...headers.forOrigin(req.headers.origin, { 'content-type': JSON_CONTENT_TYPE }),
    'retry-after': String(retryAfterSeconds),
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}
