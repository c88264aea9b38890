// A fast path for cached tiles in front of Express (a cached tile is served at ≥ 80% of a raw
// node:http server's rate: docs/performance.md). Express spends more per request on its
// middleware chain and router than it takes to write a cached tile, so this plain `http` request
// listener answers GET {prefix}/{z}/{x}/{y}.pbf itself when the tile is already built and cached for
// the data version known to be current (platform/cache/dataVersion.ts), with the headers of
// platform/http/responseHeaders.ts that the Express route sends too (Cache-Control, ETag, 304 on
// If-None-Match, 204 when empty). A versioned tile set's `?v=` is answered here when it names the
// version known to be current. Every other request — tiles not built yet, other versions or query
// strings, other methods and paths — goes to `next` unchanged, which builds and caches the tile.
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener } from 'node:http';
import { etagMatches, tileCacheControl, type ResponseHeaders } from '../../platform/http/responseHeaders.ts';
import type { Diagnostics } from '../../platform/diagnostics.ts';
import type { EncodedTile } from './tileSetRouter.ts';

export interface CachedTileFastPathOptions {
  /** The tile set's path, e.g. '/tiles'. */
  prefix: string;
  zooms: { min: number; max: number };
  /** The tile if it is built and cached for the data version known to be current. */
  peek(z: number, x: number, y: number): EncodedTile | undefined;
  /** A versioned tile set's data version known to be current; omitted for a set without versions. */
  knownVersion?: () => number | undefined;
  headers: ResponseHeaders;
  diagnostics: Diagnostics;
  /** The Express app (or any listener) for everything the fast path does not answer. */
  next: RequestListener;
}

export function createCachedTileFastPath(options: CachedTileFastPathOptions): RequestListener {
  const versioned = options.knownVersion !== undefined;
  const tilePath = new RegExp(`^${options.prefix}/(\\d{1,2})/(\\d{1,7})/(\\d{1,7})\\.pbf${versioned ? '(?:\\?v=(\\d{1,15}))?' : ''}$`);
  // The 200 headers of each cached tile, built once per CORS variant (no Origin or a refused one: '')
  // and cache policy.
  const okHeaders = new WeakMap<EncodedTile, Map<string, OutgoingHttpHeaders>>();

  function okHeadersFor(tile: EncodedTile & { kind: 'tile' }, origin: string | undefined, fixed: OutgoingHttpHeaders): OutgoingHttpHeaders {
    const variant = `${fixed['cache-control']} ${options.headers.allowedOrigin(origin) ?? ''}`;
    let variants = okHeaders.get(tile);
    if (!variants) okHeaders.set(tile, (variants = new Map()));
    let headers = variants.get(variant);
    if (!headers) {
      headers = { ...options.headers.forOrigin(origin, fixed), etag: tile.etag, 'content-type': 'application/x-protobuf', 'content-encoding': 'gzip', 'content-length': tile.body.length };
      variants.set(variant, headers);
    }
    return headers;
  }

  // Fixed headers per Cache-Control value, made once.
  const fixedHeaders = new Map<string, OutgoingHttpHeaders>();
  const fixedFor = (cacheControl: string) => {
    let fixed = fixedHeaders.get(cacheControl);
    if (!fixed) fixedHeaders.set(cacheControl, (fixed = { 'cache-control': cacheControl }));
    return fixed;
  };

  function cachedTile(req: IncomingMessage & { userId?: string }): { tile: EncodedTile; fixed: OutgoingHttpHeaders } | undefined {
    const match = tilePath.exec(req.url ?? '');
    if (!match) return undefined;
    const z = Number(match[1]);
    const x = Number(match[2]);
    const y = Number(match[3]);
    // Out-of-range tiles take the Express route for its 400 answer.
    if (z < options.zooms.min || z > options.zooms.max || x >= 2 ** z || y >= 2 ** z) return undefined;
    const asked = match[4] === undefined ? undefined : Number(match[4]);
    const known = options.knownVersion?.();
    // Another version than the one known: Express reads the version and answers for it.
    if (asked !== undefined && asked !== known) return undefined;
    const tile = options.peek(z, x, y);
    // req.userId: set by the session check in front of the fast paths (tiles/countyDataTileAccess.ts).
    return tile && { tile, fixed: fixedFor(tileCacheControl({ versioned, askedVersion: asked, currentVersion: known, forSession: req.userId !== undefined })) };
  }

  return (req, res) => {
    const cached = req.method === 'GET' ? cachedTile(req) : undefined;
    if (!cached) {
      options.next(req, res);
      return;
    }
    const { tile, fixed } = cached;
    options.diagnostics.fastPathAnswered(options.prefix);
    if (tile.kind === 'empty') {
      res.writeHead(204, options.headers.forOrigin(req.headers.origin, fixed));
      res.end();
      return;
    }
    if (etagMatches(req.headers['if-none-match'], tile.etag)) {
      res.writeHead(304, { ...options.headers.forOrigin(req.headers.origin, fixed), etag: tile.etag });
      res.end();
      return;
    }
    res.writeHead(200, okHeadersFor(tile, req.headers.origin, fixed));
    res.end(tile.body);
  };
}
