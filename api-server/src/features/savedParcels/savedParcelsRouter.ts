import { Router, type RequestHandler } from 'express';
import { userIdOf } from '../../platform/auth/verifyBearer.ts';
import type { SavedParcelsService } from './savedParcelsService.ts';
import { saveParcelBodySchema, savedParcelParamsSchema, savedParcelTagsBodySchema, updateSavedParcelBodySchema } from '@parcel-map/shared/contracts';

export function createSavedParcelsRouter(deps: {
  savedParcelsService: SavedParcelsService;
  requireUser: RequestHandler;
  /** Saves, note and tag changes, deletes (platform/http/rateLimits.ts). */
  writeLimit: RequestHandler;
}): Router {
  const { writeLimit } = deps;
  const router = Router();
  router.use(deps.requireUser);

  router.get('/', async (req, res) => {
    res.type('json').send(`{"parcels":${await deps.savedParcelsService.listAsJson(userIdOf(req))}}`);
  });

  router.get('/details', async (req, res) => {
    res.json({ parcels: await deps.savedParcelsService.details(userIdOf(req)) });
  });

  // The user has looked at what changed: the list's changes so far are no longer new (issue #43).
  router.post('/changes/seen', writeLimit, async (req, res) => {
    await deps.savedParcelsService.markChangesSeen(userIdOf(req));
    res.status(204).end();
  });

  router.post('/', writeLimit, async (req, res) => {
    const body = saveParcelBodySchema.parse(req.body ?? {});
    res.status(201).json(await deps.savedParcelsService.save(userIdOf(req), body));
  });

  router.put('/:id', writeLimit, async (req, res) => {
    const { id } = savedParcelParamsSchema.parse(req.params);
    const { notes } = updateSavedParcelBodySchema.parse(req.body ?? {});
    res.json(await deps.savedParcelsService.updateNotes(userIdOf(req), id, notes));
  });

  router.put('/:id/tags', writeLimit, async (req, res) => {
    const { id } = savedParcelParamsSchema.parse(req.params);
    const { tags } = savedParcelTagsBodySchema.parse(req.body ?? {});
    res.json(await deps.savedParcelsService.updateTags(userIdOf(req), id, tags));
  });

  router.delete('/:id', writeLimit, async (req, res) => {
    const { id } = savedParcelParamsSchema.parse(req.params);
    await deps.savedParcelsService.remove(userIdOf(req), id);
    res.status(204).end();
  });

  return router;
}
