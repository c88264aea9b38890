// A fast path for cached tiles in front of Express (a cached tile is served at ≥ 80% of a raw
// node:http server's rate: docs/performance.md). Express spends more per request on its
// middleware chain and router than it takes to write a cached tile, so this plain `http` request
// listener answers GET {prefix}/{z}/{x}/{y}.pbf (or, for a family of named sets such as the imagery
// layers, {prefix}/{name}/{z}/{x}/{y}.{extension}) itself when the tile is already built and cached for
// the version known to be current (platform/cache/dataVersion.ts, or the layer's), with the headers of
// platform/http/responseHeaders.ts that the Express route sends too (Cache-Control, ETag, 304 on
// If-None-Match, 204 when empty). A versioned tile set's `?v=` is answered here when it names the
// version known to be current. Every other request — tiles not built yet, other versions or query
// strings, other methods and paths — goes to `next` unchanged, which builds and caches the tile.
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener } from 'node:http';
import { etagMatches, tileCacheControl, type ResponseHeaders } from '../../platform/http/responseHeaders.ts';
import type { Diagnostics } from '../../platform/diagnostics.ts';
import type { EncodedTile } from './tileSetRouter.ts';

/** A tile's place, and for a named family its name and the URL's extension. */
export interface FastPathAddress {
  z: number;
  x: number;
  y: number;
  name?: string;
  extension: string;
}

/** A cached tile as the fast path sends it: its Content-Type and Content-Encoding when they are not a vector tile's. */
export type FastPathTile = EncodedTile | (Extract<EncodedTile, { kind: 'tile' }> & { contentType: string });

export interface CachedTileFastPathOptions {
  /** The tile set's path, e.g. '/tiles'. */
  prefix: string;
  zooms: { min: number; max: number };
  /** A family of named sets: the names' pattern (a regular expression's source, no groups) and the URLs' extensions. Else one set of .pbf tiles. */
  named?: { namePattern: string; extensions: readonly string[] };
  /** The tile if it is built and cached for the version known to be current. */
  peek(address: FastPathAddress): FastPathTile | undefined;
  /** A versioned tile set's version known to be current (a named set's own); omitted for a set without versions. */
  knownVersion?: (name?: string) => number | undefined;
  headers: ResponseHeaders;
  diagnostics: Diagnostics;
  /** The Express app (or any listener) for everything the fast path does not answer. */
  next: RequestListener;
}

/** A vector tile's headers: protocol buffers, gzipped. */
const VECTOR_TILE_CONTENT = { 'content-type': 'application/x-protobuf', 'content-encoding': 'gzip' } as const;

export function createCachedTileFastPath(options: CachedTileFastPathOptions): RequestListener {
  const versioned = options.knownVersion !== undefined;
  const { named } = options;
  const name = named ? `(${named.namePattern})/` : '()';
  const extension = named ? `(${named.extensions.join('|')})` : '(pbf)';
  const tilePath = new RegExp(`^${options.prefix}/${name}(\\d{1,2})/(\\d{1,7})/(\\d{1,7})\\.${extension}${versioned ? '(?:\\?v=(\\d{1,15}))?' : ''}$`);
  // The 200 headers of each cached tile, built once per CORS variant (no Origin or a refused one: '')
  // and cache policy.
  const okHeaders = new WeakMap<FastPathTile, Map<string, OutgoingHttpHeaders>>();

  function okHeadersFor(tile: FastPathTile & { kind: 'tile' }, origin: string | undefined, fixed: OutgoingHttpHeaders): OutgoingHttpHeaders {
    const variant = `${fixed['cache-control']} ${options.headers.allowedOrigin(origin) ?? ''}`;
    let variants = okHeaders.get(tile);
    if (!variants) okHeaders.set(tile, (variants = new Map()));
    let headers = variants.get(variant);
    if (!headers) {
      const content = 'contentType' in tile ? { 'content-type': tile.contentType } : VECTOR_TILE_CONTENT;
      headers = { ...options.headers.forOrigin(origin, fixed), etag: tile.etag, ...content, 'content-length': tile.body.length };
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

  function cachedTile(req: IncomingMessage & { userId?: string }): { tile: FastPathTile; fixed: OutgoingHttpHeaders } | undefined {
    const match = tilePath.exec(req.url ?? '');
    if (!match) return undefined;
    const setName = named ? match[1] : undefined;
    const z = Number(match[2]);
    const x = Number(match[3]);
    const y = Number(match[4]);
    // Out-of-range tiles take the Express route for its 400 answer.
    if (z < options.zooms.min || z > options.zooms.max || x >= 2 ** z || y >= 2 ** z) return undefined;
    const asked = match[6] === undefined ? undefined : Number(match[6]);
    const known = options.knownVersion?.(setName);
    // Another version than the one known: Express reads the version and answers for it.
    if (asked !== undefined && asked !== known) return undefined;
    const tile = options.peek({ z, x, y, extension: match[5]!, ...(setName !== undefined && { name: setName }) });
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
