import { afterEach, describe, expect, it } from 'vitest';
import { callSdk, signInWithMagicLink } from '../testing/identityTestClient.ts';
import { startTestIdentity, type TestIdentity } from '../testing/startTestIdentity.ts';

let identity: TestIdentity | undefined;
afterEach(() => identity?.close());

function setFault(baseUrl: string, email: string, sessionsAuthenticate: string): Promise<Response> {
  return fetch(`${baseUrl}/dev/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, sessionsAuthenticate }),
  });
}

describe('POST /dev/faults', () => {
  it('does not exist unless ENABLE_DEV_FAULTS=1', async () => {
    identity = await startTestIdentity();
    expect((await setFault(identity.baseUrl, 'faults@example.com', 'unavailable')).status).toBe(404);
  });

  it("switches how sessions/authenticate answers that user's sessions", async () => {
    identity = await startTestIdentity({ env: { ENABLE_DEV_FAULTS: '1' } });
    const { session_token: sessionToken } = await signInWithMagicLink(identity, 'faults@example.com');
    const refresh = () => callSdk(identity!, '/sessions/authenticate', { body: {}, sessionToken });

    expect((await setFault(identity.baseUrl, 'faults@example.com', 'unavailable')).status).toBe(200);
    const unavailable = await refresh();
    expect(unavailable.status).toBe(503);
    // Not JSON, so the SDK treats it as "unreachable" and keeps the session.
    expect(unavailable.headers.get('content-type')).not.toMatch(/json/);

    await setFault(identity.baseUrl, 'faults@example.com', 'session_not_found');
    const notFound = await refresh();
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toMatchObject({ error_type: 'session_not_found' });

    await setFault(identity.baseUrl, 'faults@example.com', 'ok');
    expect((await refresh()).status).toBe(200);
  });

  // The e2e suite runs two browsers at once: one test's fault must not sign out another's user.
  it('leaves every other user\'s sessions alone', async () => {
    identity = await startTestIdentity({ env: { ENABLE_DEV_FAULTS: '1' } });
    const faulted = await signInWithMagicLink(identity, 'faulted@example.com');
    const bystander = await signInWithMagicLink(identity, 'bystander@example.com');
    const refresh = (sessionToken: string) => callSdk(identity!, '/sessions/authenticate', { body: {}, sessionToken });

    await setFault(identity.baseUrl, 'faulted@example.com', 'session_not_found');
    expect((await refresh(faulted.session_token)).status).toBe(404);
    expect((await refresh(bystander.session_token)).status).toBe(200);
    await setFault(identity.baseUrl, 'faulted@example.com', 'unavailable');
    expect((await refresh(bystander.session_token)).status).toBe(200);
  });

  it('rejects an unknown fault', async () => {
    identity = await startTestIdentity({ env: { ENABLE_DEV_FAULTS: '1' } });
    expect((await setFault(identity.baseUrl, 'faults@example.com', 'explode')).status).toBe(400);
    expect((await setFault(identity.baseUrl, '', 'unavailable')).status).toBe(400);
  });
});
