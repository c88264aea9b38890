// GET /styles/{id}.json — the self-hosted base styles (offlineStyles.ts), one per imagery layer served
// now and one of them all, the newest on top (imageryStyles.ts), with the context overlays served now.
import type { Request } from 'express';
import { Router } from 'express';
import { NotFoundError } from '../../platform/http/httpErrors.ts';
import type { OverlaysService } from '../overlays/overlaysService.ts';
import { findImageryForStyle, imageryStyle, type CurrentImagery } from './imageryStyles.ts';
import { findOfflineStyle, offlineStyle } from './offlineStyles.ts';

export interface StylesRouterDeps {
  /** PUBLIC_BASE_URL, which TRUST_PROXY requires (app/config.ts). */
  publicBaseUrl: string | undefined;
  overlays: OverlaysService;
  imagery: CurrentImagery;
}

export function createStylesRouter(deps: StylesRouterDeps): Router {
  const router = Router();

  const styleFor = async (id: string, publicBase: string) => {
    const info = findOfflineStyle(id);
    if (info) return offlineStyle(info, publicBase, await deps.overlays.current());
    const imagery = findImageryForStyle(id, await deps.imagery.current());
    if (imagery.length > 0) return imageryStyle(id, imagery, publicBase, await deps.overlays.current());
    throw new NotFoundError('Style not found');
  };

  router.get('/:id.json', async (req, res) => {
    const style = await styleFor(req.params.id, deps.publicBaseUrl ?? reachedBase(req));
    res.set('Cache-Control', 'public, max-age=300');
    res.json(style);
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
