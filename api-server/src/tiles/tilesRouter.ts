// GET /tiles/{z}/{x}/{y}.pbf — public (no bearer), as mapbox-gl fetches tiles without the API client.
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { MAX_TILE_ZOOM, MIN_TILE_ZOOM } from './tileMath.ts';
import type { ParcelTile, TilesService } from './tilesService.ts';

const integer = z.string().regex(/^\d{1,7}$/, 'must be a non-negative integer').transform(Number);

export const tileParamsSchema = z
  .object({
    z: integer.pipe(z.number().min(MIN_TILE_ZOOM, `z must be ${MIN_TILE_ZOOM}–${MAX_TILE_ZOOM}`).max(MAX_TILE_ZOOM, `z must be ${MIN_TILE_ZOOM}–${MAX_TILE_ZOOM}`)),
    x: integer,
    y: integer,
  })
  .refine((tile) => tile.x < 2 ** tile.z && tile.y < 2 ** tile.z, { message: 'x and y must be within 0..2^z-1' });

export const TILE_CACHE_CONTROL = 'public, max-age=3600';

export function createTilesRouter(deps: { tilesService: TilesService }): Router {
  const router = Router();

  router.get('/:z/:x/:y.pbf', async (req, res) => {
    const { z: zoom, x, y } = tileParamsSchema.parse(req.params);
    sendTile(req, res, await deps.tilesService.getTile(zoom, x, y), TILE_CACHE_CONTROL);
  });

  return router;
}

/** A gzipped MVT with ETag and 304, or 204 for an empty tile (mapbox-gl draws nothing for it). */
export function sendTile(req: Request, res: Response, tile: ParcelTile, cacheControl: string): void {
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

export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((candidate) => candidate.trim().replace(/^W\//, ''))
    .some((candidate) => candidate === '*' || candidate === etag);
}
