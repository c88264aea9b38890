import type { Request } from 'express';
import { requireSdkCredentials } from '../http/basicAuth.ts';
import { StytchError } from '../http/stytchResponses.ts';
import type { UserRecord } from '../users/userRecord.ts';
import type { UserStore } from '../users/userStore.ts';
import type { SessionRecord } from './sessionRecord.ts';
import type { SessionStore } from './sessionStore.ts';

export interface LiveSession {
  session: SessionRecord;
  sessionToken: string;
  user: UserRecord;
}

/**
 * The session named by the Basic-auth password. Anything else (unknown, expired, revoked, or the
 * public token itself) is `session_not_found`, one of the error types that make the SDK log out
 * instead of retrying forever (STYTCH_NOTES §5).
 */
export function requireLiveSession(
  req: Request,
  { publicToken, sessions, users }: { publicToken: string; sessions: SessionStore; users: UserStore },
  now: Date,
): LiveSession {
  const { password: sessionToken } = requireSdkCredentials(req, publicToken);
  const session = sessions.findLive(sessionToken, now);
  const user = session && users.get(session.user_id);
  if (!session || !user) {
    throw new StytchError(404, 'session_not_found', 'Session could not be found, has expired or was revoked.');
  }
  return { session, sessionToken, user };
}
