import { Router } from 'express';
import { newRequestId, StytchError } from '../http/stytchResponses.ts';
import type { SigningKey } from './signingKeys.ts';

/** The JWKS api-server and the Node SDK fetch; a backend route, so not wrapped in `{data}`. */
export function jwksRouter({ projectId, signingKey }: { projectId: string; signingKey: SigningKey }): Router {
  const router = Router();
  router.get('/v1/sessions/jwks/:projectId', (req, res) => {
    if (req.params.projectId !== projectId) {
      throw new StytchError(404, 'project_not_found', 'No project has this id.');
    }
    res.json({ keys: [signingKey.publicJwk], request_id: newRequestId(), status_code: 200 });
  });
  return router;
}
