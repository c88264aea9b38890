import fs from 'node:fs';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { callSdk, signInWithMagicLink } from '../testing/identityTestClient.ts';
import { makeTempDataDir, startTestIdentity, type TestIdentity } from '../testing/startTestIdentity.ts';

const started: TestIdentity[] = [];
const dataDirs: string[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((identity) => identity.close()));
  for (const dataDir of dataDirs.splice(0)) fs.rmSync(dataDir, { recursive: true, force: true });
});

function newDataDir(): string {
  const dataDir = makeTempDataDir();
  dataDirs.push(dataDir);
  return dataDir;
}

async function start(dataDir: string): Promise<TestIdentity> {
  const identity = await startTestIdentity({ dataDir });
  started.push(identity);
  return identity;
}

async function fetchJwks(identity: TestIdentity): Promise<JSONWebKeySet> {
  return (await (await fetch(`${identity.baseUrl}/v1/sessions/jwks/${identity.config.projectId}`)).json()) as JSONWebKeySet;
}

describe('signing keys and restarts', () => {
  it('publishes the public key only, with the fields verifiers need', async () => {
    const identity = await start(newDataDir());
    const response = await fetch(`${identity.baseUrl}/v1/sessions/jwks/project-test-local`);
    const body = (await response.json()) as { keys: Record<string, unknown>[]; status_code: number; request_id: string };
    expect(body.status_code).toBe(200);
    expect(body.request_id).toMatch(/^request-id-test-/);
    expect(body.keys).toHaveLength(1);
    expect(body.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', key_ops: ['verify'] });
    expect(body.keys[0]!.kid).toMatch(/^jwk-test-[0-9a-f-]{36}$/);
    expect(body.keys[0]).not.toHaveProperty('d');
  });

  it('answers 404 for another project', async () => {
    const identity = await start(newDataDir());
    const response = await fetch(`${identity.baseUrl}/v1/sessions/jwks/project-test-other`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error_type: 'project_not_found' });
  });

  it('keeps the key, users and live sessions when restarted on the same DATA_DIR', async () => {
    const dataDir = newDataDir();
    const first = await start(dataDir);
    const signedIn = await signInWithMagicLink(first, 'restart@example.com');
    await first.close();
    started.splice(0);

    const second = await start(dataDir);
    expect(second.signingKey.kid).toBe(first.signingKey.kid);
    // A JWT minted before the restart still verifies against the JWKS served after it.
    await jwtVerify(signedIn.session_jwt, createLocalJWKSet(await fetchJwks(second)), {
      issuer: 'stytch.com/project-test-local',
      audience: 'project-test-local',
    });
    const refreshed = await callSdk(second, '/sessions/authenticate', { body: {}, sessionToken: signedIn.session_token });
    expect(refreshed.status).toBe(200);
    const me = await callSdk(second, '/users/me', { sessionToken: signedIn.session_token });
    expect(((await me.json()) as { data: { user_id: string } }).data.user_id).toBe(signedIn.user_id);
  });

  it('uses a different key for a different DATA_DIR', async () => {
    const first = await start(newDataDir());
    const second = await start(newDataDir());
    expect(second.signingKey.kid).not.toBe(first.signingKey.kid);
  });
});
