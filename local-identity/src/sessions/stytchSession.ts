import type { SessionRecord } from './sessionRecord.ts';

/** The Session object as the SDK stores it (STYTCH_NOTES §3c). */
export function toStytchSession(session: SessionRecord) {
  return {
    session_id: session.session_id,
    user_id: session.user_id,
    started_at: session.started_at,
    last_accessed_at: session.last_accessed_at,
    expires_at: session.expires_at,
    attributes: session.attributes,
    authentication_factors: session.authentication_factors,
    custom_claims: {},
    roles: ['stytch_user'],
  };
}
