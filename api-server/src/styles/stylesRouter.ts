// GET /styles/{id}.json — self-hosted base styles (only 'streets-local' so far).
import type { Request } from 'express';
import { Router } from 'express';
import { NotFoundError } from '../http/httpErrors.ts';
import { STREETS_LOCAL_STYLE_ID, streetsLocalStyle } from './streetsLocalStyle.ts';

export function createStylesRouter(deps: { publicBaseUrl: string | undefined }): Router {
  const router = Router();

  router.get('/:id.json', (req, res) => {
    if (req.params.id !== STREETS_LOCAL_STYLE_ID) throw new NotFoundError('Style not found');
    res.set('Cache-Control', 'public, max-age=300');
    res.json(streetsLocalStyle(deps.publicBaseUrl ?? requestBase(req)));
  });

  return router;
}

function requestBase(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? '127.0.0.1'}`;
}
