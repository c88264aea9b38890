// Test hook for the session-refresh e2e: makes /sdk/v1/sessions/authenticate fail on demand for one
// user. Scoped to that user's e-mail so the other browsers of a parallel e2e run, signed in as other
// users, keep refreshing normally. Mounted only when ENABLE_DEV_FAULTS=1; otherwise the route does not
// exist (404).
import { Router, type Response } from 'express';
import { z } from 'zod';
import { parseOrThrow } from '../http/parseRequest.ts';
import { StytchError } from '../http/stytchResponses.ts';

const sessionsAuthenticateFaultSchema = z.enum(['ok', 'unavailable', 'session_not_found']);
type SessionsAuthenticateFault = z.infer<typeof sessionsAuthenticateFaultSchema>;

const devFaultsBodySchema = z.object({ email: z.string().min(1), sessionsAuthenticate: sessionsAuthenticateFaultSchema });

export class DevFaults {
  private readonly sessionsAuthenticateByEmail = new Map<string, Exclude<SessionsAuthenticateFault, 'ok'>>();

  set(email: string, fault: SessionsAuthenticateFault): void {
    if (fault === 'ok') this.sessionsAuthenticateByEmail.delete(email);
    else this.sessionsAuthenticateByEmail.set(email, fault);
  }

  /**
   * Answers sessions/authenticate for a user with a fault set; returns false when the real handler
   * should run. `unavailable` is a non-JSON 503, which the SDK treats as recoverable and retries.
   */
  answerSessionsAuthenticate(res: Response, email: string): boolean {
    switch (this.sessionsAuthenticateByEmail.get(email)) {
      case undefined:
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
    const { email, sessionsAuthenticate } = parseOrThrow(devFaultsBodySchema, req.body);
    faults.set(email, sessionsAuthenticate);
    res.json({ email, sessionsAuthenticate });
  });
  return router;
}
