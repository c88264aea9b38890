import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callSdk, signInWithMagicLink, type AuthenticatedData } from '../testing/identityTestClient.ts';
import { startTestIdentity, type TestIdentity } from '../testing/startTestIdentity.ts';

let identity: TestIdentity;
let signedIn: AuthenticatedData;
beforeEach(async () => {
  identity = await startTestIdentity();
  signedIn = await signInWithMagicLink(identity, 'session@example.com');
});
afterEach(() => identity.close());

async function expectSessionNotFound(response: Response): Promise<void> {
  expect(response.status).toBe(404);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await response.json()).toMatchObject({ status_code: 404, error_type: 'session_not_found' });
}

describe('sessions/authenticate', () => {
  it('returns a fresh JWT for the same session token and records the access', async () => {
    identity.advanceClock(2);
    const response = await callSdk(identity, '/sessions/authenticate', { body: {}, sessionToken: signedIn.session_token });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: AuthenticatedData & { status_code: number } };
    expect(data.status_code).toBe(200);
    expect(data.session_token).toBe(signedIn.session_token);
    expect(data.session.session_id).toBe(signedIn.session.session_id);
    expect(data.session.expires_at).toBe(signedIn.session.expires_at);
    expect(Date.parse(data.session.last_accessed_at) - Date.parse(signedIn.session.last_accessed_at)).toBe(2 * 60_000);
    expect(data.user.user_id).toBe(signedIn.user_id);
    expect(decodeJwt(data.session_jwt).iat! - decodeJwt(signedIn.session_jwt).iat!).toBe(120);
  });

  it('moves the expiry to now + session_duration_minutes when asked', async () => {
    const response = await callSdk(identity, '/sessions/authenticate', {
      body: { session_duration_minutes: 120 },
      sessionToken: signedIn.session_token,
    });
    const { data } = (await response.json()) as { data: AuthenticatedData };
    expect(Date.parse(data.session.expires_at) - Date.parse(data.session.last_accessed_at)).toBe(120 * 60_000);
  });

  it('answers session_not_found for the public token, an unknown token and an expired session', async () => {
    await expectSessionNotFound(await callSdk(identity, '/sessions/authenticate', { body: {} }));
    await expectSessionNotFound(await callSdk(identity, '/sessions/authenticate', { body: {}, sessionToken: 'no-such-token' }));
    identity.advanceClock(61);
    await expectSessionNotFound(await callSdk(identity, '/sessions/authenticate', { body: {}, sessionToken: signedIn.session_token }));
  });

  it('answers unauthorized_credentials without Basic auth', async () => {
    const response = await fetch(`${identity.baseUrl}/sdk/v1/sessions/authenticate`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error_type: 'unauthorized_credentials' });
  });
});

describe('sessions/revoke', () => {
  it('revokes the session so that later calls fail with session_not_found', async () => {
    const response = await callSdk(identity, '/sessions/revoke', { body: {}, sessionToken: signedIn.session_token });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown }).data).toMatchObject({ status_code: 200 });

    await expectSessionNotFound(await callSdk(identity, '/sessions/authenticate', { body: {}, sessionToken: signedIn.session_token }));
    await expectSessionNotFound(await callSdk(identity, '/users/me', { sessionToken: signedIn.session_token }));
    await expectSessionNotFound(await callSdk(identity, '/sessions/revoke', { body: {}, sessionToken: signedIn.session_token }));
  });

  it('leaves the user\'s other sessions alone', async () => {
    const other = await signInWithMagicLink(identity, 'session@example.com');
    await callSdk(identity, '/sessions/revoke', { body: {}, sessionToken: signedIn.session_token });
    expect((await callSdk(identity, '/users/me', { sessionToken: other.session_token })).status).toBe(200);
  });
});

describe('users/me', () => {
  it('returns the user fields directly in data', async () => {
    const response = await callSdk(identity, '/users/me', { sessionToken: signedIn.session_token });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Record<string, unknown> };
    expect(data).toMatchObject({
      status_code: 200,
      user_id: signedIn.user_id,
      emails: [{ email: 'session@example.com', verified: true }],
      status: 'active',
    });
    expect(data).not.toHaveProperty('user');
  });

  it('answers session_not_found when signed out', async () => {
    await expectSessionNotFound(await callSdk(identity, '/users/me'));
  });
});
