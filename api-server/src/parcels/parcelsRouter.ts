import { Router, type RequestHandler } from 'express';
import type { ParcelsService } from './parcelsService.ts';
import { parcelParamsSchema } from './parcelsSchema.ts';

export function createParcelsRouter(deps: { parcelsService: ParcelsService; requireUser: RequestHandler }): Router {
  const router = Router();
  router.use(deps.requireUser);

  // GET /api/parcels/ with no pin: a malformed request rather than an unknown route.
  router.get('/', () => {
    parcelParamsSchema.parse({ pin: '' });
  });

  router.get('/:pin', async (req, res) => {
    const { pin } = parcelParamsSchema.parse(req.params);
    res.json(await deps.parcelsService.getParcel(pin));
  });

  return router;
}
