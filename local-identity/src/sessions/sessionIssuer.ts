// Builds what every successful authenticate call returns: the opaque token, a fresh JWT and the
// session and user objects. The SDK writes both tokens to cookies only when both are strings.
import type { Request } from 'express';
import type { SigningKey } from '../keys/signingKeys.ts';
import type { UserRecord } from '../users/userRecord.ts';
import { toStytchUser } from '../users/stytchUser.ts';
import type { AuthenticationFactor, SessionAttributes, SessionRecord } from './sessionRecord.ts';
import { signSessionJwt } from './sessionJwt.ts';
import type { SessionStore } from './sessionStore.ts';
import { toStytchSession } from './stytchSession.ts';

export interface SessionIssuerDeps {
  sessions: SessionStore;
  signingKey: SigningKey;
  projectId: string;
}

export class SessionIssuer {
  constructor(private readonly deps: SessionIssuerDeps) {}

  async startSession(
    { user, durationMinutes, factor, attributes }: { user: UserRecord; durationMinutes: number; factor: AuthenticationFactor; attributes: SessionAttributes },
    now: Date,
  ) {
    const { session, sessionToken } = this.deps.sessions.start({ userId: user.user_id, durationMinutes, attributes, factor, now });
    return this.describe(session, sessionToken, user, now);
  }

  async describe(session: SessionRecord, sessionToken: string, user: UserRecord, now: Date) {
    const sessionJwt = await signSessionJwt(session, { signingKey: this.deps.signingKey, projectId: this.deps.projectId, now });
    return {
      user_id: user.user_id,
      session_token: sessionToken,
      session_jwt: sessionJwt,
      session: toStytchSession(session),
      user: toStytchUser(user),
    };
  }
}

export function sessionAttributesOf(req: Request): SessionAttributes {
  // Node reports IPv4 peers on a dual-stack socket as `::ffff:a.b.c.d`.
  const ipAddress = (req.ip ?? req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  return { ip_address: ipAddress, user_agent: req.get('user-agent') ?? '' };
}
