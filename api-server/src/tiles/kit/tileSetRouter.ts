// GET /{z}/{x}/{y}.pbf of one tile set — parcels (/tiles), contours (/contours) and the base map
// (/basemap) are all served so, and GET /{name}/{z}/{x}/{y}.pbf of a family of them (the overlays); who
// may ask is decided in front of it (tiles/countyDataTileAccess.ts) — with the tile's ETag, 304, and 204
// for an empty tile. A versioned tile set (the parcels, the overlays) takes the
// data version as `?v=`: asked for with the current one, the answer is cacheable for good. A tile not
// built yet is built when the asking address's turn comes; an address with too many waiting is refused.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { etagMatches, tileCacheControl } from '../../platform/http/responseHeaders.ts';
import type { TurnLimits, TurnsPerKey } from '../../platform/runtime/turnsPerKey.ts';

const integer = z.string().regex(/^\d{1,7}$/, 'must be a non-negative integer').transform(Number);
const versionQuery = z.object({ v: z.optional(z.string().regex(/^\d{1,15}$/, 'v must be a data version (a non-negative integer)').transform(Number)) });

/**
 * A gzipped vector tile with its ETag, or `empty` when nothing of the tile set touches it; a versioned
 * tile set's tiles say which data version they were built for.
 */
export type EncodedTile = ({ kind: 'tile'; body: Buffer; etag: string } | { kind: 'empty' }) & { version?: number };

/** z/x/y of a tile set served from `minZoom` to `maxZoom`; each failure carries its reason (400). */
function tileAddressSchema(minZoom: number, maxZoom: number) {
  const zoomMessage = `z must be ${minZoom}–${maxZoom}`;
  return z
    .object({ z: integer.pipe(z.number().min(minZoom, zoomMessage).max(maxZoom, zoomMessage)), x: integer, y: integer })
    .refine((tile) => tile.x < 2 ** tile.z && tile.y < 2 ** tile.z, { message: 'x and y must be within 0..2^z-1' });
}

/** Runs a tile's build (a cache miss) when its turn comes: a tile set's getTile hands it its builds. */
export type ScheduleBuild = <T>(build: () => Promise<T>) => Promise<T>;

/** At once: for callers that are no client's request (the start-up's builds, tools). */
export const buildNow: ScheduleBuild = (build) => build();

export interface TileSet {
  /** The zooms it is served at (shared/src/tiles/tileSets.ts); others are a 400. */
  zooms: { min: number; max: number };
  getTile(z: number, x: number, y: number, schedule?: ScheduleBuild): Promise<EncodedTile>;
  /** Whether tile URLs carry the data version (`?v=`). */
  versioned?: boolean;
}

/** A family of tile sets, one per name (`/{name}/{z}/{x}/{y}.pbf`): the overlays. */
export interface NamedTileSets extends Omit<TileSet, 'getTile'> {
  /** What a name looks like; others are a 400. */
  namePattern: RegExp;
  getTile(z: number, x: number, y: number, name: string, schedule?: ScheduleBuild): Promise<EncodedTile>;
}

/**
 * Cold builds per client address (TILE_BUILDS_PER_ADDRESS, TILE_BUILDS_WAITING_PER_ADDRESS): a build
 * holds the event loop for milliseconds (a dense parcel tile tens of them), so an address asking for
 * thousands of tiles nobody has asked for would otherwise keep every other user's tiles, cached ones
 * included, waiting behind its builds.
 */
export const DEFAULT_TILE_BUILD_LIMITS: TurnLimits = { runningPerKey: 1, waitingPerKey: 128 };

/** Every tile set's builds, shared: an address's builds are counted together whichever sets they are of. */
export interface TileBuildTurns {
  coldBuilds: TurnsPerKey;
  /** Answers a request from an address with too many builds waiting (429, Retry-After). */
  refuse: RequestHandler;
}

export function tileSetRouter(tileSet: TileSet, turns: TileBuildTurns): Router {
  return tileRoutes('/:z/:x/:y.pbf', tileSet, turns, z.object({}), (zoom, x, y, _params, schedule) => tileSet.getTile(zoom, x, y, schedule));
}

export function namedTileSetsRouter(tileSets: NamedTileSets, turns: TileBuildTurns): Router {
  const name = z.object({ name: z.string().regex(tileSets.namePattern, 'not a tile set name') });
  return tileRoutes('/:name/:z/:x/:y.pbf', tileSets, turns, name, (zoom, x, y, params, schedule) => tileSets.getTile(zoom, x, y, params.name, schedule));
}

function tileRoutes<Extra extends z.ZodType<object>>(
  route: string,
  tileSet: Omit<TileSet, 'getTile'>,
  { coldBuilds, refuse }: TileBuildTurns,
  extra: Extra,
  getTile: (z: number, x: number, y: number, params: z.infer<Extra>, schedule: ScheduleBuild) => Promise<EncodedTile>,
): Router {
  const params = tileAddressSchema(tileSet.zooms.min, tileSet.zooms.max);
  const router = Router();
  router.get(route, async (req, res, next) => {
    const { z: zoom, x, y } = params.parse(req.params);
    const named = extra.parse(req.params);
    const { v } = tileSet.versioned ? versionQuery.parse(req.query) : { v: undefined };
    // req.ip: the client's, as TRUST_PROXY lets it be told (app/config.ts).
    const address = req.ip ?? '';
    if (!coldBuilds.admits(address)) {
      refuse(req, res, next);
      return;
    }
    const tile = await getTile(zoom, x, y, named, (build) => coldBuilds.run(address, build));
    // req.userId: set by the session check in front of the county data tiles (countyDataTileAccess.ts).
    sendTile(req, res, tile, tileCacheControl({ versioned: tileSet.versioned ?? false, askedVersion: v, currentVersion: tile.version, forSession: req.userId !== undefined }));
  });
  return router;
}

/** A gzipped MVT with ETag and 304, or 204 for an empty tile (mapbox-gl draws nothing for it). */
function sendTile(req: Request, res: Response, tile: EncodedTile, cacheControl: string): void {
  res.set('Cache-Control', cacheControl);
  // No body means nothing to hash.
  if (tile.kind === 'empty') {
    res.status(204).end();
    return;
  }
  res.set('ETag', tile.etag);
  if (etagMatches(req.get('if-none-match'), tile.etag)) {
    res.status(304).end();
    return;
  }
  res.set({ 'Content-Type': 'application/x-protobuf', 'Content-Encoding': 'gzip' });
  res.send(tile.body);
}
