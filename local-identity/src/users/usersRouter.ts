import { Router } from 'express';
import { sendSdkData } from '../http/stytchResponses.ts';
import { requireLiveSession } from '../sessions/requireLiveSession.ts';
import type { SessionStore } from '../sessions/sessionStore.ts';
import type { Clock } from '../time/stytchTime.ts';
import { toStytchUser } from './stytchUser.ts';
import type { UserStore } from './userStore.ts';

export function usersRouter(deps: { publicToken: string; sessions: SessionStore; users: UserStore; now: Clock }): Router {
  const router = Router();
  // `user.get()` expects the user's fields directly in `data`, not under `data.user`.
  router.get('/sdk/v1/users/me', (req, res) => {
    const { user } = requireLiveSession(req, deps, deps.now());
    sendSdkData(res, toStytchUser(user));
  });
  return router;
}
