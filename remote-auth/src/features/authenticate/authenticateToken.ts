import { getIdentityClient, SESSION_DURATION_MINUTES } from '../identity/identityClient.ts';
import { clearLoginKeys, storeSignedIn } from '../identity/storageKeys.ts';

/** SPEC §5: magic_links or oauth, case-insensitive. */
export function isSupportedTokenType(type: string | null): type is string {
  const lower = type?.toLowerCase();
  return lower === 'magic_links' || lower === 'oauth';
}

/** SPEC §4: the pause after success before leaving the page. */
const POST_AUTHENTICATION_DELAY_MS = 200;

/** Returns true when signed in; on any failure clears the stored login keys. */
export async function authenticateToken(token: string, type: string): Promise<boolean> {
  const client = getIdentityClient();
  const options = { session_duration_minutes: SESSION_DURATION_MINUTES };
  try {
    const response =
      type.toLowerCase() === 'oauth'
        ? await client.oauth.authenticate(token, options)
        : await client.magicLinks.authenticate(token, options);
    if (!response.session) throw new Error('Authentication returned no session');
    storeSignedIn(response.session_jwt || null);
    await new Promise((resolve) => setTimeout(resolve, POST_AUTHENTICATION_DELAY_MS));
    return true;
  } catch (error) {
    console.error('Authentication failed', error);
    clearLoginKeys();
    return false;
  }
}
