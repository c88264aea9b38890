// The API's token check end to end: the real app, its real remote-JWKS verifier, and a test double of
// Stytch's JWKS endpoint at Stytch's path, configured the way production is (from a project id).
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../app/createApp.ts';
import type { Db } from '@parcel-map/database';
import { hs256WithPublicKey, unsignedToken, withTamperedPayload } from '../../testing/forgedTokens.ts';
import { openTestDb } from '@parcel-map/database/testing';
import { rawRequest, testConfig } from '../../testing/testApp.ts';
import { listenOnLoopback, type ListeningServer } from '../../testing/listenOnLoopback.ts';
import { stytchJwtSettings } from './stytchJwtSettings.ts';
import { startStytchJwksDouble, type StytchJwksDouble } from './testing/stytchJwksDouble.ts';
import { createBearerVerifier, JWKS_REFETCH_COOLDOWN_MS } from './verifyBearer.ts';

const PROTECTED = '/api/saved-parcels';

let db: Db;
let stytch: StytchJwksDouble;
let api: ListeningServer;
let baseUrl: string;

beforeAll(async () => {
  db = await openTestDb();
  stytch = await startStytchJwksDouble();
  const config = testConfig(stytchJwtSettings(stytch.projectId, stytch.baseUrl));
  api = await listenOnLoopback(createApp({ db, config, logger: pino({ level: 'silent' }), verifyBearer: createBearerVerifier(config) }));
  baseUrl = api.baseUrl;
});

afterAll(async () => {
  await api.close();
  await stytch.close();
  await db.close();
});

const get = (headers: Record<string, string> = {}) => rawRequest(baseUrl + PROTECTED, { headers });
const withToken = (token: string) => get({ Authorization: `Bearer ${token}` });

async function expect401(responsePromise: ReturnType<typeof get>) {
  const response = await responsePromise;
  expect(response.status).toBe(401);
  expect(response.json).toEqual({ message: 'Authentication required' });
}

describe('token check against a Stytch-shaped JWKS', () => {
  it('accepts a valid session JWT, reading the keys from /v1/sessions/jwks/{project_id}', async () => {
    const response = await withToken(await stytch.sign());
    expect(response.status).toBe(200);
    expect(stytch.fetches).toContain(`/v1/sessions/jwks/${stytch.projectId}`);
  });

  it("answers 401 'Authentication required' without a token", async () => {
    await expect401(get());
  });

  it('rejects garbage', async () => {
    await expect401(withToken('garbage'));
    await expect401(withToken('a.b.c'));
  });

  it('rejects an unsigned token (alg none)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: 'user-test-1', iss: `stytch.com/${stytch.projectId}`, aud: [stytch.projectId], iat: now, nbf: now, exp: now + 300 };
    await expect401(withToken(unsignedToken(claims)));
    await expect401(withToken(unsignedToken(claims, { kid: stytch.currentKid() })));
  });

  it('rejects a token signed with HS256 keyed with the published public key', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: 'user-test-1', iss: `stytch.com/${stytch.projectId}`, aud: [stytch.projectId], iat: now, exp: now + 300 };
    await expect401(withToken(await hs256WithPublicKey(claims, stytch.currentKid(), await stytch.publicKeyPem())));
  });

  it('rejects a token signed with a key the JWKS does not publish, under a published kid', async () => {
    await expect401(withToken(await stytch.sign({ unpublishedKey: true })));
  });

  it('rejects an expired token beyond the 30 s skew and accepts one within it', async () => {
    await expect401(withToken(await stytch.sign({ issuedAt: -400, notBefore: -400, expiresIn: -31 })));
    expect((await withToken(await stytch.sign({ issuedAt: -320, notBefore: -320, expiresIn: -20 }))).status).toBe(200);
  });

  it('rejects a token that is not yet valid beyond the 30 s skew and accepts one within it', async () => {
    await expect401(withToken(await stytch.sign({ notBefore: 45 })));
    expect((await withToken(await stytch.sign({ notBefore: 20 }))).status).toBe(200);
  });

  it('rejects a token from another issuer, including the https spelling Stytch never uses', async () => {
    await expect401(withToken(await stytch.sign({ issuer: 'stytch.com/project-test-someone-else' })));
    await expect401(withToken(await stytch.sign({ issuer: `https://stytch.com/${stytch.projectId}` })));
  });

  it('rejects a token for another audience', async () => {
    await expect401(withToken(await stytch.sign({ audience: ['project-test-someone-else'] })));
  });

  it('rejects a token whose payload was changed after signing', async () => {
    await expect401(withToken(withTamperedPayload(await stytch.sign({ sub: 'user-test-1' }), { sub: 'user-test-admin' })));
  });

  it('rejects a token whose typ header is not JWT', async () => {
    await expect401(withToken(await stytch.sign({ typ: 'at+jwt' })));
  });
});

describe('JWKS caching and key rotation', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches the JWKS once for many requests', async () => {
    const before = stytch.fetches.length;
    for (let i = 0; i < 5; i += 1) expect((await withToken(await stytch.sign())).status).toBe(200);
    expect(stytch.fetches.length).toBe(before);
  });

  it('refetches once for an unknown kid after the cooldown, and not during it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + JWKS_REFETCH_COOLDOWN_MS + 1_000);
    // A made-up kid after the cooldown: one refetch, still refused.
    let before = stytch.fetches.length;
    await expect401(withToken(await stytch.sign({ kid: 'jwk-test-made-up' })));
    expect(stytch.fetches.length).toBe(before + 1);

    // Within the cooldown, more made-up kids cause no fetch at all.
    before = stytch.fetches.length;
    await expect401(withToken(await stytch.sign({ kid: 'jwk-test-made-up-again' })));
    await expect401(withToken(await stytch.sign({ kid: 'jwk-test-and-again' })));
    expect(stytch.fetches.length).toBe(before);

    // Stytch rotates: a token with the new kid is accepted after exactly one refetch.
    vi.setSystemTime(Date.now() + JWKS_REFETCH_COOLDOWN_MS + 1_000);
    await stytch.rotate();
    before = stytch.fetches.length;
    expect((await withToken(await stytch.sign())).status).toBe(200);
    expect(stytch.fetches.length).toBe(before + 1);
    expect((await withToken(await stytch.sign())).status).toBe(200);
    expect(stytch.fetches.length).toBe(before + 1);
  });
});
