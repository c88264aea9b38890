import { getIdentityClient } from '../identity/identityClient.ts';

interface OAuthStarter {
  start(options: { login_redirect_url: string; signup_redirect_url: string }): Promise<void>;
}

/** Navigates to the identity provider; the SDK adds the PKCE challenge when the project requires it. */
export async function startWorkplaceSignIn(provider: string, redirectUrl: string) {
  const providers = getIdentityClient().oauth as unknown as Record<string, OAuthStarter | undefined>;
  const starter = providers[provider];
  if (!starter) throw new Error(`Unknown sign-in provider '${provider}'`);
  await starter.start({ login_redirect_url: redirectUrl, signup_redirect_url: redirectUrl });
}
