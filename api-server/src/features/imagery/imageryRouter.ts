// GET /api/imagery: the imagery layers served now (imageryService.ts). Public, as their tiles are:
// imagery holds no county data (docs/decisions.md).
import { Router } from 'express';
import type { ImageryAnswer } from '@parcel-map/shared/contracts';
import { CACHE_CONTROL } from '../../platform/http/responseHeaders.ts';
import type { ImageryService } from './imageryService.ts';

export function createImageryRouter(deps: { imagery: ImageryService }): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    const answer: ImageryAnswer = { imagery: await deps.imagery.current() };
    // Its tile URLs change with each publish: never from a cache.
    res.set('Cache-Control', CACHE_CONTROL.live).json(answer);
  });
  return router;
}
