import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_CALLBACK_URL, callSdk, newPkcePair, startOAuthFlow, submitOAuthConsent, type AuthenticatedData } from '../testing/identityTestClient.ts';
import { startTestIdentity, type TestIdentity } from '../testing/startTestIdentity.ts';

let identity: TestIdentity;
beforeEach(async () => {
  identity = await startTestIdentity();
});
afterEach(() => identity.close());

function startUrl(params: Record<string, string>, provider = 'microsoft'): string {
  return `${identity.baseUrl}/v1/public/oauth/${provider}/start?${new URLSearchParams(params)}`;
}

const consentUrl = (provider = 'microsoft') => `${identity.baseUrl}/v1/public/oauth/${provider}/consent`;

/** Opens the start page and submits its consent form the way the browser would, returning the answer (302). */
async function consent({ email, ...params }: Record<string, string>): Promise<Response> {
  return submitOAuthConsent(consentUrl(), await startOAuthFlow(startUrl(params)), email!);
}

function tokenFrom(redirect: Response): string {
  const location = new URL(redirect.headers.get('location')!);
  expect(location.searchParams.get('stytch_token_type')).toBe('oauth');
  return location.searchParams.get('token')!;
}

const baseParams = { public_token: 'public-token-test-local', login_redirect_url: APP_CALLBACK_URL, signup_redirect_url: APP_CALLBACK_URL };
/** The project requires PKCE: every flow starts with a challenge unless a test says otherwise. */
const withPkce = () => ({ ...baseParams, code_challenge: newPkcePair().codeChallenge });

describe('OAuth start and consent', () => {
  it('shows a consent page whose form names the flow, and binds the flow to this browser with a cookie', async () => {
    const { codeChallenge } = newPkcePair();
    const response = await fetch(startUrl({ ...baseParams, code_challenge: codeChallenge }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const cookie = response.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^oauth_flow_[\w-]+=[\w-]+; Max-Age=600; Path=\/v1\/public\/oauth\/; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
    const html = await response.text();
    expect(html).toContain('Sign in with Microsoft');
    expect(html).toContain('value="worker@example.com"');
    expect(html).toContain('action="/v1/public/oauth/microsoft/consent"');
    expect(html).toMatch(/<input type="hidden" name="flow" value="[\w-]+">/);
    // The flow's parameters stay on the server: nothing in the form to change.
    expect(html).not.toContain(codeChallenge);
    expect(html).not.toContain('name="login_redirect_url"');
    expect(html).toContain('<button type="submit">Continue</button>');
    expect(html).toContain('href="http://127.0.0.1:3000/login"');
  });

  it('redirects to the app with a single-use token that authenticates with the right verifier', async () => {
    const { codeVerifier, codeChallenge } = newPkcePair();
    const redirect = await consent({ ...baseParams, code_challenge: codeChallenge, email: 'worker@example.com' });
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
      const { codeVerifier, codeChallenge } = newPkcePair();
      const token = tokenFrom(await consent({ ...baseParams, code_challenge: codeChallenge, email: 'stable@example.com' }));
      const response = await callSdk(identity, '/oauth/authenticate', { body: { token, code_verifier: codeVerifier, session_duration_minutes: 30 } });
      subjects.push(((await response.json()) as { data: { provider_subject: string } }).data.provider_subject);
    }
    expect(subjects[0]).toBe(subjects[1]);
  });

  it('requires the verifier when a challenge was given', async () => {
    const { codeChallenge } = newPkcePair();
    const token = tokenFrom(await consent({ ...baseParams, code_challenge: codeChallenge, email: 'worker@example.com' }));
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

  it('refuses to start a flow without a code_challenge, as the bootstrap says PKCE is required', async () => {
    const flow = await startOAuthFlow(startUrl(baseParams));
    expect(flow.status).toBe(400);
    expect(flow.html).toContain('requires PKCE');
    expect(flow.flowId).toBeUndefined();
    expect(flow.cookie).toBeUndefined();
  });

  it('refuses the consent from a browser that did not start the flow (a foreign page posting the form)', async () => {
    const flow = await startOAuthFlow(startUrl(withPkce()));
    const other = await startOAuthFlow(startUrl(withPkce()));
    for (const cookie of [null, other.cookie!, `${flow.cookie!.split('=')[0]}=forged`]) {
      const response = await submitOAuthConsent(consentUrl(), flow, 'attacker@example.com', cookie);
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain('not started in this browser');
    }
    // A made-up flow id, and the form of the old kind (the flow's parameters posted back), are refused too.
    expect((await submitOAuthConsent(consentUrl(), { flowId: 'made-up', cookie: 'oauth_flow_made-up=x' }, 'attacker@example.com')).status).toBe(400);
    const oldForm = await fetch(consentUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...withPkce(), email: 'attacker@example.com' }),
      redirect: 'manual',
    });
    expect(oldForm.status).toBe(400);
  });

  it('takes a flow once', async () => {
    const flow = await startOAuthFlow(startUrl(withPkce()));
    expect((await submitOAuthConsent(consentUrl(), flow, 'worker@example.com')).status).toBe(302);
    expect((await submitOAuthConsent(consentUrl(), flow, 'worker@example.com')).status).toBe(400);
  });

  it('refuses an expired OAuth token and an expired flow', async () => {
    const token = tokenFrom(await consent({ ...withPkce(), email: 'worker@example.com' }));
    identity.advanceClock(11);
    const response = await callSdk(identity, '/oauth/authenticate', { body: { token, session_duration_minutes: 30 } });
    expect(response.status).toBe(404);

    const flow = await startOAuthFlow(startUrl(withPkce()));
    identity.advanceClock(11);
    expect((await submitOAuthConsent(consentUrl(), flow, 'worker@example.com')).status).toBe(400);
  });

  it('answers another provider with a 404 page', async () => {
    const response = await fetch(startUrl(withPkce(), 'google'));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Unknown sign-in provider');
    const flow = await startOAuthFlow(startUrl(withPkce()));
    expect((await submitOAuthConsent(consentUrl('google'), flow, 'x@example.com')).status).toBe(404);
  });

  it('answers another public token with a 400 page', async () => {
    expect((await fetch(startUrl({ ...withPkce(), public_token: 'public-token-test-other' }))).status).toBe(400);
  });

  it('refuses redirect URLs that are not http(s) or not on the allow-list', async () => {
    for (const badUrl of ['javascript:alert(1)', 'ftp://example.com/cb', 'not a url', 'https://evil.example/authenticate', 'http://127.0.0.1:3000/somewhere-else']) {
      for (const params of [{ ...withPkce(), login_redirect_url: badUrl }, { ...withPkce(), signup_redirect_url: badUrl }]) {
        const flow = await startOAuthFlow(startUrl(params));
        expect(flow.status).toBe(400);
        expect(flow.cookie).toBeUndefined();
      }
    }
  });

  it('escapes what it echoes into its pages', async () => {
    const html = await (await fetch(startUrl({ ...withPkce(), login_redirect_url: 'http://127.0.0.1:3000/"><script>alert(1)</script>' }))).text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('OAuth consent rate limit', () => {
  it('refuses consents beyond CONSENT_LIMIT_PER_IP_PER_MINUTE with 429 and Retry-After, minting no token', async () => {
    const limited = await startTestIdentity({ env: { CONSENT_LIMIT_PER_IP_PER_MINUTE: '3' } });
    try {
      const startAt = (params: Record<string, string>) => `${limited.baseUrl}/v1/public/oauth/microsoft/start?${new URLSearchParams(params)}`;
      const consentAt = `${limited.baseUrl}/v1/public/oauth/microsoft/consent`;
      const answers: Response[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        answers.push(await submitOAuthConsent(consentAt, await startOAuthFlow(startAt(withPkce())), `flood${attempt}@example.com`));
      }
      expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302, 429]);
      const refused = answers[3]!;
      expect(refused.headers.get('location')).toBeNull();
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(await refused.text()).toContain('Too many sign-ins');
      limited.advanceClock(1.1);
      expect((await submitOAuthConsent(consentAt, await startOAuthFlow(startAt(withPkce())), 'later@example.com')).status).toBe(302);
    } finally {
      await limited.close();
    }
  });
});
