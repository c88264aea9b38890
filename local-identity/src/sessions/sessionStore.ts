import { randomUUID } from 'node:crypto';
import { newOpaqueToken, sha256Hex } from '../secrets/opaqueToken.ts';
import type { IdentityStateFile } from '../state/identityStateFile.ts';
import { addMinutes, toStytchTimestamp } from '../time/stytchTime.ts';
import type { AuthenticationFactor, SessionAttributes, SessionRecord } from './sessionRecord.ts';

export interface NewSession {
  userId: string;
  durationMinutes: number;
  attributes: SessionAttributes;
  factor: AuthenticationFactor;
  now: Date;
}

export interface StartedSession {
  session: SessionRecord;
  sessionToken: string;
}

/** Live sessions, looked up by a hash of their opaque token. Revoked sessions are deleted. */
export class SessionStore {
  constructor(private readonly stateFile: IdentityStateFile) {}

  start({ userId, durationMinutes, attributes, factor, now }: NewSession): StartedSession {
    const sessionToken = newOpaqueToken();
    const session: SessionRecord = {
      session_id: `session-test-${randomUUID()}`,
      session_token_hash: sha256Hex(sessionToken),
      user_id: userId,
      started_at: toStytchTimestamp(now),
      last_accessed_at: toStytchTimestamp(now),
      expires_at: toStytchTimestamp(addMinutes(now, durationMinutes)),
      attributes,
      authentication_factors: [factor],
    };
    this.stateFile.state.sessions.push(session);
    this.persistWithoutExpired(now);
    return { session, sessionToken };
  }

  /** The session for this token if it exists and has not expired at `now`. */
  findLive(sessionToken: string, now: Date): SessionRecord | undefined {
    const tokenHash = sha256Hex(sessionToken);
    const session = this.stateFile.state.sessions.find((candidate) => candidate.session_token_hash === tokenHash);
    return session && isLive(session, now) ? session : undefined;
  }

  /** Records an access and, when a duration is given, moves the expiry to now + duration (Stytch's rule). */
  touch(session: SessionRecord, now: Date, extendByMinutes: number | undefined): void {
    session.last_accessed_at = toStytchTimestamp(now);
    if (extendByMinutes !== undefined) {
      session.expires_at = toStytchTimestamp(addMinutes(now, extendByMinutes));
    }
    this.persistWithoutExpired(now);
  }

  revoke(session: SessionRecord, now: Date): void {
    const { sessions } = this.stateFile.state;
    sessions.splice(sessions.indexOf(session), 1);
    this.persistWithoutExpired(now);
  }

  // Expired sessions can never come back, so each write also drops them to keep the file small.
  private persistWithoutExpired(now: Date): void {
    const { sessions } = this.stateFile.state;
    const live = sessions.filter((session) => isLive(session, now));
    sessions.splice(0, sessions.length, ...live);
    this.stateFile.persist();
  }
}

function isLive(session: SessionRecord, now: Date): boolean {
  return Date.parse(session.expires_at) > now.getTime();
}
