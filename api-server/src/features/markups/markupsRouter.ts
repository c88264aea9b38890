// /api/markups: a user's kept measurements and drawings, with saved parcels' access rules.
import { Router, type RequestHandler } from 'express';
import { createMarkupBodySchema, markupPageQuerySchema, savedParcelParamsSchema, updateMarkupBodySchema } from '@parcel-map/shared/contracts';
import { userIdOf } from '../../platform/auth/verifyBearer.ts';
import type { MarkupsService } from './markupsService.ts';

export function createMarkupsRouter(deps: {
  markupsService: MarkupsService;
  requireUser: RequestHandler;
  /** Every markups request (platform/http/rateLimits.ts). */
  rateLimit: RequestHandler;
}): Router {
  const router = Router();
  router.use(deps.requireUser, deps.rateLimit);

  // A page at a time: a user's whole list is up to MARKUPS_MAX_BYTES_PER_USER of
  // drawing. The page comes as JSON text: res.json would serialise it again.
  router.get('/', async (req, res) => {
    const { before, limit } = markupPageQuerySchema.parse(req.query);
    res.type('json').send(await deps.markupsService.pageJson(userIdOf(req), before, limit));
  });

  router.post('/', async (req, res) => {
    const body = createMarkupBodySchema.parse(req.body ?? {});
    res.status(201).json(await deps.markupsService.create(userIdOf(req), body));
  });

  // Ids follow the saved parcels' rule: digits only, one beyond int4 cannot exist (404).
  router.patch('/:id', async (req, res) => {
    const { id } = savedParcelParamsSchema.parse(req.params);
    const changes = updateMarkupBodySchema.parse(req.body ?? {});
    res.json(await deps.markupsService.update(userIdOf(req), id, changes));
  });

  router.delete('/:id', async (req, res) => {
    const { id } = savedParcelParamsSchema.parse(req.params);
    await deps.markupsService.remove(userIdOf(req), id);
    res.status(204).end();
  });

  return router;
}
