// Session JWTs in Stytch's layout (STYTCH_NOTES §7.1): what api-server and the Node SDK verify.
import { SignJWT } from 'jose';
import type { SigningKey } from '../keys/signingKeys.ts';
import type { SessionRecord } from './sessionRecord.ts';

/** Stytch session JWTs live five minutes whatever the session length; the SDK refreshes every three. */
const SESSION_JWT_LIFETIME_SECONDS = 300;

const SESSION_CLAIM = 'https://stytch.com/session';

function stytchIssuer(projectId: string): string {
  return `stytch.com/${projectId}`;
}

export async function signSessionJwt(
  session: SessionRecord,
  { signingKey, projectId, now }: { signingKey: SigningKey; projectId: string; now: Date },
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    [SESSION_CLAIM]: {
      id: session.session_id,
      started_at: session.started_at,
      last_accessed_at: session.last_accessed_at,
      expires_at: session.expires_at,
      attributes: session.attributes,
      authentication_factors: session.authentication_factors,
      roles: ['stytch_user'],
    },
  })
    .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid, typ: 'JWT' })
    .setSubject(session.user_id)
    .setIssuer(stytchIssuer(projectId))
    .setAudience([projectId])
    .setIssuedAt(issuedAt)
    .setNotBefore(issuedAt)
    .setExpirationTime(issuedAt + SESSION_JWT_LIFETIME_SECONDS)
    .sign(signingKey.privateKey);
}
