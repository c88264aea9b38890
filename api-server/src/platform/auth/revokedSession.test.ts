// A revoked session against the real local-identity: the API checks JWTs without calling the
// identity service, so a revoked session's JWT is refused once it expires (5 minutes + 30 s skew at
// most), and the SDK cannot refresh it into a new one because sessions/authenticate refuses it.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callSdk, signInWithMagicLink } from '../../../../local-identity/src/testing/identityTestClient.ts';
import { startTestIdentity, type TestIdentity } from '../../../../local-identity/src/testing/startTestIdentity.ts';
import { createApp } from '../../app/createApp.ts';
import type { Db } from '@parcel-map/database';
import { openTestDb } from '@parcel-map/database/testing';
import { rawRequest, testConfig } from '../../testing/testApp.ts';
import { listenOnLoopback, type ListeningServer } from '../../testing/listenOnLoopback.ts';
import { stytchJwtSettings } from './stytchJwtSettings.ts';
import { CLOCK_TOLERANCE_SECONDS, createBearerVerifier } from './verifyBearer.ts';

const JWT_LIFETIME_SECONDS = 300;

let db: Db;
let identity: TestIdentity;
let api: ListeningServer;
let baseUrl: string;
let apiClock = new Date();

beforeAll(async () => {
  db = await openTestDb();
  identity = await startTestIdentity();
  const config = testConfig(stytchJwtSettings(identity.config.projectId, identity.baseUrl));
  const verifyBearer = createBearerVerifier(config, { now: () => apiClock });
  api = await listenOnLoopback(createApp({ db, config, logger: pino({ level: 'silent' }), verifyBearer }));
  baseUrl = api.baseUrl;
});

afterAll(async () => {
  await api.close();
  await identity.close();
  await db.close();
});

describe('a token from a revoked session', () => {
  it('is refused once its JWT expires, and cannot be refreshed', async () => {
    const signedIn = await signInWithMagicLink(identity, 'revoked@example.com');
    const savedParcels = () => rawRequest(`${baseUrl}/api/saved-parcels`, { token: signedIn.session_jwt });
    apiClock = new Date();
    expect((await savedParcels()).status).toBe(200);

    const revoke = await callSdk(identity, '/sessions/revoke', { body: {}, sessionToken: signedIn.session_token });
    expect(revoke.status).toBe(200);
    const refresh = await callSdk(identity, '/sessions/authenticate', { body: {}, sessionToken: signedIn.session_token });
    expect(await refresh.json()).toMatchObject({ error_type: 'session_not_found' });

    apiClock = new Date(Date.now() + (JWT_LIFETIME_SECONDS + CLOCK_TOLERANCE_SECONDS + 1) * 1000);
    const refused = await savedParcels();
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({ message: 'Authentication required' });
  });
});
