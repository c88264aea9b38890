import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from './createApp.ts';
import type { Db } from '@parcel-map/database';
import { openTestDb } from '@parcel-map/database/testing';
import { rawRequest, startTestApp, testConfig, TEST_ORIGIN, type TestApp } from '../testing/testApp.ts';
import { listenOnLoopback } from '../testing/listenOnLoopback.ts';

describe('createApp', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp({ seed: false });
    token = await app.identity.sign('user-app');
  });
  afterAll(() => app.close());

  it('answers /health, and says when the current parcels are in memory for tile builds', async () => {
    const response = await app.request('/health');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ status: 'ok', tilesWarm: expect.any(Boolean), queryColumns: expect.any(Boolean) });
    await vi.waitFor(async () => expect((await app.request('/health')).json).toEqual({ status: 'ok', tilesWarm: true, queryColumns: true }), { timeout: 30_000, interval: 100 });
  });

  it('answers /ready with 200 once the database answers and the parcels are in memory for tiles', async () => {
    await vi.waitFor(async () => expect((await app.request('/health')).json).toMatchObject({ tilesWarm: true }), { timeout: 30_000, interval: 100 });
    const response = await app.request('/ready');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ ready: true, database: true, tilesWarm: true });
  });

  it('answers unknown routes with 404 JSON', async () => {
    const response = await app.request('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ message: 'Not found' });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await app.request('/api/saved-parcels', { method: 'POST', token, rawBody: '{"parcel_pin": ' });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ message: 'Malformed JSON' });
  });

  // Found by the hardening fuzz: both were 500s.
  it('answers a gzip body that does not inflate with 400 JSON', async () => {
    const response = await app.request('/api/saved-parcels', {
      method: 'POST',
      token,
      rawBody: 'not gzip',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ message: 'Bad request' });
  });

  it('answers a path with a broken %-escape with 400 JSON', async () => {
    const response = await app.request('/styles/%E0%A4%A.json');
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ message: 'Malformed URL encoding' });
  });

  it('answers a body over 100 kB with 413', async () => {
    const response = await app.request('/api/saved-parcels', {
      method: 'POST',
      token,
      body: { notes: 'x'.repeat(110 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(typeof (response.json as { message: unknown }).message).toBe('string');
  });

  it('answers a CORS preflight from an allowed origin', async () => {
    const response = await app.request('/api/saved-parcels', {
      method: 'OPTIONS',
      headers: { Origin: TEST_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type,x-session-token' },
    });
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(TEST_ORIGIN);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('x-session-token');
  });

  it("allows PATCH in a preflight: a markup's rename, colour and visibility", async () => {
    const response = await app.request('/api/markups/1', {
      method: 'OPTIONS',
      headers: { Origin: TEST_ORIGIN, 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'authorization,content-type' },
    });
    expect(response.status).toBe(204);
    expect(String(response.headers['access-control-allow-methods']).split(', ')).toContain('PATCH');
  });

  it('gives no CORS grant to other origins', async () => {
    const response = await app.request('/health', { headers: { Origin: 'http://evil.example' } });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

function failingDb(): Db {
  return {
    singleSession: false,
    connectionForOtherThreads: null,
    query: () => Promise.reject(new Error('connection lost at /secret/path.ts:12')),
    exec: () => Promise.reject(new Error('connection lost')),
    transaction: () => Promise.reject(new Error('connection lost')),
    listen: () => Promise.reject(new Error('connection lost')),
    load: () => ({ running: 0, waiting: 0 }),
    close: () => Promise.resolve(),
  };
}

describe('createApp when the database fails', () => {
  it('answers 500 with a generic message and no stack, and logs the error', async () => {
    const logged: unknown[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    const api = await listenOnLoopback(createApp({ db: failingDb(), config: testConfig(), logger, verifyBearer: async () => 'user-x' }));
    try {
      const response = await rawRequest(`${api.baseUrl}/api/saved-parcels`, { token: 'anything' });
      expect(response.status).toBe(500);
      expect(response.json).toEqual({ message: 'Internal server error' });
      expect(response.body.toString()).not.toContain('secret');
      expect(logged).toHaveLength(1);
    } finally {
      await api.close();
    }
  });

  it('answers /ready with 503 and says the database does not answer, while /health still answers', async () => {
    const api = await listenOnLoopback(createApp({ db: failingDb(), config: testConfig(), logger: pino({ level: 'silent' }), verifyBearer: async () => 'user-x' }));
    try {
      const response = await rawRequest(`${api.baseUrl}/ready`);
      expect(response.status).toBe(503);
      expect(response.json).toEqual({ ready: false, database: false, tilesWarm: false, message: 'the database does not answer' });
      expect((await rawRequest(`${api.baseUrl}/health`)).status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it('answers /ready with 503 when the read replicas do not answer though the primary does', async () => {
    const db = await openTestDb('migrated');
    const api = await listenOnLoopback(createApp({ db, readDb: failingDb(), config: testConfig(), logger: pino({ level: 'silent' }), verifyBearer: async () => 'user-x' }));
    try {
      const response = await rawRequest(`${api.baseUrl}/ready`);
      expect(response.status).toBe(503);
      expect(response.json).toMatchObject({ ready: false, database: false, message: 'the database does not answer' });
    } finally {
      await api.close();
      await db.close();
    }
  });
});
