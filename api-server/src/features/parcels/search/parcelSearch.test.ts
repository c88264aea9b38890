// Parcel search as people type it (issue #24 points 1–2), on PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL. The test county is a 3 km square of the demo county; the examples are written
// onto a few of its parcels first, as the full demo county has them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parcelSearchResponseSchema, SEARCH_SHORT_QUERY_CAP, SEARCH_TOTAL_CAP, type ParcelSearchResponse } from '@parcel-map/shared/contracts';
import { startTestApp, type TestApp } from '../../../testing/testApp.ts';

const CENTRE_PIN = '4605050123';
/** Cambridge's Massachusetts Ave, in the order the old search listed it (issue #24). */
const MASS_AVE_NUMBERS = ['33', '76', '76', '46', '32'];

describe('GET /api/parcels/search', () => {
  let app: TestApp;
  let token: string;
  let others: string[];
  const search = async (query: string): Promise<ParcelSearchResponse> => {
    const response = await app.request(`/api/parcels/search?${query}`, { token });
    expect(response.status).toBe(200);
    // The wire contract the map parses it with takes it as it is.
    expect(parcelSearchResponseSchema.parse(response.json)).toEqual(response.json);
    return response.json as ParcelSearchResponse;
  };
  const q = (text: string, more = '') => search(`q=${encodeURIComponent(text)}${more}`);

  beforeAll(async () => {
    app = await startTestApp();
    token = await app.identity.sign('user-search-typed');
    await app.db.query(`UPDATE parcels SET owner = 'REID STEVEN M', name = 'REID STEVEN M', add1 = '132 SADDLE LN', city = 'MOORESVILLE', zip = '28115' WHERE pin = $1`, [CENTRE_PIN]);
    const { rows } = await app.db.query<{ pin: string }>(`SELECT pin FROM parcels WHERE pin <> $1 ORDER BY pin LIMIT 8`, [CENTRE_PIN]);
    others = rows.map((row) => row.pin);
    for (const [index, number] of MASS_AVE_NUMBERS.entries()) {
      await app.db.query(`UPDATE parcels SET add1 = $2, city = 'CAMBRIDGE', zip = '02139' WHERE pin = $1`, [others[index], `${number} MASSACHUSETTS AVE`]);
    }
    await app.db.query(`UPDATE parcels SET add1 = '210 N MAIN ST', owner = 'ZEPHYR ALBA Q' WHERE pin = $1`, [others[5]]);
    await app.db.query(`UPDATE parcels SET add1 = '18 MAIN ST', owner = 'YELLOWHAMMER CORA' WHERE pin = $1`, [others[6]]);
  });
  afterAll(() => app.close());

  it.each(['4605-05-0123', '4605 05 0123', '4605050123', '4605.05.0123'])('finds the parcel by its PIN typed as %s', async (typed) => {
    const { results, total } = await q(typed);
    expect(results[0]).toMatchObject({ pin: CENTRE_PIN, matched: 'pin' });
    expect(total).toBe(1);
  });

  it.each(['steven reid', 'Reid, Steven', 'REID STEVEN M', 'reid st', 'Steven M. Reid', 'stevn reid', 'steven reed'])('finds REID STEVEN M as %s', async (typed) => {
    const { results } = await q(typed, '&limit=100');
    const hit = results.find((result) => result.pin === CENTRE_PIN);
    expect(hit).toMatchObject({ owner: 'REID STEVEN M', matched: 'owner' });
  });

  it.each(['132 Saddle Lane', '132 saddle ln', '132 SADDLE LN', '132 Saddle Ln.'])('finds 132 SADDLE LN as %s, first', async (typed) => {
    const { results } = await q(typed);
    expect(results[0]).toMatchObject({ pin: CENTRE_PIN, add1: '132 SADDLE LN', matched: 'address' });
  });

  it('matches street types and directions spelled out: North Main Street is N MAIN ST', async () => {
    const { results } = await q('North Main Street', '&limit=100');
    expect(results.map((result) => result.add1)).toContain('210 N MAIN ST');
    expect(results.map((result) => result.add1)).not.toContain('18 MAIN ST');
    expect(results.find((result) => result.add1 === '210 N MAIN ST')!.matched).toBe('address');
  });

  it('orders house numbers as numbers: Massachusetts Ave lists 32, 33, 46, 76, 76', async () => {
    const { results } = await q('Massachusetts Ave');
    expect(results.map((result) => result.add1)).toEqual(['32', '33', '46', '76', '76'].map((number) => `${number} MASSACHUSETTS AVE`));
  });

  it('lists the parcels of a city and of a ZIP code', async () => {
    const { rows } = await app.db.query<{ city: number; zip: number }>(
      `SELECT count(*) FILTER (WHERE city = 'MOORESVILLE')::int AS city, count(*) FILTER (WHERE zip = '28117')::int AS zip FROM parcels`,
    );
    expect(rows[0]!.zip).toBeGreaterThan(0);
    const city = await q('Mooresville');
    expect(city.total).toBe(Math.min(rows[0]!.city, SEARCH_TOTAL_CAP));
    expect(city.capped).toBe(rows[0]!.city > SEARCH_TOTAL_CAP);
    expect(city.results.every((result) => result.city === 'MOORESVILLE' && result.matched === 'city')).toBe(true);
    const zip = await q('28117');
    expect(zip.total).toBe(Math.min(rows[0]!.zip, SEARCH_TOTAL_CAP));
    expect(zip.results.every((result) => result.zip === '28117' && result.matched === 'zip')).toBe(true);
  });

  it('lists the roads whose names match, with where they are, and named water', async () => {
    const { places } = await q('Saddle Lane');
    const road = places.find((place) => place.kind === 'road' && place.name === 'SADDLE LN');
    expect(road).toMatchObject({ city: 'MOORESVILLE' });
    const [west, south, east, north] = road!.bbox;
    expect(west).toBeLessThanOrEqual(east);
    expect(south).toBeLessThanOrEqual(north);
    expect(west).toBeGreaterThan(-81.1);
    const { rows } = await app.db.query<{ name: string }>(`SELECT name FROM basemap_features WHERE layer = 'water' AND name <> '' LIMIT 1`);
    const water = await q(rows[0]!.name);
    expect(water.places).toContainEqual(expect.objectContaining({ kind: 'water', name: rows[0]!.name }));
  });

  it('pages the whole result list: limit, offset and a total', async () => {
    const first = await q('Mooresville', '&limit=7');
    const second = await q('Mooresville', '&limit=7&offset=7');
    expect(first.results).toHaveLength(7);
    expect(second.results).toHaveLength(7);
    expect(second.total).toBe(first.total);
    const both = [...first.results, ...second.results].map((result) => result.pin);
    expect(new Set(both).size).toBe(14);
    const together = await q('Mooresville', '&limit=14');
    expect(together.results.map((result) => result.pin)).toEqual(both);
    expect(second.places).toEqual([]);
  });

  it('sorts by owner, address and acres, either way', async () => {
    const byOwner = (await q('Mooresville', '&limit=50&sort=owner')).results.map((result) => result.owner ?? '');
    expect(byOwner).toEqual([...byOwner].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const acres = (await q('Mooresville', '&limit=50&sort=acres')).results.map((result) => result.taxacres ?? 0);
    expect(acres).toEqual([...acres].sort((a, b) => b - a));
    const acresUp = (await q('Mooresville', '&limit=50&sort=acres&dir=asc')).results.map((result) => result.taxacres ?? 0);
    expect(acresUp).toEqual([...acresUp].sort((a, b) => a - b));
    const mass = (await q('Massachusetts Ave', '&sort=address&dir=desc')).results.map((result) => result.add1);
    expect(mass).toEqual(['76', '76', '46', '33', '32'].map((number) => `${number} MASSACHUSETTS AVE`));
  });

  it('answers a two-letter query from the prefixes, within the cap', async () => {
    const { results, total } = await q('re', '&limit=5');
    expect(results.length).toBe(5);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(SEARCH_SHORT_QUERY_CAP);
    for (const result of results) expect(`${result.owner} ${result.add1} ${result.pin}`.toLowerCase()).toMatch(/(^|\s)re/);
  });

  it('counts and ranks a short query only up to the short cap: every PIN begins 46', async () => {
    const short = await q('46', '&limit=100');
    expect(short).toMatchObject({ total: SEARCH_SHORT_QUERY_CAP, capped: true });
    expect(short.results).toHaveLength(SEARCH_SHORT_QUERY_CAP);
    expect((await q('46', `&offset=${SEARCH_SHORT_QUERY_CAP}`)).results).toEqual([]);
    // Three characters reach the trigram index, and the whole cap.
    expect(await q('460')).toMatchObject({ total: SEARCH_TOTAL_CAP, capped: true });
  });

  it('keeps the result fields of before and says what matched', async () => {
    const { results } = await q('132 Saddle Lane');
    expect(Object.keys(results[0]!).sort()).toEqual(['add1', 'centroid', 'city', 'matched', 'owner', 'pin', 'taxacres', 'zip']);
  });

  it('finds nothing for nonsense, and answers 400 for a bad page', async () => {
    expect((await q('qqqxxzzv')).results).toEqual([]);
    for (const bad of ['limit=0', 'limit=101', 'offset=-1', `offset=${SEARCH_TOTAL_CAP + 1}`, 'sort=price', 'dir=up']) {
      const response = await app.request(`/api/parcels/search?q=main&${bad}`, { token });
      expect(response.status).toBe(400);
    }
  });
});
