// Who may fetch county data tiles: the one rule for every tile set under COUNTY_DATA_TILES_PATH
// (parcels, overlays — owner names, addresses, licensed attributes), a signed-in user unless the
// operator opted out (PUBLIC_PARCEL_TILES=true). It is applied by path, in front of the fast paths
// and in front of Express's routers, so a tile set mounted under the path is covered with or without
// a fast path of its own, and without a line of its own. The one exception is the imagery under
// IMAGERY_TILES_PATH: pictures of the ground, no county data, public as the base map is (docs/decisions.md).
import type { IncomingMessage, RequestListener } from 'node:http';
import type { RequestHandler } from 'express';
import { COUNTY_DATA_TILES_PATH, IMAGERY_TILES_PATH } from '@parcel-map/shared/contracts';
import type { BearerVerifier } from '../platform/auth/verifyBearer.ts';

const PLAIN_BEARER = 'Bearer ';

export interface CountyDataTileAccessOptions {
  /** PUBLIC_PARCEL_TILES: anyone may fetch them. */
  publicTiles: boolean;
  verifier: BearerVerifier;
  /** Verifies the bearer token and sets req.userId; 401 without a valid one. */
  requireUser: RequestHandler;
}

export interface CountyDataTileAccess {
  /** For `app.use(COUNTY_DATA_TILES_PATH, …)` before every router: verifies the session (401 without one). */
  middleware: RequestHandler;
  /** For TILE_ACCESS_PATH: 204 where a county data tile would be served, the tiles' own 401 where not. */
  check: RequestHandler;
  /**
   * The HTTP server's listener: a county data tile request reaches the fast paths only with a token
   * verified before whose time claims still hold — a map lookup, so a cached tile stays as fast as
   * before — and any other goes to Express, whose middleware verifies it or answers 401.
   */
  inFrontOf(fastPaths: RequestListener, express: RequestListener): RequestListener;
}

/** Without regard to case, as Express matches the paths it routes: `/TILES/…` reaches the same tiles. */
function isUnder(url: string, prefix: string): boolean {
  if (url.slice(0, prefix.length).toLowerCase() !== prefix) return false;
  const next = url.charAt(prefix.length);
  return next === '' || next === '/' || next === '?';
}

function isCountyDataTileUrl(url: string | undefined): boolean {
  return url !== undefined && isUnder(url, COUNTY_DATA_TILES_PATH) && !isUnder(url, IMAGERY_TILES_PATH);
}

export function countyDataTileAccess({ publicTiles, verifier, requireUser }: CountyDataTileAccessOptions): CountyDataTileAccess {
  const middleware: RequestHandler = publicTiles ? (_req, _res, next) => next() : (req, res, next) => (isCountyDataTileUrl(req.originalUrl) ? requireUser(req, res, next) : next());
  const inFrontOf = (fastPaths: RequestListener, express: RequestListener): RequestListener => {
    if (publicTiles) return fastPaths;
    return (req: IncomingMessage & { userId?: string }, res) => {
      if (!isCountyDataTileUrl(req.url)) {
        fastPaths(req, res);
        return;
      }
      // A token verified before has no whitespace, so the plain form is all this check needs; any
      // other form goes to Express, which reads it with BEARER (the regular expression cost a
      // cached tile's answer a tenth of its time).
      const authorization = req.headers.authorization;
      const userId = authorization?.startsWith(PLAIN_BEARER) ? verifier.known?.(authorization.slice(PLAIN_BEARER.length)) : undefined;
      if (userId === undefined) {
        express(req, res);
        return;
      }
      // The fast path answers a tile seen only with a session as private (responseHeaders.ts).
      req.userId = userId;
      fastPaths(req, res);
    };
  };
  const check: RequestHandler = publicTiles
    ? (_req, res) => res.status(204).end()
    : (req, res, next) => requireUser(req, res, (error?: unknown) => (error === undefined ? res.status(204).end() : next(error)));
  return { middleware, check, inFrontOf };
}
