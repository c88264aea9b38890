// GET /tiles/{z}/{x}/{y}.pbf — public (no bearer), as mapbox-gl fetches tiles without the API client.
import type { Router } from 'express';
import { PARCEL_TILE_ZOOMS } from '@parcel-map/shared/contracts';
import { CACHE_CONTROL } from '../../platform/http/responseHeaders.ts';
import { tileSetRouter } from '../kit/tileSetRouter.ts';
import type { ParcelTilesService } from './parcelTilesService.ts';

export function createParcelTilesRouter(deps: { tilesService: ParcelTilesService }): Router {
  return tileSetRouter({
    minZoom: PARCEL_TILE_ZOOMS.min,
    maxZoom: PARCEL_TILE_ZOOMS.max,
    cacheControl: CACHE_CONTROL.tiles,
    getTile: (zoom, x, y) => deps.tilesService.getTile(zoom, x, y),
  });
}
