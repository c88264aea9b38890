// /api/admin/imagery-services: the Data page's imagery services (imageryServices.ts) — list, add,
// remove. Administrators only: createApp mounts it behind the admin check.
import { Router } from 'express';
import { imageryServiceBodySchema, type ImageryServicesAnswer } from '@parcel-map/shared/contracts';
import { BadRequestError } from '../../platform/http/httpErrors.ts';
import type { ImageryServices } from './imageryServices.ts';

export const IMAGERY_SERVICES_PATH = '/imagery-services';

export function createImageryServicesRouter(deps: { services: ImageryServices }): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    const answer: ImageryServicesAnswer = { services: await deps.services.list() };
    res.json(answer);
  });

  router.post('/', async (req, res) => {
    const body = imageryServiceBodySchema.safeParse(req.body);
    if (!body.success) throw new BadRequestError(`Invalid imagery service: ${body.error.issues.map((issue) => `${issue.path.join('.') || 'body'} ${issue.message}`).join('; ')}`);
    res.status(201).json(await deps.services.add(body.data));
  });

  router.delete('/:name', async (req, res) => {
    await deps.services.remove(String(req.params.name));
    res.status(204).end();
  });

  return router;
}
