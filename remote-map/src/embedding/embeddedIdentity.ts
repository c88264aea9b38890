// The session an embedding page hands to mount(): only a JWT, from which the store's identity
// snapshot is derived so the screen treats the embed as signed in.
import type { IdentitySnapshot } from '@parcel-map/shared';

function jwtClaims(jwt: string): Record<string, unknown> {
  const payload = jwt.split('.')[1];
  if (!payload) return {};
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function embeddedIdentity(sessionJwt: string | null | undefined): IdentitySnapshot {
  if (!sessionJwt) return { user: null, session: null, sessionJwt: null, fromCache: false };
  const claims = jwtClaims(sessionJwt);
  const userId = typeof claims.sub === 'string' ? claims.sub : 'embedded';
  const expiresAt = typeof claims.exp === 'number' ? new Date(claims.exp * 1000).toISOString() : '';
  const email = typeof claims.email === 'string' ? claims.email : null;
  return {
    user: { userId, emails: email ? [{ email, verified: false }] : [] },
    session: { sessionId: typeof claims.sid === 'string' ? claims.sid : 'embedded', expiresAt },
    sessionJwt,
    fromCache: false,
  };
}
