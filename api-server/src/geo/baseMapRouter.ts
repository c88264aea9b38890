// GET /basemap/{z}/{x}/{y}.pbf — roads and water of the self-hosted base styles (styles/offlineStyles.ts),
// public like the parcel tiles; z 0–14 (the client's source overzooms past 14).
import type { Router } from 'express';
import { TILE_CACHE_CONTROL, tileSetRouter } from '../tiles/tilesRouter.ts';
import { MAX_BASEMAP_ZOOM, MIN_BASEMAP_ZOOM, type BaseMapTiles } from './baseMapTiles.ts';

export function createBaseMapRouter(deps: { baseMapTiles: BaseMapTiles }): Router {
  return tileSetRouter({
    minZoom: MIN_BASEMAP_ZOOM,
    maxZoom: MAX_BASEMAP_ZOOM,
    cacheControl: TILE_CACHE_CONTROL,
    getTile: (zoom, x, y) => deps.baseMapTiles.getTile(zoom, x, y),
  });
}
