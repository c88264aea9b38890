import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOCK_TOLERANCE_SECONDS, createBearerVerifier } from '../../platform/auth/verifyBearer.ts';
import { createApiServer, type ApiServer } from '../../app/createApp.ts';
import type { Db } from '@parcel-map/database';
import { CENTRE_PIN, DEMO_CENTRE } from '@parcel-map/county-data/demo';
import { parseImportMapping } from '@parcel-map/county-data/import';
import { DEFAULT_IMPORT_FILE_LIMITS, importParcels } from '@parcel-map/county-data/import';
import { featureCollection, fixtureDir, squarePolygon, writeFixture } from '@parcel-map/county-data/testing';
import { openTestDb, testDbMode } from '@parcel-map/database/testing';
import { lonLatToTile } from '../../tiles/kit/tileMath.ts';
import { startTestIdentity, type TestIdentity } from '../../testing/testAuth.ts';
import { comparableResponse, rawRequest, testConfig, TEST_ORIGIN, type TestResponse } from '../../testing/testApp.ts';
import { countingDiagnostics } from '../../testing/countingDiagnostics.ts';
import { listenOnLoopback, type ListeningServer } from '../../testing/listenOnLoopback.ts';

const comparable = (response: TestResponse) => comparableResponse(response, 'utf8');

describe('parcel details fast path', () => {
  let db: Db;
  let identity: TestIdentity;
  let api: ApiServer;
  const diagnostics = countingDiagnostics();
  let listening: ListeningServer;
  let baseUrl: string;
  let token: string;
  // The API's clock, moved by the expiry test.
  let clockShiftMs = 0;
  beforeAll(async () => {
    db = await openTestDb('seeded');
    const logger = pino({ level: 'silent' });
    identity = await startTestIdentity();
    const config = testConfig({ jwksUrl: identity.jwksUrl });
    const verifyBearer = createBearerVerifier(config, { now: () => new Date(Date.now() + clockShiftMs) });
    api = createApiServer({ db, config, logger, verifyBearer, diagnostics });
    listening = await listenOnLoopback(api.server);
    baseUrl = listening.baseUrl;
    token = await identity.sign('user-details-hot-path');
  });
  afterAll(async () => {
    await listening.close();
    await identity.close();
    await db.close();
  });

  const details = `/api/parcels/${CENTRE_PIN}`;
  const tile = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 14);
  // A query string keeps a request on the Express route (the fast path matches the bare path only).
  const viaExpress = `${details}?via=express`;
  const get = (path: string, headers: Record<string, string> = {}) => rawRequest(baseUrl + path, { token, headers });

  it('answers a record Express has read from memory, with the same status, headers and body', async () => {
    const first = await get(details);
    expect(first.status).toBe(200);
    const hitsBefore = diagnostics.fastPathAnswers('/api/parcels');
    const cached = await get(details);
    expect(diagnostics.fastPathAnswers('/api/parcels')).toBe(hitsBefore + 1);
    expect(comparable(cached)).toEqual(comparable(first));
  });

  it('sends the CORS headers for an allowed origin and none for another, like Express', async () => {
    await get(details);
    for (const origin of [TEST_ORIGIN, 'http://evil.example']) {
      const express = await get(viaExpress, { Origin: origin });
      const hitsBefore = diagnostics.fastPathAnswers('/api/parcels');
      const hot = await get(details, { Origin: origin });
      expect(diagnostics.fastPathAnswers('/api/parcels')).toBe(hitsBefore + 1);
      expect(comparable(hot)).toEqual(comparable(express));
    }
  });

  it('leaves conditional requests, unknown tokens and other requests to Express', async () => {
    const etag = String((await get(details)).headers.etag);
    const hitsBefore = diagnostics.fastPathAnswers('/api/parcels');
    expect((await get(details, { 'If-None-Match': etag })).status).toBe(304);
    const unsigned = await rawRequest(baseUrl + details);
    expect(unsigned.status).toBe(401);
    const forged = await rawRequest(baseUrl + details, { token: await identity.sign('someone', { foreignKey: true }) });
    expect(forged.status).toBe(401);
    const expired = await rawRequest(baseUrl + details, { token: await identity.sign('someone', { expiresIn: -120 }) });
    expect(expired.status).toBe(401);
    expect((await get('/api/parcels/0000000000')).status).toBe(404);
    expect((await get('/api/parcels/search')).status).toBe(400);
    expect(diagnostics.fastPathAnswers('/api/parcels')).toBe(hitsBefore);
  });

  it('refuses a token once it expires, though it was accepted (and remembered) before', async () => {
    const lifetimeSeconds = 300;
    const session = await identity.sign('user-expiring', { expiresIn: lifetimeSeconds });
    await rawRequest(baseUrl + details, { token: session });
    const hitsBefore = diagnostics.fastPathAnswers('/api/parcels');
    expect((await rawRequest(baseUrl + details, { token: session })).status).toBe(200);
    expect(diagnostics.fastPathAnswers('/api/parcels')).toBe(hitsBefore + 1);
    clockShiftMs = (lifetimeSeconds + CLOCK_TOLERANCE_SECONDS + 1) * 1000;
    try {
      for (const path of [details, viaExpress]) {
        const refused = await rawRequest(baseUrl + path, { token: session });
        expect(refused.status).toBe(401);
        expect(refused.json).toEqual({ message: 'Authentication required' });
      }
    } finally {
      clockShiftMs = 0;
    }
  });

  // Last: it replaces the data set the tests above read.
  it('never answers a record of the data set an import replaced', async () => {
    const old = await get(details);
    const hitsBefore = diagnostics.fastPathAnswers('/api/parcels');
    expect(comparable(await get(details))).toEqual(comparable(old));
    expect(diagnostics.fastPathAnswers('/api/parcels')).toBe(hitsBefore + 1);

    const parcel = { properties: { PIN: CENTRE_PIN, owner: 'NEW OWNER' }, geometry: squarePolygon(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 0.0004) };
    const file = await writeFixture(await fixtureDir(), 'replacement.geojson', featureCollection([parcel]));
    const mapping = parseImportMapping({ dataset: { sourceName: 'replacement', licence: 'none' }, fields: { PIN: 'PIN', owner: 'owner' } });
    await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'demo', file, mapping });
    // A tile built through Express reads the new data version first, as the map would.
    expect((await get(`/tiles/14/${tile.x}/${tile.y}.pbf?via=express`)).status).toBe(200);
    // PGlite delivers the data-version NOTIFY before the import's transaction resolves, so the very
    // next request is exact; PostgreSQL delivers it on the listening connection, a moment later.
    const owner = async (path: string) => {
      let response = await get(path);
      for (let waitedMs = 0; testDbMode === 'postgres' && (response.json as { owner: string }).owner !== 'NEW OWNER' && waitedMs < 1000; waitedMs += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        response = await get(path);
      }
      return (response.json as { owner: string }).owner;
    };
    expect(await owner(details)).toBe('NEW OWNER');
    expect(await owner(viaExpress)).toBe('NEW OWNER');
    // And the new record is served from memory again.
    const hitsAfter = diagnostics.fastPathAnswers('/api/parcels');
    expect((await get(details)).json).toMatchObject({ owner: 'NEW OWNER' });
    expect(diagnostics.fastPathAnswers('/api/parcels')).toBe(hitsAfter + 1);
  });
});
