// GET /contours/{z}/{x}/{y}.pbf — self-hosted terrain contours (DESIGN §4), public like the parcel
// tiles. z 8–15 (the client's source overzooms past 15); 204 where no elevation grid reaches.
import type { Router } from 'express';
import { CONTOUR_TILE_ZOOMS } from '@parcel-map/shared/contracts';
import { CACHE_CONTROL } from '../../platform/http/responseHeaders.ts';
import { tileSetRouter } from '../kit/tileSetRouter.ts';
import type { ContourTiles } from './contourTiles.ts';

export function createContoursRouter(deps: { contourTiles: ContourTiles }): Router {
  return tileSetRouter({
    minZoom: CONTOUR_TILE_ZOOMS.min,
    maxZoom: CONTOUR_TILE_ZOOMS.max,
    cacheControl: CACHE_CONTROL.tiles,
    getTile: (zoom, x, y) => deps.contourTiles.getTile(zoom, x, y),
  });
}
