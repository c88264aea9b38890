// GET /contours/{z}/{x}/{y}.pbf — self-hosted terrain contours (DESIGN §4), public like the parcel
// tiles. z 8–15 (the client's source overzooms past 15); 204 outside the surface's area.
import type { Router } from 'express';
import { tileSetRouter } from '../tiles/tilesRouter.ts';
import { MAX_CONTOUR_ZOOM, MIN_CONTOUR_ZOOM, type ContourTiles } from './contourTiles.ts';

// The surface never changes for a given ETag version: a day in caches.
const CACHE_CONTROL = 'public, max-age=86400';

export function createContoursRouter(deps: { contourTiles: ContourTiles }): Router {
  return tileSetRouter({
    minZoom: MIN_CONTOUR_ZOOM,
    maxZoom: MAX_CONTOUR_ZOOM,
    cacheControl: CACHE_CONTROL,
    getTile: (zoom, x, y) => deps.contourTiles.getTile(zoom, x, y),
  });
}
