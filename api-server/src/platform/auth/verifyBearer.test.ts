// Every case goes through the real server, which fetches the JWKS over HTTP (createRemoteJWKSet).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTamperedPayload } from '../../testing/forgedTokens.ts';
import { startTestApp, type TestApp } from '../../testing/testApp.ts';

const PIN = '4605050123';

describe('requireUser', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const expect401 = async (headers: Record<string, string>) => {
    const response = await app.request(`/api/parcels/${PIN}`, { headers });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ message: 'Authentication required' });
  };

  it('accepts a valid RS256 session JWT whose key comes from the remote JWKS', async () => {
    const token = await app.identity.sign('user-test-1');
    const response = await app.request(`/api/parcels/${PIN}`, { token });
    expect(response.status).toBe(200);
  });

  it("rejects a token sharing a verified token's signature with another payload, on the API and on a cached tile", async () => {
    // The verified tokens are cached under their signature's end; the whole token must still match.
    const token = await app.identity.sign('user-test-1');
    const tile = '/tiles/14/4510/6525.pbf';
    expect((await app.request(`/api/parcels/${PIN}`, { token })).status).toBe(200);
    expect((await app.request(tile, { token })).status).not.toBe(401);
    const forged = withTamperedPayload(token, { sub: 'user-test-2' });
    await expect401({ Authorization: `Bearer ${forged}` });
    expect((await app.request(tile, { token: forged })).status).toBe(401);
  });

  it('rejects a request without an Authorization header', async () => {
    await expect401({});
  });

  it('rejects a garbage token', async () => {
    await expect401({ Authorization: 'Bearer not.a.jwt' });
  });

  it('rejects a non-Bearer scheme', async () => {
    await expect401({ Authorization: `Basic ${await app.identity.sign('user-test-1')}` });
  });

  it('rejects a token signed with HS256', async () => {
    await expect401({ Authorization: `Bearer ${await app.identity.signHs256('user-test-1')}` });
  });

  it('rejects an expired token beyond the clock tolerance', async () => {
    await expect401({ Authorization: `Bearer ${await app.identity.sign('user-test-1', { expiresIn: -120 })}` });
  });

  it('accepts a token expired by less than the 30 s clock tolerance', async () => {
    const token = await app.identity.sign('user-test-1', { expiresIn: -10 });
    expect((await app.request(`/api/parcels/${PIN}`, { token })).status).toBe(200);
  });

  it('rejects a token for another audience', async () => {
    await expect401({ Authorization: `Bearer ${await app.identity.sign('user-test-1', { audience: ['project-test-other'] })}` });
  });

  it('rejects a token from another issuer', async () => {
    await expect401({ Authorization: `Bearer ${await app.identity.sign('user-test-1', { issuer: 'stytch.com/project-test-other' })}` });
  });

  it('rejects a token whose typ header is not JWT', async () => {
    await expect401({ Authorization: `Bearer ${await app.identity.sign('user-test-1', { typ: 'at+jwt' })}` });
  });

  it('rejects a token signed by a key the JWKS does not publish', async () => {
    await expect401({ Authorization: `Bearer ${await app.identity.sign('user-test-1', { foreignKey: true })}` });
  });

  it("rejects a correctly signed token whose lifetime exceeds the default maximum, Stytch's 5 minutes", async () => {
    await expect401({ Authorization: `Bearer ${await app.identity.sign('user-test-1', { expiresIn: 100 * 365 * 86_400 })}` });
    await expect401({ Authorization: `Bearer ${await app.identity.sign('user-test-1', { expiresIn: 301 })}` });
    expect((await app.request(`/api/parcels/${PIN}`, { token: await app.identity.sign('user-test-1', { expiresIn: 300 }) })).status).toBe(200);
  });
});

describe('requireUser with JWT_MAX_LIFETIME_SECONDS', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { jwtMaxLifetimeSeconds: 120 } });
  });
  afterAll(() => app.close());

  it('refuses a Stytch-length (5 minute) token when the maximum is two minutes', async () => {
    const response = await app.request(`/api/parcels/${PIN}`, { token: await app.identity.sign('user-test-1') });
    expect(response.status).toBe(401);
    expect((await app.request(`/api/parcels/${PIN}`, { token: await app.identity.sign('user-test-1', { expiresIn: 120 }) })).status).toBe(200);
  });
});
