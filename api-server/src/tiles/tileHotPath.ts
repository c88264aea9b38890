// A fast path for cached parcel tiles in front of Express (issue 6's benchmark: a cached tile should
// be served at ≥ 80% of a raw node:http server's rate). Express spends more per request on its
// middleware chain and router than it takes to write a cached tile, so this plain `http` request
// listener answers GET /tiles/{z}/{x}/{y}.pbf itself when the tile is already built and cached for
// the data version known to be current (dataVersion.ts), with exactly the headers the Express route
// would send (the security headers of createApp's helmet, the CORS headers of http/cors.ts,
// Cache-Control, ETag, 304 on If-None-Match, 204 when empty). Every other request — tiles not built yet, query strings,
// other methods and paths — goes to the Express app unchanged, which builds and caches the tile.
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { MAX_TILE_ZOOM, MIN_TILE_ZOOM } from './tileMath.ts';
import { TILE_CACHE_CONTROL, etagMatches, type EncodedTile } from './tilesRouter.ts';
import type { TilesService } from './tilesService.ts';

const TILE_PATH = /^\/tiles\/(\d{1,2})\/(\d{1,7})\/(\d{1,7})\.pbf$/;

export interface TileHotPathOptions {
  tilesService: Pick<TilesService, 'peek'>;
  corsOrigins: readonly string[];
  /** createApp's helmet middleware: run once on a recorder to learn the headers it sets. */
  securityHeaders: RequestHandler;
  /** The Express app (or any listener) for everything the hot path does not answer. */
  next: RequestListener;
}

export interface TileHotPath {
  listener: RequestListener;
  /** Requests answered by the hot path (tests and the benchmark read it). */
  readonly hits: number;
}

export function createTileHotPath(options: TileHotPathOptions): TileHotPath {
  const headersFor = createHotPathHeaders(options.securityHeaders, options.corsOrigins, { 'cache-control': TILE_CACHE_CONTROL });
  const allowed = new Set(options.corsOrigins);
  // The 200 headers of each cached tile, built once per CORS variant (no Origin or a refused one: '').
  const okHeaders = new WeakMap<EncodedTile, Map<string, OutgoingHttpHeaders>>();
  let hits = 0;

  function okHeadersFor(tile: EncodedTile & { kind: 'tile' }, origin: string | undefined): OutgoingHttpHeaders {
    const variant = origin !== undefined && allowed.has(origin) ? origin : '';
    let variants = okHeaders.get(tile);
    if (!variants) okHeaders.set(tile, (variants = new Map()));
    let headers = variants.get(variant);
    if (!headers) {
      headers = { ...headersFor(origin), etag: tile.etag, 'content-type': 'application/x-protobuf', 'content-encoding': 'gzip', 'content-length': tile.body.length };
      variants.set(variant, headers);
    }
    return headers;
  }

  const listener: RequestListener = (req, res) => {
    const tile = req.method === 'GET' ? cachedTile(req) : undefined;
    if (!tile) {
      options.next(req, res);
      return;
    }
    hits += 1;
    if (tile.kind === 'empty') {
      res.writeHead(204, headersFor(req.headers.origin));
      res.end();
      return;
    }
    if (etagMatches(req.headers['if-none-match'], tile.etag)) {
      res.writeHead(304, { ...headersFor(req.headers.origin), etag: tile.etag });
      res.end();
      return;
    }
    res.writeHead(200, okHeadersFor(tile, req.headers.origin));
    res.end(tile.body);
  };

  function cachedTile(req: IncomingMessage) {
    const match = TILE_PATH.exec(req.url ?? '');
    if (!match) return undefined;
    const z = Number(match[1]);
    const x = Number(match[2]);
    const y = Number(match[3]);
    // Out-of-range tiles take the Express route for its 400 answer.
    if (z < MIN_TILE_ZOOM || z > MAX_TILE_ZOOM || x >= 2 ** z || y >= 2 ** z) return undefined;
    return options.tilesService.peek(z, x, y);
  }

  return {
    listener,
    get hits() {
      return hits;
    },
  };
}

/**
 * The headers a hot-path answer shares with Express's for the same request: createApp's security
 * headers, `fixed`, and http/cors.ts's (allowed origins echoed, with credentials and the ETag exposed).
 * Headers go out in one writeHead() with a plain object: node then skips the per-header bookkeeping
 * of setHeader(), which is most of what a hot path costs beyond writing the bytes.
 */
export function createHotPathHeaders(securityHeaders: RequestHandler, corsOrigins: readonly string[], fixed: OutgoingHttpHeaders): (origin: string | undefined) => OutgoingHttpHeaders {
  const common: OutgoingHttpHeaders = { ...Object.fromEntries(recordHeaders(securityHeaders)), vary: 'Origin', ...fixed };
  const allowed = new Set(corsOrigins);
  return (origin) =>
    origin !== undefined && allowed.has(origin)
      ? { ...common, 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', 'access-control-expose-headers': 'ETag' }
      : { ...common };
}

/** The headers a middleware sets on an empty response (helmet's are the same for every request). */
function recordHeaders(middleware: RequestHandler): [string, string | number | readonly string[]][] {
  const headers = new Map<string, string | number | readonly string[]>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), value);
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader(name: string) {
      return headers.get(name.toLowerCase());
    },
  };
  let called = false;
  middleware({ headers: {}, method: 'GET', url: '/' } as never, recorder as unknown as ServerResponse as never, () => {
    called = true;
  });
  if (!called) throw new Error('the security-header middleware did not finish synchronously');
  return [...headers];
}
