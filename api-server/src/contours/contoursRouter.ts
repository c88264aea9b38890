// GET /contours/{z}/{x}/{y}.pbf — self-hosted terrain contours (DESIGN §4), public like the parcel
// tiles. z 8–15 (the client's source overzooms past 15); 204 outside the surface's area.
import { Router } from 'express';
import { z } from 'zod';
import { sendTile } from '../tiles/tilesRouter.ts';
import { MAX_CONTOUR_ZOOM, MIN_CONTOUR_ZOOM, type ContourTiles } from './contourTiles.ts';

const integer = z.string().regex(/^\d{1,7}$/, 'must be a non-negative integer').transform(Number);
const zoomMessage = `z must be ${MIN_CONTOUR_ZOOM}–${MAX_CONTOUR_ZOOM}`;

export const contourParamsSchema = z
  .object({
    z: integer.pipe(z.number().min(MIN_CONTOUR_ZOOM, zoomMessage).max(MAX_CONTOUR_ZOOM, zoomMessage)),
    x: integer,
    y: integer,
  })
  .refine((tile) => tile.x < 2 ** tile.z && tile.y < 2 ** tile.z, { message: 'x and y must be within 0..2^z-1' });

// The surface never changes for a given ETag version: a day in caches.
const CACHE_CONTROL = 'public, max-age=86400';

export function createContoursRouter(deps: { contourTiles: ContourTiles }): Router {
  const router = Router();
  router.get('/:z/:x/:y.pbf', (req, res) => {
    const { z: zoom, x, y } = contourParamsSchema.parse(req.params);
    sendTile(req, res, deps.contourTiles.getTile(zoom, x, y), CACHE_CONTROL);
  });
  return router;
}
