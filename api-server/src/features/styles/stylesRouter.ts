// GET /styles/{id}.json — the self-hosted base styles (offlineStyles.ts).
import type { Request } from 'express';
import { Router } from 'express';
import { NotFoundError } from '../../platform/http/httpErrors.ts';
import { findOfflineStyle, offlineStyle } from './offlineStyles.ts';

export function createStylesRouter(deps: { publicBaseUrl: string | undefined }): Router {
  const router = Router();

  router.get('/:id.json', (req, res) => {
    const info = findOfflineStyle(req.params.id);
    if (!info) throw new NotFoundError('Style not found');
    res.set('Cache-Control', 'public, max-age=300');
    res.json(offlineStyle(info, deps.publicBaseUrl ?? requestBase(req)));
  });

  return router;
}

function requestBase(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? '127.0.0.1'}`;
}
