import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_CALLBACK_URL, callSdk, newPkcePair, type AuthenticatedData } from '../testing/identityTestClient.ts';
import { startTestIdentity, type TestIdentity } from '../testing/startTestIdentity.ts';

let identity: TestIdentity;
beforeEach(async () => {
  identity = await startTestIdentity();
});
afterEach(() => identity.close());

function startUrl(params: Record<string, string>, provider = 'microsoft'): string {
  return `${identity.baseUrl}/v1/public/oauth/${provider}/start?${new URLSearchParams(params)}`;
}

/** Submits the consent form the way the browser would, returning the 302. */
async function consent(form: Record<string, string>): Promise<Response> {
  return fetch(`${identity.baseUrl}/v1/public/oauth/microsoft/consent`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
    redirect: 'manual',
  });
}

function tokenFrom(redirect: Response): string {
  const location = new URL(redirect.headers.get('location')!);
  expect(location.searchParams.get('stytch_token_type')).toBe('oauth');
  return location.searchParams.get('token')!;
}

const baseForm = { public_token: 'public-token-test-local', login_redirect_url: APP_CALLBACK_URL, signup_redirect_url: APP_CALLBACK_URL };

describe('OAuth start and consent', () => {
  it('shows a consent page whose form carries the flow forward', async () => {
    const { codeChallenge } = newPkcePair();
    const response = await fetch(startUrl({ ...baseForm, code_challenge: codeChallenge }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('Sign in with Microsoft');
    expect(html).toContain('value="worker@example.com"');
    expect(html).toContain('action="/v1/public/oauth/microsoft/consent"');
    expect(html).toContain(`name="code_challenge" value="${codeChallenge}"`);
    expect(html).toContain('<button type="submit">Continue</button>');
    expect(html).toContain('href="http://127.0.0.1:3000/login"');
  });

  it('redirects to the app with a single-use token that authenticates with the right verifier', async () => {
    const { codeVerifier, codeChallenge } = newPkcePair();
    const redirect = await consent({ ...baseForm, code_challenge: codeChallenge, email: 'worker@example.com' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')!.startsWith(`${APP_CALLBACK_URL}?`)).toBe(true);
    const token = tokenFrom(redirect);

    const response = await callSdk(identity, '/oauth/authenticate', {
      body: { token, code_verifier: codeVerifier, session_duration_minutes: 30 },
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as {
      data: AuthenticatedData & { provider_subject: string; user: { providers: { provider_subject: string }[] } };
    };
    expect(data).toMatchObject({
      status_code: 200,
      provider_type: 'Microsoft',
      provider_values: { access_token: '', id_token: '', refresh_token: '', scopes: [], expires_at: null },
      user: { emails: [{ email: 'worker@example.com', verified: true }], providers: [{ provider_type: 'Microsoft' }] },
      session: { authentication_factors: [{ type: 'oauth', delivery_method: 'oauth_microsoft' }] },
    });
    expect(data.provider_subject).toBe(data.user.providers[0]!.provider_subject);
    expect(typeof data.session_token).toBe('string');
    expect(data.session_jwt.split('.')).toHaveLength(3);

    const reused = await callSdk(identity, '/oauth/authenticate', {
      body: { token, code_verifier: codeVerifier, session_duration_minutes: 30 },
    });
    expect(reused.status).toBe(404);
    expect(await reused.json()).toMatchObject({ error_type: 'oauth_token_not_found' });
  });

  it('keeps the provider subject stable across sign-ins', async () => {
    const subjects: string[] = [];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const token = tokenFrom(await consent({ ...baseForm, email: 'stable@example.com' }));
      const response = await callSdk(identity, '/oauth/authenticate', { body: { token, session_duration_minutes: 30 } });
      subjects.push(((await response.json()) as { data: { provider_subject: string } }).data.provider_subject);
    }
    expect(subjects[0]).toBe(subjects[1]);
  });

  it('requires the verifier when a challenge was given', async () => {
    const { codeChallenge } = newPkcePair();
    const token = tokenFrom(await consent({ ...baseForm, code_challenge: codeChallenge, email: 'worker@example.com' }));
    for (const codeVerifier of [undefined, '', newPkcePair().codeVerifier]) {
      const response = await callSdk(identity, '/oauth/authenticate', {
        body: { token, code_verifier: codeVerifier, session_duration_minutes: 30 },
      });
      expect(response.status).toBe(400);
      const error = (await response.json()) as { error_type: string; error_message: string };
      expect(error.error_type).toBe('pkce_mismatch');
      expect(error.error_message).toContain('pkce');
    }
  });

  it('refuses an expired OAuth token', async () => {
    const token = tokenFrom(await consent({ ...baseForm, email: 'worker@example.com' }));
    identity.advanceClock(11);
    const response = await callSdk(identity, '/oauth/authenticate', { body: { token, session_duration_minutes: 30 } });
    expect(response.status).toBe(404);
  });

  it('answers another provider with a 404 page', async () => {
    const response = await fetch(startUrl(baseForm, 'google'));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Unknown sign-in provider');
    expect((await consent({ ...baseForm, email: 'x@example.com' })).status).toBe(302);
    const wrongConsent = await fetch(`${identity.baseUrl}/v1/public/oauth/google/consent`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...baseForm, email: 'x@example.com' }),
      redirect: 'manual',
    });
    expect(wrongConsent.status).toBe(404);
  });

  it('answers another public token with a 400 page', async () => {
    expect((await fetch(startUrl({ ...baseForm, public_token: 'public-token-test-other' }))).status).toBe(400);
    expect((await consent({ ...baseForm, public_token: 'public-token-test-other', email: 'x@example.com' })).status).toBe(400);
  });

  it('refuses redirect URLs that are not http(s)', async () => {
    for (const badUrl of ['javascript:alert(1)', 'ftp://example.com/cb', 'not a url']) {
      expect((await fetch(startUrl({ ...baseForm, login_redirect_url: badUrl }))).status).toBe(400);
      const redirect = await consent({ ...baseForm, login_redirect_url: badUrl, email: 'x@example.com' });
      expect(redirect.status).toBe(400);
      expect(redirect.headers.get('location')).toBeNull();
    }
  });

  it('escapes what it echoes into the consent page', async () => {
    const html = await (await fetch(startUrl({ ...baseForm, code_challenge: '"><script>alert(1)</script>' }))).text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });
});
