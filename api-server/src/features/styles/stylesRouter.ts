// GET /styles/{id}.json — the self-hosted base styles (offlineStyles.ts), with the context overlays served now.
import type { Request } from 'express';
import { Router } from 'express';
import { NotFoundError } from '../../platform/http/httpErrors.ts';
import type { OverlaysService } from '../overlays/overlaysService.ts';
import { findOfflineStyle, offlineStyle } from './offlineStyles.ts';

export interface StylesRouterDeps {
  /** PUBLIC_BASE_URL, which TRUST_PROXY requires (app/config.ts). */
  publicBaseUrl: string | undefined;
  overlays: OverlaysService;
}

export function createStylesRouter(deps: StylesRouterDeps): Router {
  const router = Router();

  router.get('/:id.json', async (req, res) => {
    const info = findOfflineStyle(req.params.id);
    if (!info) throw new NotFoundError('Style not found');
    const overlays = await deps.overlays.current();
    res.set('Cache-Control', 'public, max-age=300');
    res.json(offlineStyle(info, deps.publicBaseUrl ?? reachedBase(req), overlays));
  });

  return router;
}

// The answer is publicly cacheable, so nothing a client sends may shape it: a Host or
// X-Forwarded-* header of an attacker's (passed on by a proxy too) would otherwise point every
// cached copy's tiles and glyphs at the attacker's server.
/** The address and port the connection arrived at, as the socket says. */
function reachedBase(req: Request): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return `${req.protocol}://${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
}
