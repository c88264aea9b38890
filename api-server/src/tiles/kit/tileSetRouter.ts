// GET /{z}/{x}/{y}.pbf of one tile set — parcels (/tiles), contours (/contours) and the base map
// (/basemap) are all served so, and GET /{name}/{z}/{x}/{y}.pbf of a family of them (the overlays), without sign-in (mapbox-gl fetches tiles outside the API client) —
// with the tile's ETag, 304, and 204 for an empty tile. A versioned tile set (the parcels) takes the
// data version as `?v=`: asked for with the current one, the answer is cacheable for good.
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { CACHE_CONTROL, etagMatches } from '../../platform/http/responseHeaders.ts';

const integer = z.string().regex(/^\d{1,7}$/, 'must be a non-negative integer').transform(Number);
const versionQuery = z.object({ v: z.optional(z.string().regex(/^\d{1,15}$/, 'v must be a data version (a non-negative integer)').transform(Number)) });

/**
 * A gzipped vector tile with its ETag, or `empty` when nothing of the tile set touches it; a versioned
 * tile set's tiles say which data version they were built for.
 */
export type EncodedTile = ({ kind: 'tile'; body: Buffer; etag: string } | { kind: 'empty' }) & { version?: number };

/** z/x/y of a tile set served from `minZoom` to `maxZoom`; each failure carries its reason (400). */
export function tileAddressSchema(minZoom: number, maxZoom: number) {
  const zoomMessage = `z must be ${minZoom}–${maxZoom}`;
  return z
    .object({ z: integer.pipe(z.number().min(minZoom, zoomMessage).max(maxZoom, zoomMessage)), x: integer, y: integer })
    .refine((tile) => tile.x < 2 ** tile.z && tile.y < 2 ** tile.z, { message: 'x and y must be within 0..2^z-1' });
}

/** A tile's Cache-Control: of its set, or for a versioned set by whether it was asked for with the current version. */
export function tileCacheControl(versioned: boolean, askedVersion: number | undefined, currentVersion: number | undefined): string {
  if (!versioned) return CACHE_CONTROL.tiles;
  return askedVersion !== undefined && askedVersion === currentVersion ? CACHE_CONTROL.versionedTiles : CACHE_CONTROL.unversionedTiles;
}

export interface TileSet {
  /** The zooms it is served at (shared/src/tiles/tileSets.ts); others are a 400. */
  zooms: { min: number; max: number };
  getTile(z: number, x: number, y: number): Promise<EncodedTile>;
  /** Whether tile URLs carry the data version (`?v=`). */
  versioned?: boolean;
}

/** A family of tile sets, one per name (`/{name}/{z}/{x}/{y}.pbf`): the overlays. */
export interface NamedTileSets extends Omit<TileSet, 'getTile'> {
  /** What a name looks like; others are a 400. */
  namePattern: RegExp;
  getTile(z: number, x: number, y: number, name: string): Promise<EncodedTile>;
}

export function tileSetRouter(tileSet: TileSet): Router {
  return tileRoutes('/:z/:x/:y.pbf', tileSet, z.object({}), (zoom, x, y) => tileSet.getTile(zoom, x, y));
}

export function namedTileSetsRouter(tileSets: NamedTileSets): Router {
  const name = z.object({ name: z.string().regex(tileSets.namePattern, 'not a tile set name') });
  return tileRoutes('/:name/:z/:x/:y.pbf', tileSets, name, (zoom, x, y, params) => tileSets.getTile(zoom, x, y, params.name));
}

function tileRoutes<Extra extends z.ZodType<object>>(
  route: string,
  tileSet: Omit<TileSet, 'getTile'>,
  extra: Extra,
  getTile: (z: number, x: number, y: number, params: z.infer<Extra>) => Promise<EncodedTile>,
): Router {
  const params = tileAddressSchema(tileSet.zooms.min, tileSet.zooms.max);
  const router = Router();
  router.get(route, async (req, res) => {
    const { z: zoom, x, y } = params.parse(req.params);
    const named = extra.parse(req.params);
    const { v } = tileSet.versioned ? versionQuery.parse(req.query) : { v: undefined };
    const tile = await getTile(zoom, x, y, named);
    sendTile(req, res, tile, tileCacheControl(tileSet.versioned ?? false, v, tile.version));
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
