// A session for the API benchmarks, the way the product gets one: a magic link from
// local-identity's outbox, authenticated with the SDK's public-token credentials and PKCE (which the
// project requires).
import { newPkcePair } from '../../local-identity/src/testing/identityTestClient.ts';

const PUBLIC_TOKEN = 'public-token-test-local';
const SDK_AUTH = `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`).toString('base64')}`;

async function sdkPost<T>(url: string, body: object): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { Authorization: SDK_AUTH, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${url}: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** Signs a fresh user in and returns the session JWT (valid 5 minutes: sign in again per section). */
export async function signInForJwt(identityOrigin: string, hostOrigin: string, email: string): Promise<string> {
  const sentAfter = Date.now() - 1000;
  const { codeVerifier, codeChallenge } = newPkcePair();
  await sdkPost(`${identityOrigin}/sdk/v1/magic_links/email/login_or_create`, {
    email,
    login_magic_link_url: `${hostOrigin}/authenticate`,
    signup_magic_link_url: `${hostOrigin}/authenticate`,
    code_challenge: codeChallenge,
  });
  const outbox = (await (await fetch(`${identityOrigin}/dev/outbox?format=json&to=${encodeURIComponent(email)}`)).json()) as {
    messages: { link: string; sentAt: string }[];
  };
  const link = outbox.messages.find((message) => new Date(message.sentAt).getTime() >= sentAfter)?.link;
  const token = link && new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no magic link for ${email} in the outbox`);
  const session = await sdkPost<{ session_jwt: string }>(`${identityOrigin}/sdk/v1/magic_links/authenticate`, { token, code_verifier: codeVerifier, session_duration_minutes: 60 });
  return session.session_jwt;
}

export const benchEmail = (label: string) => `bench-${label}-${Date.now()}@example.com`;
