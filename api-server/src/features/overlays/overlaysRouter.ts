// GET /api/overlays (signed in): the overlay layers served now (overlaysService.ts).
import { Router, type RequestHandler } from 'express';
import type { OverlaysAnswer } from '@parcel-map/shared/contracts';
import { CACHE_CONTROL } from '../../platform/http/responseHeaders.ts';
import type { OverlaysService } from './overlaysService.ts';

export function createOverlaysRouter(deps: { overlays: OverlaysService; requireUser: RequestHandler }): Router {
  const router = Router();
  router.use(deps.requireUser);
  router.get('/', async (_req, res) => {
    const answer: OverlaysAnswer = { overlays: await deps.overlays.current() };
    // Its tile URLs carry the data version, which any publish changes: never from a cache.
    res.set('Cache-Control', CACHE_CONTROL.live).json(answer);
  });
  return router;
}
