// When a session JWT stops being accepted: its `exp` claim. The identity client keeps an open tab's JWT
// fresh (a 5-minute JWT, refreshed every 3), but a page opened after it expired starts with the expired
// one from its cookie until the client's first refresh at start answers (STYTCH_NOTES §5).

/** A refreshed JWT has minutes left; one this close to its exp may expire on its way to the API. */
const EXPIRY_MARGIN_MS = 10_000;

/** Whether `jwt` has expired or is about to; a token that is not a JWT is taken as live (the API judges it). */
export function jwtIsStale(jwt: string, now = Date.now()): boolean {
  const payload = jwt.split('.')[1];
  if (!payload) return false;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const { exp } = JSON.parse(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))) as { exp?: unknown };
    return typeof exp === 'number' && exp * 1000 - now < EXPIRY_MARGIN_MS;
  } catch {
    return false;
  }
}
