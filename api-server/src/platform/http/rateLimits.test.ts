import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CENTRE } from '@parcel-map/county-data/demo';
import { TOO_MANY_REQUESTS_MESSAGE } from '@parcel-map/shared/contracts';
import { startTestApp, TEST_ORIGIN, type TestApp, type TestResponse } from '../../testing/testApp.ts';
import { lonLatToTile } from '../../tiles/kit/tileMath.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './rateLimits.ts';

const SMALL_LIMITS: RateLimitSettings = {
  enabled: true,
  windowSeconds: 60,
  // Held refusals are the default's; a short hold keeps the tests quick.
  refusalDelayMs: 20,
  routes: {
    search: { perUser: 4, perAddress: 6 },
    details: { perUser: 4, perAddress: 100 },
    savedParcelWrites: { perUser: 3, perAddress: 100 },
    markups: { perUser: 3, perAddress: 100 },
    savedQueries: { perUser: 3, perAddress: 100 },
  },
};

function expectTooManyRequests(response: TestResponse) {
  expect(response.status).toBe(429);
  expect(response.json).toEqual({ message: TOO_MANY_REQUESTS_MESSAGE });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('rate limits', () => {
  let app: TestApp;
  let pins: string[];
  beforeAll(async () => {
    app = await startTestApp({ config: { rateLimits: SMALL_LIMITS } });
    pins = (await app.db.query<{ pin: string }>('SELECT pin FROM parcels ORDER BY pin LIMIT 6')).rows.map((row) => row.pin);
  });
  afterAll(() => app.close());

  const search = (token: string) => app.request('/api/parcels/search?q=main', { token, headers: { Origin: TEST_ORIGIN } });

  it("answers a user's searches beyond the limit 429 with Retry-After and the message, readable cross-origin; then the address's", async () => {
    const flooder = await app.identity.sign('user-search-flood');
    for (let i = 0; i < 4; i++) expect((await search(flooder)).status).toBe(200);
    const refused = await search(flooder);
    expectTooManyRequests(refused);
    expect(refused.headers['access-control-allow-origin']).toBe(TEST_ORIGIN);
    // Another user from the same address has a count of their own, until the address's is used up
    // (6, the refused request counted too).
    const neighbour = await app.identity.sign('user-search-neighbour');
    expect((await search(neighbour)).status).toBe(200);
    expectTooManyRequests(await search(neighbour));
  });

  it('counts parcel details answered by the fast path and by Express alike', async () => {
    const token = await app.identity.sign('user-details-flood');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await app.request(`/api/parcels/${pins[0]}`, { token })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expectTooManyRequests(await app.request(`/api/parcels/${pins[1]}`, { token }));
  });

  it('limits saved-parcel writes, not reading the list', async () => {
    const token = await app.identity.sign('user-save-flood');
    const body = (pin: string) => ({ parcel_pin: pin, parcel_owner_name: 'OWNER', parcel_address: 'ADDRESS', parcel_centroid_lat: 35.62, parcel_centroid_lon: -80.86, notes: null });
    for (const pin of pins.slice(0, 3)) expect((await app.request('/api/saved-parcels', { method: 'POST', token, body: body(pin) })).status).toBe(201);
    expectTooManyRequests(await app.request('/api/saved-parcels', { method: 'POST', token, body: body(pins[3]!) }));
    expectTooManyRequests(await app.request('/api/saved-parcels/1', { method: 'DELETE', token }));
    expect((await app.request('/api/saved-parcels', { token })).status).toBe(200);
  });

  it('limits markups', async () => {
    const token = await app.identity.sign('user-markup-flood');
    const markup = { name: 'Well', color: '#1c7ed6', geometry: { type: 'Point', coordinates: [-80.855, 35.625] } };
    for (let i = 0; i < 3; i++) expect((await app.request('/api/markups', { method: 'POST', token, body: markup })).status).toBe(201);
    expectTooManyRequests(await app.request('/api/markups', { token }));
  });
});

describe('the default rate limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('never meet a busy session: a map view of tiles, typing in the search box, clicking parcels, saving in a burst', async () => {
    expect(DEFAULT_RATE_LIMITS.enabled).toBe(true);
    const token = await app.identity.sign('user-busy');
    const pins = (await app.db.query<{ pin: string }>('SELECT pin FROM parcels ORDER BY pin LIMIT 60')).rows.map((row) => row.pin);
    const statuses = new Set<number>();
    // 70 tiles of a map view, twice (a pan back).
    const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 15);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 70; i++) statuses.add((await app.request(`/tiles/15/${x + (i % 10) - 5}/${y + Math.floor(i / 10) - 3}.pbf`, { token })).status);
    }
    // A minute of typing: every prefix of a long address, twice over.
    const typed = '1234 north main street mooresville';
    for (let round = 0; round < 2; round++) {
      for (let end = 2; end <= typed.length; end++) statuses.add((await app.request(`/api/parcels/search?q=${encodeURIComponent(typed.slice(0, end))}`, { token })).status);
    }
    // Sixty parcels clicked, and saved in one burst.
    for (const pin of pins) statuses.add((await app.request(`/api/parcels/${pin}`, { token })).status);
    const saves = await Promise.all(
      pins.map((pin) =>
        app.request('/api/saved-parcels', { method: 'POST', token, body: { parcel_pin: pin, parcel_owner_name: 'OWNER', parcel_address: 'ADDRESS', parcel_centroid_lat: 35.62, parcel_centroid_lon: -80.86, notes: null } }),
      ),
    );
    for (const save of saves) statuses.add(save.status);
    expect(statuses.has(429)).toBe(false);
    expect([...statuses].every((status) => status < 300)).toBe(true);
  });
});

describe('RATE_LIMITS=off', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { rateLimits: { ...SMALL_LIMITS, enabled: false } } });
  });
  afterAll(() => app.close());

  it('answers every request', async () => {
    const token = await app.identity.sign('user-unlimited');
    for (let i = 0; i < 10; i++) expect((await app.request('/api/parcels/search?q=main', { token })).status).toBe(200);
  });
});
