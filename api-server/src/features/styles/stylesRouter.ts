// GET /styles/{id}.json — the self-hosted base styles (offlineStyles.ts), with the context overlays served now.
import type { Request } from 'express';
import { Router } from 'express';
import { NotFoundError } from '../../platform/http/httpErrors.ts';
import type { OverlaysService } from '../overlays/overlaysService.ts';
import { findOfflineStyle, offlineStyle } from './offlineStyles.ts';

export interface StylesRouterDeps {
  publicBaseUrl: string | undefined;
  /** TRUST_PROXY is set: the proxy's X-Forwarded-Proto and X-Forwarded-Host say how browsers reach the API. */
  behindTrustedProxy: boolean;
  overlays: OverlaysService;
}

export function createStylesRouter(deps: StylesRouterDeps): Router {
  const router = Router();

  router.get('/:id.json', async (req, res) => {
    const info = findOfflineStyle(req.params.id);
    if (!info) throw new NotFoundError('Style not found');
    const overlays = await deps.overlays.current();
    res.set('Cache-Control', 'public, max-age=300');
    res.json(offlineStyle(info, deps.publicBaseUrl ?? (deps.behindTrustedProxy ? proxiedBase(req) : reachedBase(req)), overlays));
  });

  return router;
}

// The answer is publicly cacheable, so without a trusted proxy nothing a client sends may shape it:
// a Host or X-Forwarded-* header of an attacker's would otherwise point every cached copy's tiles
// and glyphs at the attacker's server.
function proxiedBase(req: Request): string {
  return `${req.protocol}://${req.host}`;
}

/** The address and port the connection arrived at, as the socket says. */
function reachedBase(req: Request): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return `${req.protocol}://${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
}
