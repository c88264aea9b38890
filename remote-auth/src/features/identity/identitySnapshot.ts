import type { IdentitySnapshot } from '@parcel-map/shared';
import type { StytchClient } from '@stytch/vanilla-js/headless';

/** What the store keeps of the SDK's state: serializable, and only what screens read. */
export function identitySnapshot(client: StytchClient): IdentitySnapshot {
  const { session, fromCache } = client.session.getInfo();
  const user = client.user.getSync();
  return {
    session: session ? { sessionId: session.session_id, expiresAt: session.expires_at } : null,
    user: user
      ? { userId: user.user_id, emails: user.emails.map((e) => ({ email: e.email, verified: e.verified })) }
      : null,
    sessionJwt: client.session.getTokens()?.session_jwt ?? null,
    fromCache,
  };
}
