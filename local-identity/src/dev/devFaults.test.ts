import { afterEach, describe, expect, it } from 'vitest';
import { callSdk, signInWithMagicLink } from '../testing/identityTestClient.ts';
import { startTestIdentity, type TestIdentity } from '../testing/startTestIdentity.ts';

let identity: TestIdentity | undefined;
afterEach(() => identity?.close());

function setFault(baseUrl: string, sessionsAuthenticate: string): Promise<Response> {
  return fetch(`${baseUrl}/dev/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sessionsAuthenticate }),
  });
}

describe('POST /dev/faults', () => {
  it('does not exist unless ENABLE_DEV_FAULTS=1', async () => {
    identity = await startTestIdentity();
    expect((await setFault(identity.baseUrl, 'unavailable')).status).toBe(404);
  });

  it('switches how sessions/authenticate answers', async () => {
    identity = await startTestIdentity({ env: { ENABLE_DEV_FAULTS: '1' } });
    const { session_token: sessionToken } = await signInWithMagicLink(identity, 'faults@example.com');
    const refresh = () => callSdk(identity!, '/sessions/authenticate', { body: {}, sessionToken });

    expect((await setFault(identity.baseUrl, 'unavailable')).status).toBe(200);
    const unavailable = await refresh();
    expect(unavailable.status).toBe(503);
    // Not JSON, so the SDK treats it as "unreachable" and keeps the session.
    expect(unavailable.headers.get('content-type')).not.toMatch(/json/);

    await setFault(identity.baseUrl, 'session_not_found');
    const notFound = await refresh();
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toMatchObject({ error_type: 'session_not_found' });

    await setFault(identity.baseUrl, 'ok');
    expect((await refresh()).status).toBe(200);
  });

  it('rejects an unknown fault', async () => {
    identity = await startTestIdentity({ env: { ENABLE_DEV_FAULTS: '1' } });
    expect((await setFault(identity.baseUrl, 'explode')).status).toBe(400);
  });
});
