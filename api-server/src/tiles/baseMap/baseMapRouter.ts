// GET /basemap/{z}/{x}/{y}.pbf — roads and water of the self-hosted base styles
// (features/styles/offlineStyles.ts), public like the parcel tiles; z 0–14 (the client's source
// overzooms past 14).
import type { Router } from 'express';
import { BASEMAP_TILE_ZOOMS } from '@parcel-map/shared/contracts';
import { CACHE_CONTROL } from '../../platform/http/responseHeaders.ts';
import { tileSetRouter } from '../kit/tileSetRouter.ts';
import type { BaseMapTiles } from './baseMapTiles.ts';

export function createBaseMapRouter(deps: { baseMapTiles: BaseMapTiles }): Router {
  return tileSetRouter({
    minZoom: BASEMAP_TILE_ZOOMS.min,
    maxZoom: BASEMAP_TILE_ZOOMS.max,
    cacheControl: CACHE_CONTROL.tiles,
    getTile: (zoom, x, y) => deps.baseMapTiles.getTile(zoom, x, y),
  });
}
