import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  APP_CALLBACK_URL,
  callSdk,
  latestMagicLinkToken,
  newPkcePair,
  requestMagicLink,
  signInWithMagicLink,
  type AuthenticatedData,
} from '../testing/identityTestClient.ts';
import { startTestIdentity, type TestIdentity } from '../testing/startTestIdentity.ts';

let identity: TestIdentity;
beforeEach(async () => {
  identity = await startTestIdentity();
});
afterEach(() => identity.close());

async function authenticate(token: string, codeVerifier: string | undefined): Promise<Response> {
  return callSdk(identity, '/magic_links/authenticate', {
    body: { token, code_verifier: codeVerifier, session_duration_minutes: 60 },
  });
}

describe('magic link send', () => {
  it('creates the user and puts a sign-up link in the outbox', async () => {
    const response = await requestMagicLink(identity, 'New.Person@Example.com', newPkcePair().codeChallenge);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Record<string, unknown> };
    expect(data).toMatchObject({ status_code: 200, user_created: true });
    expect(data.user_id).toMatch(/^user-test-/);
    expect(data.email_id).toMatch(/^email-test-/);

    const outbox = (await (await fetch(`${identity.baseUrl}/dev/outbox?format=json`)).json()) as {
      messages: { to: string; link: string; subject: string; sentAt: string; id: string }[];
    };
    const link = new URL(outbox.messages[0]!.link);
    expect(outbox.messages[0]!.to).toBe('new.person@example.com');
    expect(`${link.origin}${link.pathname}`).toBe(APP_CALLBACK_URL);
    expect(link.searchParams.get('stytch_token_type')).toBe('magic_links');
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{40,}$/);
    expect(identity.printedLines).toEqual([`MAGIC LINK for new.person@example.com: ${link.toString()}`]);
  });

  it('finds the existing user on a second send', async () => {
    await requestMagicLink(identity, 'again@example.com');
    const response = await requestMagicLink(identity, 'AGAIN@example.com');
    expect(((await response.json()) as { data: { user_created: boolean } }).data.user_created).toBe(false);
  });

  it('answers the send/primary and send/secondary paths too', async () => {
    for (const path of ['/magic_links/email/send/primary', '/magic_links/email/send/secondary']) {
      const response = await callSdk(identity, path, {
        body: { email: 'paths@example.com', login_magic_link_url: APP_CALLBACK_URL, signup_magic_link_url: APP_CALLBACK_URL, code_challenge: newPkcePair().codeChallenge },
      });
      expect(response.status).toBe(200);
    }
  });

  it('rejects a missing or malformed e-mail with invalid_email', async () => {
    for (const email of [undefined, 'not-an-address']) {
      const response = await requestMagicLink(identity, email as string);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({ status_code: 400, error_type: 'invalid_email' });
    }
  });

  it('rejects a redirect URL that is not http(s)', async () => {
    const response = await callSdk(identity, '/magic_links/email/login_or_create', {
      body: { email: 'x@example.com', login_magic_link_url: 'javascript:alert(1)', signup_magic_link_url: APP_CALLBACK_URL, code_challenge: newPkcePair().codeChallenge },
    });
    expect(response.status).toBe(400);
  });

  it("refuses a redirect URL outside the allow-list (the front end's /authenticate), and sends no link", async () => {
    for (const url of ['https://evil.example/authenticate', 'http://127.0.0.1.evil.example:3000/authenticate', 'http://127.0.0.1:9999/authenticate', 'http://127.0.0.1:3000/elsewhere']) {
      for (const body of [{ login_magic_link_url: url, signup_magic_link_url: APP_CALLBACK_URL }, { login_magic_link_url: APP_CALLBACK_URL, signup_magic_link_url: url }]) {
        const response = await callSdk(identity, '/magic_links/email/login_or_create', { body: { email: 'target@example.com', code_challenge: newPkcePair().codeChallenge, ...body } });
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ error_type: 'no_match_for_provided_magic_link_url' });
      }
    }
    const outbox = (await (await fetch(`${identity.baseUrl}/dev/outbox?format=json&to=target@example.com`)).json()) as { messages: unknown[] };
    expect(outbox.messages).toEqual([]);
  });

  it('takes the redirect URLs ALLOWED_REDIRECT_URLS names, the query string being the caller\'s', async () => {
    const configured = await startTestIdentity({ env: { ALLOWED_REDIRECT_URLS: 'https://app.example.org/auth/callback' } });
    try {
      expect((await callSdk(configured, '/magic_links/email/login_or_create', {
        body: { email: 'y@example.com', login_magic_link_url: 'https://app.example.org/auth/callback?from=map', signup_magic_link_url: 'https://app.example.org/auth/callback', code_challenge: newPkcePair().codeChallenge },
      })).status).toBe(200);
      expect((await requestMagicLink(configured, 'y@example.com')).status).toBe(400);
    } finally {
      await configured.close();
    }
  });

  it('refuses a send without a code_challenge, as the bootstrap says PKCE is required, and creates no user', async () => {
    const response = await callSdk(identity, '/magic_links/email/login_or_create', {
      body: { email: 'nopkce@example.com', login_magic_link_url: APP_CALLBACK_URL, signup_magic_link_url: APP_CALLBACK_URL },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_type: 'pkce_required' });
    await expect(latestMagicLinkToken(identity, 'nopkce@example.com')).rejects.toThrow('no outbox message');
  });

  it('rejects a request made with another public token', async () => {
    const response = await fetch(`${identity.baseUrl}/sdk/v1/magic_links/email/login_or_create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${btoa('public-token-test-other:x')}` },
      body: JSON.stringify({ email: 'x@example.com', login_magic_link_url: APP_CALLBACK_URL, signup_magic_link_url: APP_CALLBACK_URL }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error_type: 'unauthorized_credentials' });
  });

  it('limits sends to five per address per minute with too_many_requests', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await requestMagicLink(identity, 'busy@example.com')).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await requestMagicLink(identity, 'busy@example.com');
    expect(await refused.json()).toMatchObject({ status_code: 429, error_type: 'too_many_requests' });
    // Until the first of the minute's sends leaves the window.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    identity.advanceClock(1.1);
    expect((await requestMagicLink(identity, 'busy@example.com')).status).toBe(200);
  });

  it('limits sends per client per minute across addresses (SEND_LIMIT_PER_IP_PER_MINUTE)', async () => {
    const limited = await startTestIdentity({ env: { SEND_LIMIT_PER_IP_PER_MINUTE: '8' } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 9; attempt += 1) {
        statuses.push((await requestMagicLink(limited, `person${attempt}@example.com`)).status);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(8);
      expect(statuses.at(-1)).toBe(429);
      limited.advanceClock(0.5);
      const refused = await requestMagicLink(limited, 'person-soon@example.com');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('30');
      limited.advanceClock(0.6);
      expect((await requestMagicLink(limited, 'person-later@example.com')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('by default lets an e2e suite sign in a hundred users from one IP within a minute', async () => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      expect((await requestMagicLink(identity, `e2e-user${attempt}@example.com`)).status).toBe(200);
    }
  });
});

describe('magic link authenticate', () => {
  it('signs in with the right verifier and issues a JWT that verifies against the JWKS', async () => {
    const data: AuthenticatedData = await signInWithMagicLink(identity, 'worker@example.com');

    expect(data.user_id).toMatch(/^user-test-/);
    expect(data.method_id).toBe(data.user.emails[0]!.email_id);
    expect(data.user.emails[0]).toMatchObject({ email: 'worker@example.com', verified: true });
    expect(data.user).toMatchObject({
      status: 'active',
      name: { first_name: '', middle_name: '', last_name: '' },
      phone_numbers: [],
      providers: [],
      password: null,
      trusted_metadata: {},
      untrusted_metadata: {},
      roles: [],
    });
    expect(data.session.session_id).toMatch(/^session-test-/);
    expect(data.session).toMatchObject({
      user_id: data.user_id,
      custom_claims: {},
      roles: ['stytch_user'],
      attributes: { ip_address: '127.0.0.1' },
      authentication_factors: [{ type: 'magic_link', delivery_method: 'email', email_factor: { email_address: 'worker@example.com' } }],
    });
    expect(Date.parse(data.session.expires_at) - Date.parse(data.session.last_accessed_at)).toBeCloseTo(60 * 60_000, -4);
    expect(data.session_token.length).toBeGreaterThanOrEqual(40);

    const jwks = (await (await fetch(`${identity.baseUrl}/v1/sessions/jwks/project-test-local`)).json()) as JSONWebKeySet;
    const { payload, protectedHeader } = await jwtVerify(data.session_jwt, createLocalJWKSet(jwks), {
      algorithms: ['RS256'],
      issuer: 'stytch.com/project-test-local',
      audience: 'project-test-local',
      typ: 'JWT',
    });
    expect(protectedHeader).toEqual({ alg: 'RS256', kid: identity.signingKey.kid, typ: 'JWT' });
    expect(payload.aud).toEqual(['project-test-local']);
    expect(payload.sub).toBe(data.user_id);
    expect(payload.exp! - payload.iat!).toBe(300);
    expect(payload.nbf).toBe(payload.iat);
    expect(payload['https://stytch.com/session']).toMatchObject({
      id: data.session.session_id,
      expires_at: data.session.expires_at,
      roles: ['stytch_user'],
    });
  });

  it('answers a wrong verifier with a pkce error and still accepts the right one afterwards', async () => {
    const { codeVerifier, codeChallenge } = newPkcePair();
    await requestMagicLink(identity, 'pkce@example.com', codeChallenge);
    const token = await latestMagicLinkToken(identity, 'pkce@example.com');

    const wrong = await authenticate(token, newPkcePair().codeVerifier);
    expect(wrong.status).toBe(400);
    const error = (await wrong.json()) as { error_type: string; error_message: string };
    expect(error.error_type).toBe('pkce_mismatch');
    expect(error.error_message).toContain('pkce');

    const missing = await authenticate(token, undefined);
    expect(await missing.json()).toMatchObject({ error_type: 'pkce_mismatch' });

    // The SDK retries with its other stored verifier after a pkce error, so the token must survive.
    expect((await authenticate(token, codeVerifier)).status).toBe(200);
  });

  it('refuses to redeem a link without its verifier', async () => {
    await requestMagicLink(identity, 'noverifier@example.com');
    const token = await latestMagicLinkToken(identity, 'noverifier@example.com');
    for (const codeVerifier of [undefined, '', 'anything']) {
      const response = await authenticate(token, codeVerifier);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error_type: 'pkce_mismatch' });
    }
  });

  it('refuses to use a token twice', async () => {
    const { codeVerifier, codeChallenge } = newPkcePair();
    await requestMagicLink(identity, 'twice@example.com', codeChallenge);
    const token = await latestMagicLinkToken(identity, 'twice@example.com');
    expect((await authenticate(token, codeVerifier)).status).toBe(200);

    const reused = await authenticate(token, codeVerifier);
    expect(reused.status).toBe(401);
    expect(await reused.json()).toMatchObject({ error_type: 'unable_to_auth_magic_link' });
  });

  it('refuses an expired token', async () => {
    const { codeVerifier, codeChallenge } = newPkcePair();
    await requestMagicLink(identity, 'late@example.com', codeChallenge);
    const token = await latestMagicLinkToken(identity, 'late@example.com');
    identity.advanceClock(61);

    const expired = await authenticate(token, codeVerifier);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ error_type: 'unable_to_auth_magic_link' });
  });

  it('refuses an unknown token and a missing session duration', async () => {
    expect((await authenticate('made-up-token', undefined)).status).toBe(401);
    const noDuration = await callSdk(identity, '/magic_links/authenticate', { body: { token: 'x' } });
    expect(noDuration.status).toBe(400);
    expect(await noDuration.json()).toMatchObject({ error_type: 'invalid_session_duration_minutes' });
  });

  it('sends the login link, not the sign-up link, once the address is verified', async () => {
    await signInWithMagicLink(identity, 'returning@example.com');
    await callSdk(identity, '/magic_links/email/login_or_create', {
      body: {
        email: 'returning@example.com',
        login_magic_link_url: `${APP_CALLBACK_URL}?as=login`,
        signup_magic_link_url: `${APP_CALLBACK_URL}?as=signup`,
        code_challenge: newPkcePair().codeChallenge,
      },
    });
    const { messages } = (await (await fetch(`${identity.baseUrl}/dev/outbox?format=json&to=returning@example.com`)).json()) as {
      messages: { link: string }[];
    };
    expect(new URL(messages[0]!.link).searchParams.get('as')).toBe('login');
  });
});
