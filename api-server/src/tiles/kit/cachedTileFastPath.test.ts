import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, type ApiServer } from '../../app/createApp.ts';
import type { Db } from '@parcel-map/database';
import { DEMO_CENTRE } from '@parcel-map/county-data/demo';
import { parseImportMapping } from '@parcel-map/county-data/import';
import { DEFAULT_IMPORT_FILE_LIMITS, importParcels } from '@parcel-map/county-data/import';
import { featureCollection, fixtureDir, squarePolygon, writeFixture } from '@parcel-map/county-data/testing';
import { openTestDb, testDbMode } from '@parcel-map/database/testing';
import { comparableResponse, rawRequest, testConfig, TEST_ORIGIN, type RequestOptions, type TestResponse } from '../../testing/testApp.ts';
import { startTestIdentity, type TestIdentity } from '../../testing/testAuth.ts';
import { countingDiagnostics } from '../../testing/countingDiagnostics.ts';
import { listenOnLoopback, type ListeningServer } from '../../testing/listenOnLoopback.ts';
import { lonLatToTile } from './tileMath.ts';

const comparable = (response: TestResponse) => comparableResponse(response, 'base64');

describe('cached-tile fast path', () => {
  let db: Db;
  let api: ApiServer;
  const diagnostics = countingDiagnostics();
  let listening: ListeningServer;
  let baseUrl: string;
  let identity: TestIdentity;
  let token: string;
  beforeAll(async () => {
    db = await openTestDb('seeded');
    const logger = pino({ level: 'silent' });
    identity = await startTestIdentity();
    token = await identity.sign('tile-reader');
    api = createApiServer({ db, config: testConfig({ jwksUrl: identity.jwksUrl }), logger, diagnostics });
    listening = await listenOnLoopback(api.server);
    baseUrl = listening.baseUrl;
  });
  afterAll(async () => {
    await listening.close();
    await identity.close();
    await db.close();
  });
  /** As the map asks for parcel tiles: with the session's bearer token. */
  const request = (url: string, options: RequestOptions = {}) => rawRequest(url, { token, ...options });

  /**
   * The response the fast path gave. On PostgreSQL another test file's import announces a change on
   * the same database (NOTIFY is database-wide): this API then forgets the data version until a
   * request through Express reads it again, and the fast path passes meanwhile; so it is asked again.
   */
  async function fromFastPath(send: () => Promise<TestResponse>): Promise<TestResponse> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const answersBefore = diagnostics.fastPathAnswers('/tiles');
      const response = await send();
      if (diagnostics.fastPathAnswers('/tiles') === answersBefore + 1) return response;
    }
    throw new Error('the fast path did not answer in five requests');
  }

  const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 14);
  const tile = `/tiles/14/${x}/${y}.pbf`;
  // A query string keeps a request on the Express route (the fast path matches the bare path only).
  const viaExpress = `${tile}?via=express`;

  it('answers a tile built by Express from the cache, with the same status, headers and bytes', async () => {
    const first = await request(baseUrl + tile);
    expect(first.status).toBe(200);
    const cached = await fromFastPath(() => request(baseUrl + tile));
    expect(comparable(cached)).toEqual(comparable(first));
    expect(cached.headers['content-length']).toBe(String(first.body.length));
  });

  it('sends the CORS headers for an allowed origin and none for another, like Express', async () => {
    for (const origin of [TEST_ORIGIN, 'http://evil.example']) {
      const express = await request(baseUrl + viaExpress, { headers: { Origin: origin } });
      const hot = await fromFastPath(() => request(baseUrl + tile, { headers: { Origin: origin } }));
      expect(comparable(hot)).toEqual(comparable(express));
    }
    const allowed = await request(baseUrl + tile, { headers: { Origin: TEST_ORIGIN } });
    expect(allowed.headers['access-control-allow-origin']).toBe(TEST_ORIGIN);
  });

  it('answers only a session verified before; anything else goes to Express, which verifies it or answers 401', async () => {
    expect((await request(baseUrl + tile)).status).toBe(200);
    const hitsBefore = diagnostics.fastPathAnswers('/tiles');
    expect((await rawRequest(baseUrl + tile)).status).toBe(401);
    expect((await rawRequest(baseUrl + tile, { token: await identity.signHs256('tile-reader') })).status).toBe(401);
    expect(diagnostics.fastPathAnswers('/tiles')).toBe(hitsBefore);
    // A valid token seen for the first time: verified by Express, which answers the cached tile itself.
    const another = await identity.sign('another-reader');
    expect((await rawRequest(baseUrl + tile, { token: another })).status).toBe(200);
    expect(diagnostics.fastPathAnswers('/tiles')).toBe(hitsBefore);
    // From then on the fast path knows it.
    expect((await fromFastPath(() => rawRequest(baseUrl + tile, { token: another }))).status).toBe(200);
  });

  it('answers 304 on If-None-Match with the ETag, like Express', async () => {
    const etag = String((await request(baseUrl + tile)).headers.etag);
    const express = await request(baseUrl + viaExpress, { headers: { 'If-None-Match': etag } });
    const hot = await fromFastPath(() => request(baseUrl + tile, { headers: { 'If-None-Match': etag } }));
    expect(hot.status).toBe(304);
    expect(comparable(hot)).toEqual(comparable(express));
  });

  it('answers a cached empty tile 204 like Express, and leaves invalid tiles to Express', async () => {
    const express = await request(`${baseUrl}/tiles/14/0/0.pbf`);
    const hot = await request(`${baseUrl}/tiles/14/0/0.pbf`);
    expect(hot.status).toBe(204);
    expect(comparable(hot)).toEqual(comparable(express));
    const hitsBefore = diagnostics.fastPathAnswers('/tiles');
    expect((await request(`${baseUrl}/tiles/19/0/0.pbf`)).status).toBe(400);
    expect((await request(`${baseUrl}/health`)).status).toBe(200);
    expect(diagnostics.fastPathAnswers('/tiles')).toBe(hitsBefore);
  });

  // Last: it replaces the data set the tests above read.
  it('stops answering from the cache the moment an import commits: the new data set\'s tile and ETag', async () => {
    await request(baseUrl + tile);
    const old = await fromFastPath(() => request(baseUrl + tile));

    const parcel = { properties: { PIN: 'NEW-1' }, geometry: squarePolygon(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 0.0004) };
    const file = await writeFixture(await fixtureDir(), 'replacement.geojson', featureCollection([parcel]));
    const mapping = parseImportMapping({ dataset: { sourceName: 'replacement', licence: 'none' }, fields: { PIN: 'PIN' } });
    await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'demo', file, mapping });
    const dataVersion = (await db.query<{ value: number }>('SELECT value::int AS value FROM data_version')).rows[0]!.value;
    const newEtag = new RegExp(`^"v${dataVersion}-`);
    // PGlite delivers the data-version NOTIFY before the import's transaction resolves, so the very
    // next request is exact; PostgreSQL delivers it on the listening connection, a moment later.
    let fresh = await request(baseUrl + tile);
    for (let waitedMs = 0; testDbMode === 'postgres' && !newEtag.test(String(fresh.headers.etag)) && waitedMs < 1000; waitedMs += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      fresh = await request(baseUrl + tile);
    }
    expect(fresh.status).toBe(200);
    expect(String(fresh.headers.etag)).toMatch(newEtag);
    expect(fresh.body.equals(old.body)).toBe(false);
  });
});
