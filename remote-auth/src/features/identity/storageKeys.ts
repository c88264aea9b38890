// Writing and clearing the browser storage keys of SPEC §3.
import { IS_LOGGED_IN_KEY, SESSION_JWT_KEY, USER_EMAIL_KEY } from '@parcel-map/shared';

/** Every key under which a session token may have been stored; logout clears them all. */
const TOKEN_KEYS = [SESSION_JWT_KEY, 'session_token', 'stytch_session', 'stytch_session_jwt'];

export function storeSignedIn(sessionJwt: string | null) {
  if (sessionJwt) localStorage.setItem(SESSION_JWT_KEY, sessionJwt);
  localStorage.setItem(IS_LOGGED_IN_KEY, 'true');
}

export function clearLoginKeys() {
  for (const key of [...TOKEN_KEYS, IS_LOGGED_IN_KEY, USER_EMAIL_KEY]) localStorage.removeItem(key);
}
