// The one place the API's response headers are decided: security headers (helmet's), CORS for the
// front ends' credentialed calls, and caching (Cache-Control, ETag matching). The Express app sets
// them through responseHeaders().middleware; the fast paths in front of Express
// (tiles/kit/cachedTileFastPath.ts, features/parcels/parcelDetailsFastPath.ts) write the same
// objects with one writeHead(), so both paths answer with identical headers by construction.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** Cache-Control of each kind of answer. */
export const CACHE_CONTROL = {
  /** Base map and contour tiles: their ETags change with the data version; an hour in browsers and CDNs. */
  tiles: 'public, max-age=3600',
  /**
   * A parcel tile asked for with the current data version (`?v=`): that URL never names other content,
   * so browsers and CDNs keep it for good.
   */
  versionedTiles: 'public, max-age=31536000, immutable',
  /** A parcel tile without its data version (or an old one): revalidated on every use, by ETag. */
  unversionedTiles: 'no-cache',
  /**
   * The same two for a tile answered to a session (county data tiles, COUNTY_DATA_TILES_PATH): the
   * signed-in browser keeps it per data version, a shared cache does not store it unless it checks
   * the session itself (docs/operations.md, Security).
   */
  privateVersionedTiles: 'private, max-age=31536000, immutable',
  privateUnversionedTiles: 'private, no-cache',
  /** Answers an open map polls to notice a publish. */
  live: 'no-store',
  /**
   * Answers for one signed-in user (parcel details and searches, saved parcels, markups, the Data
   * page's): neither a shared cache nor the browser's disk keeps them, so they do not outlive the
   * session on a shared computer or reach another user through a proxy.
   */
  perUser: 'private, no-store',
} as const;

/** Express middleware for the routes answering one user: every answer, errors included, is CACHE_CONTROL.perUser. */
export const perUserAnswers: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', CACHE_CONTROL.perUser);
  next();
};

/** What decides a tile's Cache-Control. */
export interface TileAnswer {
  /** The tile set's URLs carry the data version (`?v=`). */
  versioned: boolean;
  askedVersion: number | undefined;
  currentVersion: number | undefined;
  /** Answered only because the request carried a session (county data tiles). */
  forSession: boolean;
}

/**
 * A tile's Cache-Control: of its set, or for a versioned set by whether it was asked for with the
 * current version; private when only a session may see it.
 */
export function tileCacheControl({ versioned, askedVersion, currentVersion, forSession }: TileAnswer): string {
  if (!versioned) return CACHE_CONTROL.tiles;
  const current = askedVersion !== undefined && askedVersion === currentVersion;
  if (forSession) return current ? CACHE_CONTROL.privateVersionedTiles : CACHE_CONTROL.privateUnversionedTiles;
  return current ? CACHE_CONTROL.versionedTiles : CACHE_CONTROL.unversionedTiles;
}

const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Session-Token';
// PATCH: renaming, recolouring, showing or hiding a markup.
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const PREFLIGHT_CACHE_SECONDS = 600;

export interface ResponseHeaders {
  /**
   * The headers every answer to a request from `origin` carries: security headers, `Vary: Origin`,
   * `fixed`, and — for an allowed origin — the origin echoed with credentials and the ETag exposed
   * (`*` is illegal with credentials). A new object each call: callers may add to it.
   */
  forOrigin(origin: string | undefined, fixed?: OutgoingHttpHeaders): OutgoingHttpHeaders;
  /** `origin` when it is one of the front ends' (its answers differ), else undefined. */
  allowedOrigin(origin: string | undefined): string | undefined;
  /** Express middleware: sets forOrigin()'s headers on every answer and answers CORS preflights. */
  middleware: RequestHandler;
}

export function responseHeaders(corsOrigins: readonly string[]): ResponseHeaders {
  const allowed = new Set(corsOrigins);
  const common: OutgoingHttpHeaders = { ...securityHeaders(), vary: 'Origin' };

  const allowedOrigin = (origin: string | undefined) => (origin !== undefined && allowed.has(origin) ? origin : undefined);
  const forOrigin = (origin: string | undefined, fixed: OutgoingHttpHeaders = {}): OutgoingHttpHeaders =>
    allowedOrigin(origin) !== undefined
      ? { ...common, ...fixed, 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', 'access-control-expose-headers': 'ETag' }
      : { ...common, ...fixed };

  const middleware: RequestHandler = (req, res, next) => {
    const origin = req.get('origin');
    res.set(forOrigin(origin) as Record<string, string>);
    if (req.method !== 'OPTIONS') {
      next();
      return;
    }
    if (allowedOrigin(origin) !== undefined) {
      res.set({
        'Access-Control-Allow-Methods': ALLOWED_METHODS,
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': String(PREFLIGHT_CACHE_SECONDS),
      });
    }
    // Without the allow headers the browser blocks the real request, which is the refusal we want.
    res.status(204).end();
  };

  return { forOrigin, allowedOrigin, middleware };
}

export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((candidate) => candidate.trim().replace(/^W\//, ''))
    .some((candidate) => candidate === '*' || candidate === etag);
}

/**
 * Helmet's headers, with cross-origin resources allowed (maps, styles and tiles are fetched by the
 * front ends' origins). Helmet sets the same headers on every response, so they are read once from
 * a recorder and reused as a plain object.
 */
function securityHeaders(): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = typeof value === 'object' ? [...value] : value;
      return recorder;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' } })({ headers: {}, method: 'GET', url: '/' } as never, recorder as unknown as ServerResponse as never, () => {
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}
