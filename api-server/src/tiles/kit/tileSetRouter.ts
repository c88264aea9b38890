// GET /{z}/{x}/{y}.pbf of one tile set — parcels, contours and the base map are all served so — with
// the tile's ETag, 304 and 204 for an empty tile.
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { etagMatches } from '../../platform/http/responseHeaders.ts';

const integer = z.string().regex(/^\d{1,7}$/, 'must be a non-negative integer').transform(Number);

/** A gzipped vector tile with its ETag, or `empty` when nothing of the tile set touches it. */
export type EncodedTile = { kind: 'tile'; body: Buffer; etag: string } | { kind: 'empty' };

/** z/x/y of a tile set served from `minZoom` to `maxZoom`; each failure carries its reason (400). */
export function tileAddressSchema(minZoom: number, maxZoom: number) {
  const zoomMessage = `z must be ${minZoom}–${maxZoom}`;
  return z
    .object({ z: integer.pipe(z.number().min(minZoom, zoomMessage).max(maxZoom, zoomMessage)), x: integer, y: integer })
    .refine((tile) => tile.x < 2 ** tile.z && tile.y < 2 ** tile.z, { message: 'x and y must be within 0..2^z-1' });
}

export interface TileSetRoute {
  minZoom: number;
  maxZoom: number;
  cacheControl: string;
  getTile(z: number, x: number, y: number): EncodedTile | Promise<EncodedTile>;
}

export function tileSetRouter(route: TileSetRoute): Router {
  const params = tileAddressSchema(route.minZoom, route.maxZoom);
  const router = Router();
  router.get('/:z/:x/:y.pbf', async (req, res) => {
    const { z: zoom, x, y } = params.parse(req.params);
    sendTile(req, res, await route.getTile(zoom, x, y), route.cacheControl);
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
