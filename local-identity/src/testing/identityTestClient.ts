// Test support: requests shaped like the ones @stytch/vanilla-js sends (STYTCH_NOTES §2).
import { randomBytes } from 'node:crypto';
import { pkceChallengeFor } from '../oneTimeTokens/pkce.ts';
import type { TestIdentity } from './startTestIdentity.ts';

/** What the client needs of an identity server: a started test server, or one running in its own process. */
export type IdentityEndpoint = Pick<TestIdentity, 'baseUrl' | 'config'>;

export interface SdkCallOptions {
  method?: string;
  body?: unknown;
  /** Basic-auth password; the SDK sends the public token when it holds no session. */
  sessionToken?: string;
}

export async function callSdk(identity: IdentityEndpoint, sdkPath: string, options: SdkCallOptions = {}): Promise<Response> {
  const { publicToken } = identity.config;
  const credentials = Buffer.from(`${publicToken}:${options.sessionToken ?? publicToken}`).toString('base64');
  return fetch(`${identity.baseUrl}/sdk/v1${sdkPath}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: { authorization: `Basic ${credentials}`, 'content-type': 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/** A verifier made the way the SDK makes one: 16 random uint32s in hex. */
export function newPkcePair(): { codeVerifier: string; codeChallenge: string } {
  const codeVerifier = randomBytes(64).toString('hex');
  return { codeVerifier, codeChallenge: pkceChallengeFor(codeVerifier) };
}

export const APP_CALLBACK_URL = 'http://127.0.0.1:3000/authenticate';

/** A login_or_create send as the login card makes it; the project requires PKCE, so a fresh challenge unless one is given. */
export async function requestMagicLink(identity: IdentityEndpoint, email: string, codeChallenge = newPkcePair().codeChallenge): Promise<Response> {
  return callSdk(identity, '/magic_links/email/login_or_create', {
    body: {
      login_magic_link_url: APP_CALLBACK_URL,
      signup_magic_link_url: APP_CALLBACK_URL,
      login_expiration_minutes: 60,
      signup_expiration_minutes: 60,
      email,
      code_challenge: codeChallenge,
    },
  });
}

/** The token in the newest outbox link for `email`, read through GET /dev/outbox like the e2e does. */
export async function latestMagicLinkToken(identity: IdentityEndpoint, email: string): Promise<string> {
  const response = await fetch(`${identity.baseUrl}/dev/outbox?format=json&to=${encodeURIComponent(email)}`);
  const { messages } = (await response.json()) as { messages: { link: string }[] };
  const link = messages[0]?.link;
  if (!link) throw new Error(`no outbox message for ${email}`);
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`outbox link without a token: ${link}`);
  return token;
}

export interface AuthenticatedData {
  user_id: string;
  method_id: string;
  session_token: string;
  session_jwt: string;
  session: { session_id: string; expires_at: string; last_accessed_at: string; roles: string[] } & Record<string, unknown>;
  user: { user_id: string; emails: { email_id: string; email: string; verified: boolean }[] } & Record<string, unknown>;
}

/** The whole magic-link sign-in as the browser does it; returns the authenticate `data`. */
export async function signInWithMagicLink(identity: IdentityEndpoint, email: string): Promise<AuthenticatedData> {
  const { codeVerifier, codeChallenge } = newPkcePair();
  await requestMagicLink(identity, email, codeChallenge);
  const token = await latestMagicLinkToken(identity, email);
  const response = await callSdk(identity, '/magic_links/authenticate', {
    body: { code_verifier: codeVerifier, token, session_duration_minutes: 60 },
  });
  if (response.status !== 200) throw new Error(`magic link authenticate failed: ${await response.text()}`);
  return ((await response.json()) as { data: AuthenticatedData }).data;
}

/** An OAuth flow started as the browser starts it: the consent page's flow id and the cookie its start set. */
export interface StartedOAuthFlow {
  status: number;
  html: string;
  flowId: string | undefined;
  /** `name=value` of the flow's cookie, as the browser would send it back. */
  cookie: string | undefined;
}

/** GET of the OAuth start URL (as the SDK's navigation), reading the consent page's form and cookie. */
export async function startOAuthFlow(startUrl: string | URL): Promise<StartedOAuthFlow> {
  const response = await fetch(startUrl, { redirect: 'manual' });
  const html = await response.text();
  return {
    status: response.status,
    html,
    flowId: /name="flow" value="([^"]+)"/.exec(html)?.[1],
    cookie: response.headers.getSetCookie().map((header) => header.split(';')[0]!).find((pair) => pair.startsWith('oauth_flow_')),
  };
}

/** Posts the consent form with `email`, with the flow's cookie unless `cookie` is given (null: none). */
export async function submitOAuthConsent(
  consentUrl: string,
  flow: Pick<StartedOAuthFlow, 'flowId' | 'cookie'>,
  email: string,
  cookie: string | null = flow.cookie ?? null,
): Promise<Response> {
  return fetch(consentUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie === null ? {} : { cookie }) },
    body: new URLSearchParams({ flow: flow.flowId ?? '', email }),
    redirect: 'manual',
  });
}

/**
 * The whole workplace-account (OAuth) sign-in as the browser does it, with PKCE; returns the
 * authenticate `data`. Sends no magic link, so it leaves the send limits' counts as they were.
 */
export async function signInWithOAuth(identity: IdentityEndpoint, email: string, redirectUrl = APP_CALLBACK_URL): Promise<AuthenticatedData> {
  const { codeVerifier, codeChallenge } = newPkcePair();
  const provider = `${identity.baseUrl}/v1/public/oauth/${identity.config.oauthProvider}`;
  const start = new URLSearchParams({ public_token: identity.config.publicToken, login_redirect_url: redirectUrl, signup_redirect_url: redirectUrl, code_challenge: codeChallenge });
  const redirect = await submitOAuthConsent(`${provider}/consent`, await startOAuthFlow(`${provider}/start?${start}`), email);
  const token = new URL(redirect.headers.get('location') ?? redirectUrl).searchParams.get('token');
  if (!token) throw new Error(`OAuth consent answered ${redirect.status} without a token`);
  const response = await callSdk(identity, '/oauth/authenticate', { body: { token, code_verifier: codeVerifier, session_duration_minutes: 60 } });
  if (response.status !== 200) throw new Error(`OAuth authenticate failed: ${await response.text()}`);
  return ((await response.json()) as { data: AuthenticatedData }).data;
}
