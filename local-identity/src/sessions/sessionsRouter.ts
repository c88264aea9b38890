import { Router } from 'express';
import { z } from 'zod';
import type { DevFaults } from '../dev/devFaults.ts';
import { parseOrThrow } from '../http/parseRequest.ts';
import { sendSdkData } from '../http/stytchResponses.ts';
import type { Clock } from '../time/stytchTime.ts';
import type { UserStore } from '../users/userStore.ts';
import { sessionDurationMinutesSchema } from './sessionDuration.ts';
import type { SessionIssuer } from './sessionIssuer.ts';
import type { SessionStore } from './sessionStore.ts';
import { requireLiveSession } from './requireLiveSession.ts';

const sessionsAuthenticateBodySchema = z.object({
  session_duration_minutes: sessionDurationMinutesSchema.optional(),
});

export interface SessionsRouterDeps {
  publicToken: string;
  sessions: SessionStore;
  users: UserStore;
  sessionIssuer: SessionIssuer;
  faults: DevFaults;
  now: Clock;
}

export function sessionsRouter(deps: SessionsRouterDeps): Router {
  const router = Router();

  // The SDK calls this at start-up when a session cookie exists and then every three minutes.
  router.post('/sdk/v1/sessions/authenticate', async (req, res) => {
    const now = deps.now();
    const { session, sessionToken, user } = requireLiveSession(req, deps, now);
    if (deps.faults.answerSessionsAuthenticate(res, user.email)) return;
    const { session_duration_minutes } = parseOrThrow(sessionsAuthenticateBodySchema, req.body);
    deps.sessions.touch(session, now, session_duration_minutes);
    sendSdkData(res, await deps.sessionIssuer.describe(session, sessionToken, user, now));
  });

  router.post('/sdk/v1/sessions/revoke', (req, res) => {
    const now = deps.now();
    const { session } = requireLiveSession(req, deps, now);
    deps.sessions.revoke(session, now);
    sendSdkData(res, {});
  });

  return router;
}
