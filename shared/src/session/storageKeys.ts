// The browser storage keys SPEC §3 names: remote-auth writes them, the host reads the flag.
export const SESSION_JWT_KEY = 'session_jwt';
export const IS_LOGGED_IN_KEY = 'is_logged_in';
export const USER_EMAIL_KEY = 'user_email';

/**
 * Whether this browser's last sign-in has not since ended in a logout or a failed authentication.
 * Only a hint: the session may have expired meanwhile, which the identity session finds out.
 */
export function wasSignedIn(): boolean {
  return localStorage.getItem(IS_LOGGED_IN_KEY) === 'true';
}
