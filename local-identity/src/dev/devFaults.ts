// Test hook for the session-refresh e2e: makes /sdk/v1/sessions/authenticate fail on demand.
// Mounted only when ENABLE_DEV_FAULTS=1; otherwise the route does not exist (404).
import { Router, type Response } from 'express';
import { z } from 'zod';
import { parseOrThrow } from '../http/parseRequest.ts';
import { StytchError } from '../http/stytchResponses.ts';

const sessionsAuthenticateFaultSchema = z.enum(['ok', 'unavailable', 'session_not_found']);
type SessionsAuthenticateFault = z.infer<typeof sessionsAuthenticateFaultSchema>;

const devFaultsBodySchema = z.object({ sessionsAuthenticate: sessionsAuthenticateFaultSchema });

export class DevFaults {
  sessionsAuthenticate: SessionsAuthenticateFault = 'ok';

  /**
   * Answers for sessions/authenticate when a fault is set; returns false when the real handler
   * should run. `unavailable` is a non-JSON 503, which the SDK treats as recoverable and retries.
   */
  answerSessionsAuthenticate(res: Response): boolean {
    switch (this.sessionsAuthenticate) {
      case 'ok':
        return false;
      case 'unavailable':
        res.status(503).type('text/plain').send('Service Unavailable (dev fault)');
        return true;
      case 'session_not_found':
        throw new StytchError(404, 'session_not_found', 'Session could not be found (dev fault).');
    }
  }
}

export function devFaultsRouter(faults: DevFaults): Router {
  const router = Router();
  router.post('/dev/faults', (req, res) => {
    const { sessionsAuthenticate } = parseOrThrow(devFaultsBodySchema, req.body);
    faults.sessionsAuthenticate = sessionsAuthenticate;
    res.json({ sessionsAuthenticate });
  });
  return router;
}
