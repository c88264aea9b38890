// Search as a land professional types it: a street with its town and ZIP code in any order, and typos
// in owners' names and streets — on PGlite and, with TEST_DATABASE_URL, on PostgreSQL. The test county
// is a 3 km square of the demo county (all in Mooresville); Cambridge's FIRST ST and CAMBRIDGE ST
// parcels are imported from ../shared/data beside it.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_FILE_LIMITS, importParcels, readBundledMapping } from '@parcel-map/county-data/import';
import { CAMBRIDGE_FY2014_DIR, CAMBRIDGE_FY2014_GEOJSON, fixtureDir, writeFixture } from '@parcel-map/county-data/testing';
import { SEARCH_TOTAL_CAP, type ParcelSearchResponse, type ParcelSearchResult } from '@parcel-map/shared/contracts';
import { startTestApp, type TestApp } from '../../../testing/testApp.ts';
import { SEARCH_WORDS } from './parcelSearchSql.ts';

const CENTRE_PIN = '4605050123';

async function searchAs(app: TestApp, user: string) {
  const token = await app.identity.sign(user);
  return async (text: string, more = ''): Promise<ParcelSearchResponse> => {
    const response = await app.request(`/api/parcels/search?q=${encodeURIComponent(text)}${more}`, { token });
    expect(response.status).toBe(200);
    return response.json as ParcelSearchResponse;
  };
}

/** The one parcel whose `column` is `value` in the seeded county. */
async function pinWhere(app: TestApp, column: 'owner' | 'add1', value: string): Promise<string> {
  const { rows } = await app.db.query<{ pin: string }>(`SELECT pin FROM parcels WHERE ${column} = $1`, [value]);
  expect(rows).toHaveLength(1);
  return rows[0]!.pin;
}

describe('a street with its town or ZIP code', () => {
  let app: TestApp;
  let q: Awaited<ReturnType<typeof searchAs>>;
  /** 133 SADDLE LN, MOORESVILLE 28115 as the seed writes it (CLARK EMILY H). */
  let saddle133: string;
  let troutman: string[];

  beforeAll(async () => {
    app = await startTestApp();
    q = await searchAs(app, 'user-search-towns');
    saddle133 = await pinWhere(app, 'add1', '133 SADDLE LN');
    // The whole demo county has five 132 SADDLE LN in three towns, REID STEVEN M's in Mooresville
    // first by PIN: three of them here.
    await app.db.query(`UPDATE parcels SET owner = 'REID STEVEN M', add1 = '132 SADDLE LN', city = 'MOORESVILLE', zip = '28115' WHERE pin = $1`, [CENTRE_PIN]);
    const { rows } = await app.db.query<{ pin: string }>(`SELECT pin FROM parcels WHERE pin <> $1 AND add1 NOT LIKE '%SADDLE%' ORDER BY pin LIMIT 6`, [CENTRE_PIN]);
    troutman = rows.slice(0, 2).map((row) => row.pin);
    await app.db.query(`UPDATE parcels SET owner = 'EDWARDS MARK B', add1 = '132 SADDLE LN', city = 'TROUTMAN', zip = '28166' WHERE pin = $1`, [troutman[0]]);
    await app.db.query(`UPDATE parcels SET owner = 'GOODMAN JAMES M', add1 = '132 SADDLE LN', city = 'TROUTMAN', zip = '28166' WHERE pin = $1`, [troutman[1]]);
    await app.db.query(`UPDATE parcels SET owner = 'ROBERTS SANDRA P', add1 = '132 SADDLE LN', city = 'STATESVILLE', zip = '28677' WHERE pin = $1`, [rows[2]!.pin]);
    // And the seed's 133 SADDLE LN once more in another town, its owner first by name.
    await app.db.query(`UPDATE parcels SET owner = 'ALLEN ASHLEY X', add1 = '133 SADDLE LN', city = 'STATESVILLE', zip = '28677' WHERE pin = $1`, [rows[3]!.pin]);
    // A street named after a town, and an avenue in that town.
    await app.db.query(`UPDATE parcels SET add1 = '12 STATESVILLE AVE' WHERE pin = $1`, [rows[4]!.pin]);
    await app.db.query(`UPDATE parcels SET add1 = '10 BROAD AVE', city = 'STATESVILLE', zip = '28677' WHERE pin = $1`, [rows[5]!.pin]);
  });
  afterAll(() => app.close());

  it.each(['132 saddle ln mooresville', '132 Saddle Ln, Mooresville', 'Mooresville 132 Saddle Lane', '132 Saddle Ln 28115', '132 Saddle Ln, Mooresville, NC 28115'])(
    'puts 132 SADDLE LN in Mooresville first for %s, not those of Troutman and Statesville',
    async (typed) => {
      const { results } = await q(typed);
      expect(results[0]).toMatchObject({ pin: CENTRE_PIN, add1: '132 SADDLE LN', city: 'MOORESVILLE', matched: 'address' });
      expect(results.every((result) => result.city === 'MOORESVILLE')).toBe(true);
    },
  );

  it.each(['133 saddle ln mooresville', '133 Saddle Ln, Mooresville', 'Mooresville 133 Saddle Lane', '133 Saddle Ln 28115'])('finds the seed’s 133 SADDLE LN alone for %s', async (typed) => {
    const { results, total } = await q(typed);
    expect(results[0]).toMatchObject({ pin: saddle133, add1: '133 SADDLE LN', city: 'MOORESVILLE', zip: '28115' });
    expect(total).toBe(1);
  });

  it.each(['132 Saddle Ln Troutman', '132 Saddle Ln 28166'])('narrows the same address to the other town: %s', async (typed) => {
    const { results, total } = await q(typed);
    expect(total).toBe(2);
    expect(results.map((result) => result.pin).sort()).toEqual([...troutman].sort());
  });

  it('still lists a town alone and a ZIP code alone, and a town with its ZIP code', async () => {
    const town = await q('Troutman');
    expect(town.results.map((result) => result.pin).sort()).toEqual([...troutman].sort());
    expect(town.results.every((result) => result.matched === 'city')).toBe(true);
    const zip = await q('28166');
    expect(zip.results.map((result) => result.pin).sort()).toEqual([...troutman].sort());
    const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM parcels WHERE city = 'MOORESVILLE' AND zip = '28117'`);
    const both = await q('Mooresville 28117', '&limit=100');
    expect(both.total).toBe(Math.min(rows[0]!.n, SEARCH_TOTAL_CAP));
    expect(both.results.every((result) => result.city === 'MOORESVILLE' && result.zip === '28117')).toBe(true);
  });

  it('puts a street named after a town before the streets of that town: Statesville Ave', async () => {
    const { results } = await q('Statesville Ave');
    expect(results.map((result) => result.add1)).toEqual(['12 STATESVILLE AVE', '10 BROAD AVE']);
  });

  it('corrects a typo beside the town: 132 Sadle Ln Mooresville', async () => {
    const { results } = await q('132 Sadle Ln Mooresville');
    expect(results[0]).toMatchObject({ pin: CENTRE_PIN });
  });

  // As the box sends them while the town or ZIP code is typed: read as its start, not by similarity.
  it.each(['132 Saddle Ln trout', '132 Sadle Ln trou', '132 Saddle Ln 2816'])('narrows to a town or ZIP code still being typed: %s', async (typed) => {
    const { results, total } = await q(typed);
    expect(total).toBe(2);
    expect(results.map((result) => result.pin).sort()).toEqual([...troutman].sort());
  });

  it('lists a town being typed alone, and the addresses beside a town beginning with a house number', async () => {
    const town = await q('Troutm');
    expect(town.results.map((result) => result.pin).sort()).toEqual([...troutman].sort());
    expect(town.results.every((result) => result.matched === 'city')).toBe(true);
    const numbered = await q('Statesville 13');
    expect(numbered.results.map((result) => [result.add1, result.city])).toEqual([['133 SADDLE LN', 'STATESVILLE'], ['132 SADDLE LN', 'STATESVILLE']].sort());
  });
});

describe.skipIf(!existsSync(CAMBRIDGE_FY2014_GEOJSON))('a Cambridge street with its town', () => {
  let app: TestApp;
  let q: Awaited<ReturnType<typeof searchAs>>;
  let imported: number;

  beforeAll(async () => {
    app = await startTestApp();
    q = await searchAs(app, 'user-search-cambridge');
    // The parcels of FIRST ST and CAMBRIDGE ST (a street named as the town), as the assessor's table has them.
    const table = await readFile(path.join(CAMBRIDGE_FY2014_DIR, 'TaxFY14.csv'), 'utf8');
    const pins = new Set(
      table
        .split('\n')
        .map((line) => /^"([^"]*)","[^"]* (FIRST|CAMBRIDGE) ST"/.exec(line)?.[1])
        .filter((pin) => pin !== undefined),
    );
    const collection = JSON.parse(await readFile(CAMBRIDGE_FY2014_GEOJSON, 'utf8')) as { type: string; features: { properties: { ML?: string } }[] };
    const features = collection.features.filter((feature) => pins.has(feature.properties.ML ?? ''));
    const file = await writeFixture(await fixtureDir(), 'cambridge-first-and-cambridge-st.geojson', { ...collection, features });
    const mapping = (await readBundledMapping('cambridge_fy2014'))!;
    const report = await importParcels(app.db, {
      limits: DEFAULT_IMPORT_FILE_LIMITS,
      file,
      mapping: { ...mapping, join: { ...mapping.join!, file: path.join(CAMBRIDGE_FY2014_DIR, 'TaxFY14.csv') } },
    });
    imported = report.imported;
    expect(imported).toBeGreaterThan(20);
  });
  afterAll(() => app.close());

  it.each(['32 First St Cambridge', '32 first st, cambridge', 'Cambridge 32 First Street', '32 First St, Cambridge, MA'])('puts 32 FIRST ST first for %s', async (typed) => {
    const { results } = await q(typed);
    expect(results[0]).toMatchObject({ pin: '8-50', add1: '32 FIRST ST', city: 'CAMBRIDGE' });
  });

  it('still finds Cambridge St as a street, and lists the town alone', async () => {
    // The street's parcels, not the town's (ST read as a state after the town).
    const street = await q('Cambridge St', '&limit=100');
    expect(street.total).toBeGreaterThan(0);
    expect(street.total).toBeLessThan(imported);
    expect(street.results.filter((result) => !/ CAMBRIDGE/.test(result.add1 ?? '') || result.matched !== 'address')).toEqual([]);
    const town = await q('Cambridge', '&limit=100');
    expect(town.total).toBe(imported);
    expect(town.results.every((result) => result.city === 'CAMBRIDGE' && result.matched === 'city')).toBe(true);
  });
});

describe('typos in owners and streets', () => {
  let app: TestApp;
  let q: Awaited<ReturnType<typeof searchAs>>;
  const top5 = async (typed: string): Promise<ParcelSearchResult[]> => (await q(typed, '&limit=5')).results;

  beforeAll(async () => {
    app = await startTestApp();
    q = await searchAs(app, 'user-search-typos');
    // The whole demo county's PRESSLY CHRISTOPHERs, which trigram similarity put before PRESSLY CHARLES.
    const { rows } = await app.db.query<{ pin: string }>(`SELECT pin FROM parcels WHERE owner LIKE 'ADAMS %' ORDER BY pin LIMIT 5`);
    for (const [index, { pin }] of rows.entries()) {
      await app.db.query(`UPDATE parcels SET owner = $2 WHERE pin = $1`, [pin, `PRESSLY CHRISTOPHER ${'ABCEH'[index]}`]);
    }
  });
  afterAll(() => app.close());

  // Owners and streets of the seeded county, each typed with a letter or two wrong, missing, doubled
  // or swapped: the parcel is in the top 5, and so are only parcels holding the words meant.
  it.each([
    ['Reid Stveen', 'owner', 'REID STEVEN U', /^REID STEVEN /],
    ['Stevn Ried', 'owner', 'REID STEVEN U', /^REID STEVEN /],
    ['Pressly Chrales', 'owner', 'PRESSLY CHARLES X & PATRICIA', /^PRESSLY CHARLES /],
    ['Presly Chrals', 'owner', 'PRESSLY CHARLES X & PATRICIA', /^PRESSLY CHARLES /],
    ['Brotehrtn Sarrah', 'owner', 'BROTHERTON SARAH R', /^BROTHERTON SARAH /],
    ['Sloan Goerge', 'owner', 'SLOAN GEORGE K', /^SLOAN GEORGE /],
    ['133 Sadle Ln', 'add1', '133 SADDLE LN', /^133\d* SADDLE LN$/],
    ['132 Whipoorwil Rd', 'add1', '132 WHIPPOORWILL RD', /^132\d* WHIPPOORWILL RD$/],
  ] as const)('puts %s’s parcel (%s %s) in the top 5', async (typed, column, value, meant) => {
    const pin = await pinWhere(app, column, value);
    const results = await top5(typed);
    expect(results.map((result) => result.pin)).toContain(pin);
    expect(results.filter((result) => !meant.test(result[column] ?? ''))).toEqual([]);
  });

  it('lists the parcels of a mistyped street or owner: Sadle Ln, Brotehrton', async () => {
    const street = await top5('Sadle Ln');
    expect(street).toHaveLength(5);
    expect(street.every((result) => / SADDLE LN$/.test(result.add1 ?? ''))).toBe(true);
    const owner = await top5('Brotehrton');
    expect(owner).toHaveLength(5);
    expect(owner.every((result) => result.owner?.startsWith('BROTHERTON '))).toBe(true);
  });

  it('lists the road of a mistyped street among the places', async () => {
    const { places } = await q('Sadle Ln');
    expect(places).toContainEqual(expect.objectContaining({ kind: 'road', name: 'SADDLE LN' }));
  });

  it('keeps exact matches first: a word some parcel has is not read as a typo', async () => {
    const steven = await top5('Reid Steven');
    expect(steven.every((result) => result.owner?.startsWith('REID STEVEN'))).toBe(true);
    // SADDLE LN, not a street a letter away (SADDLE PL, SADDLE WAY come after it in the whole list).
    const lane = await q('Saddle Ln', '&limit=100');
    expect(lane.results.every((result) => / SADDLE LN$/.test(result.add1 ?? ''))).toBe(true);
    const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM parcels WHERE add1 LIKE '% SADDLE LN'`);
    expect(lane.total).toBe(rows[0]!.n);
    const exact = await top5('Sloan George K');
    expect(exact[0]).toMatchObject({ owner: 'SLOAN GEORGE K', matched: 'owner' });
  });

  // As the box sends it while the last word is typed: every parcel with the words before it and a word
  // beginning as that one would (SARAH begins with SAR, a letter from SARR).
  it('reads the last word as still being typed, with its typo: Brotehrtn Sarr', async () => {
    const pin = await pinWhere(app, 'owner', 'BROTHERTON SARAH R');
    const { results, total } = await q('Brotehrtn Sarr', '&limit=5');
    expect(results.map((result) => result.pin)).toContain(pin);
    const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM parcels WHERE kind = 'parcel' AND ${SEARCH_WORDS} LIKE '% brotherton %' AND ${SEARCH_WORDS} LIKE '% sar%'`);
    expect(total).toBe(rows[0]!.n);
  });

  it('finds nothing for a word a few letters from every word of the county', async () => {
    expect((await q('Reid Zqxvbw')).results).toEqual([]);
  });
});
