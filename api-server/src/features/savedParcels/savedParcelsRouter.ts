import { Router, type RequestHandler } from 'express';
import { userIdOf } from '../../platform/auth/verifyBearer.ts';
import type { SavedParcelsService } from './savedParcelsService.ts';
import { saveParcelBodySchema, savedParcelParamsSchema, updateSavedParcelBodySchema } from '@parcel-map/shared/contracts';

export function createSavedParcelsRouter(deps: { savedParcelsService: SavedParcelsService; requireUser: RequestHandler }): Router {
  const router = Router();
  router.use(deps.requireUser);

  router.get('/', async (req, res) => {
    res.type('json').send(`{"parcels":${await deps.savedParcelsService.listAsJson(userIdOf(req))}}`);
  });

  router.post('/', async (req, res) => {
    const body = saveParcelBodySchema.parse(req.body ?? {});
    res.status(201).json(await deps.savedParcelsService.save(userIdOf(req), body));
  });

  router.put('/:id', async (req, res) => {
    const { id } = savedParcelParamsSchema.parse(req.params);
    const { notes } = updateSavedParcelBodySchema.parse(req.body ?? {});
    res.json(await deps.savedParcelsService.updateNotes(userIdOf(req), id, notes));
  });

  router.delete('/:id', async (req, res) => {
    const { id } = savedParcelParamsSchema.parse(req.params);
    await deps.savedParcelsService.remove(userIdOf(req), id);
    res.status(204).end();
  });

  return router;
}
