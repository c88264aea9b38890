import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetsAnswerSchema, parcelDetailsSchema, parcelSearchResponseSchema } from '@parcel-map/shared/contracts';
import { startTestApp, type TestApp } from '../../testing/testApp.ts';

const CENTRE_PIN = '4605050123';

describe('GET /api/parcels/:pin', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp();
    token = await app.identity.sign('user-parcels');
  });
  afterAll(() => app.close());

  it('answers the SPEC §3 parcel record plus centroid and geometry', async () => {
    const response = await app.request(`/api/parcels/${CENTRE_PIN}`, { token });
    expect(response.status).toBe(200);
    const parcel = response.json as Record<string, unknown>;
    expect(Object.keys(parcel).sort()).toEqual(
      [
        'add1', 'add2', 'attributes', 'centroid', 'city', 'dataset', 'empty_fields', 'geometry', 'mail_add1', 'mail_city', 'mail_state', 'mail_zip',
        'name', 'owner', 'pin', 'sale_date', 'sales_price', 'state', 'taxacres', 'township', 'zip', 'zoning',
      ].sort(),
    );
    expect(parcel.pin).toBe(CENTRE_PIN);
    expect(parcel.owner).toMatch(/^[A-Z&' ]+$/);
    expect(parcel.state).toBe('NC');
    expect(typeof parcel.taxacres).toBe('number');
    expect(parcel.sale_date === null || /^\d{4}-\d{2}-\d{2}$/.test(String(parcel.sale_date))).toBe(true);
    expect(parcel.sales_price === null || typeof parcel.sales_price === 'number').toBe(true);
    const centroid = parcel.centroid as { lng: number; lat: number };
    expect(centroid.lng).toBeCloseTo(-80.86, 2);
    expect(centroid.lat).toBeCloseTo(35.62, 2);
    expect((parcel.geometry as { type: string }).type).toBe('Polygon');
    // The wire contract the map parses it with takes it as it is.
    expect(parcelDetailsSchema.parse(parcel)).toEqual(parcel);
  });

  it('returns numbers and dates in the same form for every parcel with a sale', async () => {
    const { rows } = await app.db.query<{ pin: string }>(
      'SELECT pin FROM parcels WHERE sale_date IS NOT NULL AND sales_price IS NOT NULL ORDER BY pin LIMIT 1',
    );
    const response = await app.request(`/api/parcels/${rows[0]!.pin}`, { token });
    const parcel = response.json as { sale_date: unknown; sales_price: unknown };
    expect(parcel.sale_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number.isInteger(parcel.sales_price)).toBe(true);
  });

  it('answers 404 for an unknown PIN', async () => {
    const response = await app.request('/api/parcels/0000000000', { token });
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ message: 'Parcel not found' });
  });

  it.each([
    ['characters outside the allowed set', '/api/parcels/46%2005', ],
    ['a pin longer than 64 characters', `/api/parcels/${'1'.repeat(65)}`],
    ['an empty pin', '/api/parcels/'],
  ])('answers 400 for %s', async (_label, path) => {
    const response = await app.request(path, { token });
    expect(response.status).toBe(400);
    expect(typeof (response.json as { message: unknown }).message).toBe('string');
  });

  it('requires a signed-in user', async () => {
    expect((await app.request(`/api/parcels/${CENTRE_PIN}`)).status).toBe(401);
  });
});

describe('parcel search, point lookup, feature ids and the current data set', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp();
    token = await app.identity.sign('user-search');
  });
  afterAll(() => app.close());

  it('finds a parcel by partial, lower-case address and ranks the exact address first', async () => {
    const { rows } = await app.db.query<{ pin: string; add1: string }>(`SELECT pin, add1 FROM parcels WHERE pin = $1`, [CENTRE_PIN]);
    const add1 = rows[0]!.add1;
    const response = await app.request(`/api/parcels/search?q=${encodeURIComponent(add1.toLowerCase())}`, { token });
    expect(response.status).toBe(200);
    const { results } = response.json as { results: { pin: string; add1: string; matched: string; centroid: { lng: number; lat: number } }[] };
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(10);
    expect(results[0]!.add1).toBe(add1);
    expect(results[0]!.matched).toBe('address');
    expect(Object.keys(results[0]!).sort()).toEqual(['add1', 'centroid', 'city', 'matched', 'owner', 'pin', 'taxacres', 'zip']);
    expect(parcelSearchResponseSchema.parse(response.json)).toEqual(response.json);
    const partial = await app.request(`/api/parcels/search?q=${encodeURIComponent(add1.slice(-6).toLowerCase())}`, { token });
    expect((partial.json as { results: { add1: string }[] }).results.every((result) => result.add1.includes(add1.slice(-6)))).toBe(true);
  });

  it('finds by owner and by PIN prefix', async () => {
    const { rows } = await app.db.query<{ owner: string }>(`SELECT owner FROM parcels WHERE pin = $1`, [CENTRE_PIN]);
    const surname = rows[0]!.owner.split(' ')[0]!;
    const byOwner = (await app.request(`/api/parcels/search?q=${surname.toLowerCase()}`, { token })).json as { results: { owner: string; matched: string }[] };
    expect(byOwner.results.length).toBe(10);
    for (const result of byOwner.results) expect(result.owner.toLowerCase()).toContain(surname.toLowerCase());
    const byPin = (await app.request(`/api/parcels/search?q=${CENTRE_PIN.slice(0, 8)}`, { token })).json as { results: { pin: string; matched: string }[] };
    expect(byPin.results[0]!.matched).toBe('pin');
    expect(byPin.results.every((result) => result.pin.startsWith(CENTRE_PIN.slice(0, 8)))).toBe(true);
  });

  it('treats LIKE wildcards in the query as text', async () => {
    const response = await app.request('/api/parcels/search?q=%25%25', { token });
    expect(response.status).toBe(200);
    expect((response.json as { results: unknown[] }).results).toEqual([]);
  });

  it.each([
    ['a one-character query', '/api/parcels/search?q=a'],
    ['a blank query', '/api/parcels/search?q=%20%20'],
    ['no query', '/api/parcels/search'],
    ['a non-numeric lng', '/api/parcels/at?lng=abc&lat=35.6'],
    ['a latitude out of range', '/api/parcels/at?lng=-80.86&lat=95'],
    ['a non-integer feature id', '/api/parcels/feature/1.5'],
    // Found by the hardening fuzz: PostgreSQL refuses NUL in a text parameter (was a 500).
    ['a query holding a NUL character', '/api/parcels/search?q=ab%00cd'],
    // Found by the hardening fuzz: a broken %-escape in the path failed to decode (was a 500).
    ['a PIN with a broken %-escape', '/api/parcels/%E0%A4%A'],
  ])('answers 400 JSON for %s', async (_label, path) => {
    const response = await app.request(path, { token });
    expect(response.status).toBe(400);
    expect(typeof (response.json as { message: unknown }).message).toBe('string');
  });

  it('returns the parcel containing a point, and 404 where there is none', async () => {
    const hit = await app.request('/api/parcels/at?lng=-80.86&lat=35.62', { token });
    expect(hit.status).toBe(200);
    expect((hit.json as { pin: string }).pin).toBe(CENTRE_PIN);
    const miss = await app.request('/api/parcels/at?lng=10&lat=10', { token });
    expect(miss.status).toBe(404);
    expect(miss.json).toEqual({ message: 'No parcel at this location' });
  });

  it('returns a parcel by its tile feature id, and 404 for an unknown id', async () => {
    const { rows } = await app.db.query<{ fid: number }>(`SELECT fid FROM parcels WHERE pin = $1`, [CENTRE_PIN]);
    const response = await app.request(`/api/parcels/feature/${rows[0]!.fid}`, { token });
    expect(response.status).toBe(200);
    expect((response.json as { pin: string }).pin).toBe(CENTRE_PIN);
    expect((await app.request('/api/parcels/feature/2000000000', { token })).status).toBe(404);
  });

  it('lists the data sets served with the data version, and says which data set serves a parcel', async () => {
    const response = await app.request('/api/datasets', { token });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const answer = datasetsAnswerSchema.parse(response.json);
    expect(answer).toEqual(response.json);
    const parcels = (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM parcels')).rows[0]!.n;
    expect(answer.datasets).toEqual([
      expect.objectContaining({ name: 'demo', version: 1, parcels, asOf: '2025-07-01', source: expect.stringContaining('demo county'), publishedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/) }),
    ]);
    expect(answer.datasets[0]!.bbox).toHaveLength(4);
    expect(answer.initialView).toBeNull();
    expect(((await app.request(`/api/parcels/${CENTRE_PIN}`, { token })).json as { dataset: string }).dataset).toBe('demo');
  });

  it('requires a signed-in user for search, point lookup, features and data sets', async () => {
    for (const path of ['/api/parcels/search?q=main', '/api/parcels/at?lng=-80.86&lat=35.62', '/api/parcels/feature/1', '/api/datasets']) {
      expect((await app.request(path)).status).toBe(401);
    }
  });
});
