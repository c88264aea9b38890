// /api/saved-queries (issue #42): a user's attribute queries kept by name, with saved parcels' access
// rules (the user from the session, ids as saved parcels' are read).
import { Router, type RequestHandler } from 'express';
import { createSavedQueryBodySchema, savedParcelParamsSchema, updateSavedQueryBodySchema } from '@parcel-map/shared/contracts';
import { userIdOf } from '../../platform/auth/verifyBearer.ts';
import type { SavedQueriesService } from './savedQueriesService.ts';

export function createSavedQueriesRouter(deps: {
  savedQueriesService: SavedQueriesService;
  requireUser: RequestHandler;
  /** Every saved-queries request (platform/http/rateLimits.ts). */
  rateLimit: RequestHandler;
}): Router {
  const router = Router();
  router.use(deps.requireUser, deps.rateLimit);

  router.get('/', async (req, res) => {
    res.json({ queries: await deps.savedQueriesService.list(userIdOf(req)) });
  });

  router.post('/', async (req, res) => {
    const { name, query } = createSavedQueryBodySchema.parse(req.body ?? {});
    res.status(201).json(await deps.savedQueriesService.create(userIdOf(req), name, query));
  });

  router.patch('/:id', async (req, res) => {
    const { id } = savedParcelParamsSchema.parse(req.params);
    const changes = updateSavedQueryBodySchema.parse(req.body ?? {});
    res.json(await deps.savedQueriesService.update(userIdOf(req), id, changes));
  });

  router.delete('/:id', async (req, res) => {
    const { id } = savedParcelParamsSchema.parse(req.params);
    await deps.savedQueriesService.remove(userIdOf(req), id);
    res.status(204).end();
  });

  return router;
}
