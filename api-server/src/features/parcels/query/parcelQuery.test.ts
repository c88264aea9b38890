// POST /api/parcels/query and GET /api/parcels/query/fields (issue #42 points 3 and 5) on the demo
// county's test square, each answer checked against the parcels as the test reads them itself (its own
// comparisons, turf for the areas); and on the real Cambridge parcels, attributes and flood zones.
// Run on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as turf from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CAMBRIDGE_FY2014_DIR,
  CAMBRIDGE_FY2014_GEOJSON,
  CAMBRIDGE_OVERLAYS_DIR,
  OVERLAY_MAPPINGS_DIR,
  featureCollection,
  fixtureDir,
  writeFixture,
} from '@parcel-map/county-data/testing';
import {
  DEFAULT_IMPORT_FILE_LIMITS, defaultOverlayMapping, importOverlay, importParcels, readBundledMapping, readOverlayMapping,
} from '@parcel-map/county-data/import';
import {
  QUERY_CSV_COLUMNS,
  QUERY_CSV_COUNT_LINE,
  QUERY_MAX_LIMIT,
  parcelQueryResponseSchema,
  queryFieldsResponseSchema,
  type ParcelQueryBody,
  type QueryField,
  type QueryFilter,
} from '@parcel-map/shared/contracts';
import { parseCsvRecords } from '@parcel-map/shared/files/csv';
import { startTestApp, type TestApp } from '../../../testing/testApp.ts';

type Area = Polygon | MultiPolygon;

interface Row {
  pin: string;
  owner: string | null;
  state: string | null;
  zip: string | null;
  city: string | null;
  zoning: string | null;
  taxacres: number | null;
  sale_date: string | null;
  sales_price: number | null;
  mail_city: string | null;
  mail_state: string | null;
  mail_zip: string | null;
  dataset_id: number;
  geometry: Area;
  attributes: Record<string, string | number | boolean> | null;
}

const readRows = async (app: TestApp): Promise<Row[]> =>
  (await app.db.query<Row>(
    `SELECT pin, owner, state, zip, city, zoning, taxacres, to_char(sale_date, 'YYYY-MM-DD') AS sale_date, sales_price::float8 AS sales_price,
            mail_city, mail_state, mail_zip, dataset_id, geometry, attributes FROM parcels`,
  )).rows;

const sorted = (pins: Iterable<string>) => [...pins].sort();
/**
 * How long a test waits for the API to serve a data version it has just made: on PostgreSQL the API
 * hears of it by NOTIFY, a moment after the UPDATE returns (PGlite tells it before).
 */
const NEW_VERSION_HEARD = { timeout: 10_000, interval: 50 };

/** Once the query column index holds the parcels: from then on it answers the filters (columnQuery.test.ts holds it to the SQL's answers). */
const columnsBuilt = (app: TestApp) =>
  vi.waitFor(async () => expect((await app.request('/health')).json).toMatchObject({ queryColumns: true }), { timeout: 30_000, interval: 100 });

describe('attribute queries on the demo county', () => {
  let app: TestApp;
  let token: string;
  let rows: Row[];

  const post = (body: ParcelQueryBody, headers: Record<string, string> = {}) => app.request('/api/parcels/query', { method: 'POST', token, body, headers });

  /** Every matching PIN, page by page, and the total each page gave. */
  async function matches(body: ParcelQueryBody): Promise<{ pins: string[]; total: number }> {
    const pins: string[] = [];
    let total: number;
    do {
      const response = await post({ ...body, limit: QUERY_MAX_LIMIT, offset: pins.length });
      expect(response.status, JSON.stringify(response.json)).toBe(200);
      const page = parcelQueryResponseSchema.parse(response.json);
      total = page.total;
      if (page.results.length === 0) break;
      pins.push(...page.results.map((result) => result.pin));
    } while (pins.length < total);
    return { pins, total };
  }

  async function expectMatches(body: ParcelQueryBody, expected: (row: Row) => boolean) {
    const wanted = rows.filter(expected).map((row) => row.pin);
    // A filter that picks none or all of the square would not tell a working query from a broken one.
    expect(wanted.length).toBeGreaterThan(0);
    expect(wanted.length).toBeLessThan(rows.length);
    const { pins, total } = await matches(body);
    expect(total).toBe(wanted.length);
    expect(sorted(pins)).toEqual(sorted(wanted));
  }

  beforeAll(async () => {
    app = await startTestApp();
    token = await app.identity.sign('user-query');
    rows = await readRows(app);
    await columnsBuilt(app);
  });
  afterAll(() => app.close());

  it('lists the fields a panel can filter by, with their types, operators and few values', async () => {
    const response = await app.request('/api/parcels/query/fields', { token });
    expect(response.status).toBe(200);
    const { fields } = queryFieldsResponseSchema.parse(response.json);
    const byName = new Map(fields.map((field) => [field.field, field]));
    expect(byName.get('taxacres')).toMatchObject({ label: 'Tax Acres', type: 'number' });
    expect(byName.get('sale_date')).toMatchObject({ type: 'date', ops: expect.arrayContaining(['between', '<']) as unknown });
    const zoning = byName.get('zoning') as QueryField;
    expect(zoning.type).toBe('enum');
    expect(zoning.values).toEqual(sorted(new Set(rows.map((row) => row.zoning).filter((value): value is string => value !== null))));
    expect(byName.get('owner_kind')).toMatchObject({ type: 'enum', values: ['LLC', 'INC', 'CORP', 'TRUST', 'ESTATE', 'GOVERNMENT', 'INDIVIDUAL'], ops: ['=', '!=', 'in'] });
    expect(byName.get('absentee')).toMatchObject({ values: ['county', 'state'] });
    expect(byName.get('owner')).toMatchObject({ type: 'text', ops: ['=', '!=', 'contains', 'in'] });
  });

  it('answers the search results’ row with the mailing address, and an exact total past 500', async () => {
    const response = await post({ limit: 3, sort: 'taxacres', dir: 'desc' });
    const page = parcelQueryResponseSchema.parse(response.json);
    expect(rows.length).toBeGreaterThan(500);
    expect(page.total).toBe(rows.length);
    const largest = [...rows].sort((a, b) => (b.taxacres ?? -1) - (a.taxacres ?? -1) || (a.pin < b.pin ? 1 : -1))[0]!;
    expect(page.results[0]).toMatchObject({ pin: largest.pin, taxacres: largest.taxacres, mail_state: largest.mail_state, mail_zip: largest.mail_zip });
    expect(Object.keys(page.results[0]!).sort()).toEqual(['add1', 'centroid', 'city', 'mail_add1', 'mail_city', 'mail_state', 'mail_zip', 'owner', 'pin', 'taxacres', 'zip']);
    expect(parcelQueryResponseSchema.parse(response.json)).toEqual(response.json);
  });

  it.each([
    ['=', { field: 'zoning', op: '=', value: 'r-20' }, (row: Row) => row.zoning === 'R-20'],
    ['!=', { field: 'zoning', op: '!=', value: 'R-20' }, (row: Row) => row.zoning !== 'R-20'],
    ['<', { field: 'taxacres', op: '<', value: 0.3 }, (row: Row) => row.taxacres !== null && row.taxacres < 0.3],
    ['<=', { field: 'sales_price', op: '<=', value: 200000 }, (row: Row) => row.sales_price !== null && row.sales_price <= 200000],
    ['>', { field: 'taxacres', op: '>', value: '1.5' }, (row: Row) => row.taxacres !== null && row.taxacres > 1.5],
    ['>=', { field: 'sale_date', op: '>=', value: '2020-01-01' }, (row: Row) => row.sale_date !== null && row.sale_date >= '2020-01-01'],
    ['between', { field: 'sale_date', op: 'between', value: ['2015-01-01', '2018-12-31'] }, (row: Row) => row.sale_date !== null && row.sale_date >= '2015-01-01' && row.sale_date <= '2018-12-31'],
    ['in', { field: 'zoning', op: 'in', value: ['R-20', 'R-12'] }, (row: Row) => row.zoning === 'R-20' || row.zoning === 'R-12'],
    ['contains', { field: 'owner', op: 'contains', value: 'llc' }, (row: Row) => (row.owner ?? '').includes('LLC')],
  ] as const)('filters with %s', async (_op, filter, expected) => {
    await expectMatches({ filters: [filter as QueryFilter] }, expected);
  });

  it('ands filters and the text', async () => {
    await expectMatches(
      { q: 'holdings', filters: [{ field: 'taxacres', op: '>', value: 0.2 }, { field: 'city', op: 'in', value: [...new Set(rows.map((row) => row.city ?? ''))] }] },
      (row) => / HOLDINGS\b/.test(` ${row.owner ?? ''}`) && row.taxacres !== null && row.taxacres > 0.2,
    );
  });

  it.each([
    ['LLC', (owner: string) => owner.endsWith(' LLC')],
    ['INC', (owner: string) => owner.endsWith(' INC')],
    ['TRUST', (owner: string) => owner.endsWith(' TRUST')],
    ['INDIVIDUAL', (owner: string) => !/ (LLC|INC|TRUST)$/.test(owner)],
  ])('tells owners of kind %s by their names', async (kind, expected) => {
    await expectMatches({ filters: [{ field: 'owner_kind', op: '=', value: kind }] }, (row) => row.owner !== null && expected(row.owner));
  });

  it('reads government, estate and company owners', async () => {
    const named = { 'CITY OF MOORESVILLE': 'GOVERNMENT', 'IREDELL COUNTY': 'GOVERNMENT', 'ESTATE OF JOHN SMITH': 'ESTATE', 'SMITH JOHN HEIRS': 'ESTATE', 'ACME CORP': 'CORP', 'ACME L.L.C.': 'LLC', 'ROGERS TR': 'TRUST' } as const;
    const pins = rows.slice(0, Object.keys(named).length).map((row) => row.pin);
    try {
      for (const [index, owner] of Object.keys(named).entries()) await app.db.query('UPDATE parcels SET owner = $1 WHERE pin = $2', [owner, pins[index]]);
      // As a publish would: a new data version, so that what is kept per version (the query columns) is read again.
      await app.db.query('UPDATE datasets SET licence = licence WHERE is_current');
      await vi.waitFor(async () => {
        for (const kind of ['GOVERNMENT', 'ESTATE', 'CORP']) {
          const expected = Object.entries(named).flatMap(([, named], index) => (named === kind ? [pins[index]!] : []));
          const { pins: found } = await matches({ filters: [{ field: 'owner_kind', op: '=', value: kind }] });
          expect(sorted(found)).toEqual(sorted(expected));
        }
      }, NEW_VERSION_HEARD);
      const { pins: llcs } = await matches({ filters: [{ field: 'owner_kind', op: 'in', value: ['LLC', 'TRUST'] }] });
      expect(llcs).toEqual(expect.arrayContaining([pins[5], pins[6]]));
    } finally {
      for (const [index, pin] of pins.entries()) await app.db.query('UPDATE parcels SET owner = $1 WHERE pin = $2', [rows[index]!.owner, pin]);
      await app.db.query('UPDATE datasets SET licence = licence WHERE is_current');
      // The tests after this one read the owners as they were: once the API serves that version.
      await vi.waitFor(async () => expect((await matches({ filters: [{ field: 'owner_kind', op: '=', value: 'GOVERNMENT' }] })).pins).toEqual([]), NEW_VERSION_HEARD);
    }
  });

  it('finds absentee owners outside the state and outside the county', async () => {
    const siteZips = new Set(rows.map((row) => `${row.dataset_id}:${(row.zip ?? '').slice(0, 5)}`));
    const outOfState = (row: Row) => row.mail_state !== null && row.state !== null && row.mail_state !== row.state;
    await expectMatches({ filters: [{ field: 'absentee', op: '=', value: 'state' }] }, outOfState);
    const outOfCounty = (row: Row) => outOfState(row) || (row.mail_zip !== null && !siteZips.has(`${row.dataset_id}:${row.mail_zip.slice(0, 5)}`));
    // Some are absentee in the county's sense only (an owner in Charlotte).
    expect(rows.filter(outOfCounty).length).toBeGreaterThan(rows.filter(outOfState).length);
    await expectMatches({ filters: [{ field: 'absentee', op: '=', value: 'county' }] }, outOfCounty);
    await expectMatches({ filters: [{ field: 'absentee', op: '!=', value: 'county' }] }, (row) => !outOfCounty(row));
  });

  it('finds the parcels inside a drawn area, those it crosses included', async () => {
    const centre = turf.centroid(turf.featureCollection(rows.map((row) => turf.feature(row.geometry)))).geometry.coordinates as [number, number];
    const area = turf.circle(centre, 0.25, { units: 'kilometers', steps: 24 }).geometry as Polygon & ParcelQueryBody['within'];
    await expectMatches({ within: area }, (row) => turf.booleanIntersects(row.geometry, area));
    await expectMatches({ within: area, filters: [{ field: 'taxacres', op: '<', value: 0.5 }] }, (row) => turf.booleanIntersects(row.geometry, area) && (row.taxacres ?? 1) < 0.5);
  });

  it('finds the parcels inside and outside an overlay’s features picked by their properties', async () => {
    const [west, south, east, north] = turf.bbox(turf.featureCollection(rows.map((row) => turf.feature(row.geometry))));
    const width = east - west;
    const height = north - south;
    const box = (x0: number, y0: number, x1: number, y1: number) => turf.bboxPolygon([west + width * x0, south + height * y0, west + width * x1, south + height * y1]).geometry;
    const zones = [
      { properties: { ZONE: 'AE' }, geometry: box(0.1, 0.1, 0.3, 0.4) },
      { properties: { ZONE: 'AE' }, geometry: box(0.6, 0.6, 0.7, 0.9) },
      { properties: { ZONE: 'X' }, geometry: box(0.3, 0.1, 0.9, 0.3) },
    ];
    const file = await writeFixture(await fixtureDir(), 'zones.geojson', featureCollection(zones));
    await importOverlay(app.db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file, name: 'test-flood', label: 'Flood', mapping: defaultOverlayMapping('zones.geojson') });
    const inAe = (row: Row) => zones.some((zone) => zone.properties.ZONE === 'AE' && turf.booleanIntersects(row.geometry, zone.geometry));
    // The property by its name in the file, its value without regard to case.
    await expectMatches({ overlay: { name: 'test-flood', where: { ZONE: 'ae' } } }, inAe);
    await expectMatches({ overlay: { name: 'test-flood', where: { ZONE: 'AE' }, inside: false } }, (row) => !inAe(row));
    await expectMatches({ overlay: { name: 'test-flood' } }, (row) => zones.some((zone) => turf.booleanIntersects(row.geometry, zone.geometry)));
  });

  it.each([
    ['an unknown field', { filters: [{ field: 'nope', op: '=', value: 1 }] }, 'nope'],
    ['text for a number', { filters: [{ field: 'taxacres', op: '>', value: 'five' }] }, 'taxacres must be a number'],
    ['a date that is none', { filters: [{ field: 'sale_date', op: '<', value: '2020-02-30' }] }, 'sale_date must be a date'],
    ['an operator the type lacks', { filters: [{ field: 'owner', op: '<', value: 'M' }] }, 'owner takes'],
    ['an unknown owner kind', { filters: [{ field: 'owner_kind', op: '=', value: 'LLP' }] }, 'owner_kind must be one of'],
    ['an unknown absentee kind', { filters: [{ field: 'absentee', op: '=', value: 'city' }] }, 'absentee must be one of'],
    ['between with one value', { filters: [{ field: 'taxacres', op: 'between', value: [1] }] }, 'taxacres between takes two values'],
    ['a list for =', { filters: [{ field: 'zoning', op: '=', value: ['R-20'] }] }, 'zoning = takes one value'],
    ['an unknown operator', { filters: [{ field: 'zoning', op: '~', value: 'R' }] }, 'op must be one of'],
    ['an unknown sort', { sort: 'height' }, 'sort: height'],
    ['an unknown overlay', { overlay: { name: 'nowhere' } }, 'overlay.name: nowhere'],
    ['an open ring', { within: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1]]] } }, 'within'],
    ['a limit past the most', { limit: QUERY_MAX_LIMIT + 1 }, 'limit must be'],
  ])('answers 400 naming the field for %s', async (_case, body, message) => {
    const response = await post(body as ParcelQueryBody);
    expect(response.status).toBe(400);
    expect((response.json as { message: string }).message).toContain(message);
  });

  it('writes the whole result as CSV with mailing addresses, its row count last', async () => {
    const body: ParcelQueryBody = { filters: [{ field: 'absentee', op: '=', value: 'county' }], sort: 'owner' };
    const { total, pins } = await matches(body);
    expect(total).toBeGreaterThan(QUERY_MAX_LIMIT);
    const response = await post(body, { Accept: 'text/csv' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="parcels-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = response.body.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = parseCsvRecords(text.slice(1));
    expect(header).toEqual([...QUERY_CSV_COLUMNS]);
    const countLine = lines.pop()!;
    expect(countLine).toEqual([`# ${total} rows`]);
    expect(QUERY_CSV_COUNT_LINE.exec(countLine[0]!)?.[1]).toBe(String(total));
    expect(lines).toHaveLength(total);
    // The JSON pages' order, and each row's mailing address as stored.
    expect(lines.map((line) => line[0])).toEqual(pins);
    const byPin = new Map(rows.map((row) => [row.pin, row]));
    for (const line of lines) {
      const row = byPin.get(line[0]!)!;
      expect([line[15], line[16], line[17]]).toEqual([row.mail_city ?? '', row.mail_state ?? '', row.mail_zip ?? '']);
    }
  });

  it('writes an empty list as a header and a count of 0', async () => {
    const response = await post({ filters: [{ field: 'taxacres', op: '<', value: -1 }] }, { Accept: 'text/csv' });
    expect(response.body.toString('utf8')).toBe(`\uFEFF${QUERY_CSV_COLUMNS.join(',')}\r\n# 0 rows\r\n`);
  });

  it('requires a signed-in user', async () => {
    expect((await app.request('/api/parcels/query', { method: 'POST', body: {} })).status).toBe(401);
    expect((await app.request('/api/parcels/query/fields')).status).toBe(401);
  });
});

describe.skipIf(!existsSync(CAMBRIDGE_FY2014_GEOJSON) || !existsSync(CAMBRIDGE_OVERLAYS_DIR))('attribute queries on the Cambridge import', () => {
  let app: TestApp;
  let token: string;
  let rows: Row[];
  let floodAe: Area[];
  const post = (body: ParcelQueryBody, headers: Record<string, string> = {}) => app.request('/api/parcels/query', { method: 'POST', token, body, headers });

  beforeAll(async () => {
    app = await startTestApp({ seed: false });
    token = await app.identity.sign('user-query-cambridge');
    const collection = JSON.parse(await readFile(CAMBRIDGE_FY2014_GEOJSON, 'utf8')) as { features: unknown[] };
    const file = await writeFixture(await fixtureDir(), 'cambridge-slice.geojson', { type: 'FeatureCollection', features: collection.features.slice(0, 2000) });
    const mapping = (await readBundledMapping('cambridge_fy2014'))!;
    await importParcels(app.db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file, mapping: { ...mapping, join: { ...mapping.join!, file: path.join(CAMBRIDGE_FY2014_DIR, 'TaxFY14.csv') } } });
    const flood = path.join(CAMBRIDGE_OVERLAYS_DIR, 'fema_floodplains_100_year.geojson');
    await importOverlay(app.db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file: flood, name: 'flood-zones', mapping: await readOverlayMapping(path.join(OVERLAY_MAPPINGS_DIR, 'cambridge_flood_zones.json')) });
    const zones = JSON.parse(await readFile(flood, 'utf8')) as { features: { properties: { fld_zone: string }; geometry: Area }[] };
    floodAe = zones.features.filter((feature) => feature.properties.fld_zone === 'AE').map((feature) => feature.geometry);
    rows = await readRows(app);
    await columnsBuilt(app);
  }, 120_000);
  afterAll(() => app.close());

  const value = (row: Row, key: string) => row.attributes?.[key];
  const pinsOf = async (body: ParcelQueryBody) => {
    const response = await post({ ...body, limit: QUERY_MAX_LIMIT });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    const page = parcelQueryResponseSchema.parse(response.json);
    expect(page.total).toBeLessThanOrEqual(QUERY_MAX_LIMIT);
    return { pins: sorted(page.results.map((result) => result.pin)), total: page.total };
  };

  it('lists the attributes under their mapping’s labels, numbers as numbers', async () => {
    const { fields } = queryFieldsResponseSchema.parse((await app.request('/api/parcels/query/fields', { token })).json);
    const byName = new Map(fields.map((field) => [field.field, field]));
    expect(byName.get('TotalAppraisedParcelValue')).toMatchObject({ label: 'Appraised total value', type: 'number' });
    // Year built is text in TaxFY14.csv, every value a number.
    expect(byName.get('AYBYrBuilt')).toMatchObject({ label: 'Year built', type: 'number' });
    expect(byName.get('UseDescription')).toMatchObject({ label: 'Land use' });
    expect(byName.get('BookPage')).toMatchObject({ label: 'Deed book/page', type: 'text' });
    // Cambridge's files have no owner names: no owner fields to offer; the hidden attributes never.
    expect(byName.has('owner_kind')).toBe(false);
    expect(byName.has('LOC_ID')).toBe(false);
  });

  it('filters by attributes: appraised value, year built as a number, land use', async () => {
    const expected = rows
      .filter((row) => Number(value(row, 'TotalAppraisedParcelValue')) >= 2_000_000 && Number(value(row, 'AYBYrBuilt')) > 0 && Number(value(row, 'AYBYrBuilt')) < 1900 && value(row, 'UseDescription') !== 'CONDOMINIUM')
      .map((row) => row.pin);
    expect(expected.length).toBeGreaterThan(0);
    const { pins, total } = await pinsOf({
      filters: [
        { field: 'TotalAppraisedParcelValue', op: '>=', value: 2_000_000 },
        { field: 'AYBYrBuilt', op: 'between', value: [1, 1899] },
        { field: 'UseDescription', op: '!=', value: 'condominium' },
      ],
    });
    expect(total).toBe(expected.length);
    expect(pins).toEqual(sorted(expected));
  });

  it('finds the parcels in flood zone AE of the city’s flood map, and writes them with their attributes', async () => {
    const { pins } = await pinsOf({ overlay: { name: 'flood-zones', where: { fld_zone: 'AE' } } });
    expect(pins.length).toBeGreaterThan(0);
    // Exactly for the parcels found; for the others, none of their corners in a zone (turf's exact test
    // of every parcel against the river's 4,700-position zone takes minutes).
    const byPin = new Map(rows.map((row) => [row.pin, row]));
    for (const pin of pins) expect(floodAe.some((zone) => turf.booleanIntersects(byPin.get(pin)!.geometry, zone)), pin).toBe(true);
    const found = new Set(pins);
    const cornerInZone = (row: Row) => turf.coordAll(row.geometry).some((corner) => floodAe.some((zone) => turf.booleanPointInPolygon(corner, zone)));
    expect(rows.filter((row) => !found.has(row.pin) && cornerInZone(row)).map((row) => row.pin)).toEqual([]);

    const csv = parseCsvRecords((await post({ overlay: { name: 'flood-zones', where: { fld_zone: 'AE' } }, sort: 'TotalAppraisedParcelValue', dir: 'desc' }, { Accept: 'text/csv' })).body.toString('utf8').slice(1));
    const [header, ...lines] = csv;
    expect(header).toEqual(expect.arrayContaining(['Land use', 'Appraised total value', 'Year built', 'Occupancy']));
    expect(lines.pop()).toEqual([`# ${pins.length} rows`]);
    const at = header!.indexOf('Appraised total value');
    const values = lines.map((line) => Number(line[at] || -1));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const first = rows.find((row) => row.pin === lines[0]![0])!;
    expect(lines[0]![header!.indexOf('Land use')]).toBe(String(value(first, 'UseDescription')));
  });
});

describe('an attribute of few values (read through the attributes index)', () => {
  let app: TestApp;
  let token: string;
  let rows: Row[];

  beforeAll(async () => {
    app = await startTestApp();
    token = await app.identity.sign('user-soil');
    // Before any query reads the field catalogue: a soil in two spellings of case, a number stored as one and as text, and none.
    await app.db.query(`UPDATE parcels SET attributes = CASE fid % 100 WHEN 0 THEN '{"SOIL": "Loam"}' WHEN 1 THEN '{"SOIL": "LOAM"}' WHEN 2 THEN '{"SOIL": 7}'
      WHEN 3 THEN '{"SOIL": "7"}' END::jsonb`);
    await app.db.query(`UPDATE datasets SET attribute_fields = '[{"key": "SOIL", "label": "Soil"}]' WHERE is_current`);
    rows = await readRows(app);
    await columnsBuilt(app);
  });
  afterAll(() => app.close());

  const pinsOf = async (filter: QueryFilter) => {
    const response = await app.request('/api/parcels/query', { method: 'POST', token, body: { filters: [filter], limit: QUERY_MAX_LIMIT } });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    const page = parcelQueryResponseSchema.parse(response.json);
    return { pins: sorted(page.results.map((result) => result.pin)), total: page.total };
  };
  const expected = (asked: string[]) => sorted(rows.filter((row) => row.attributes?.SOIL !== undefined && asked.includes(String(row.attributes.SOIL).toLowerCase())).map((row) => row.pin));

  it('is a field of few values', async () => {
    const { fields } = queryFieldsResponseSchema.parse((await app.request('/api/parcels/query/fields', { token })).json);
    expect(fields.find((field) => field.field === 'SOIL')).toMatchObject({ type: 'enum', values: ['7', 'LOAM', 'Loam'] });
  });

  it('finds its values in any case, numbers stored either way, with the exact total', async () => {
    const loam = await pinsOf({ field: 'SOIL', op: '=', value: 'loam' });
    expect(loam.pins.length).toBeGreaterThan(0);
    expect(loam).toEqual({ pins: expected(['loam']), total: expected(['loam']).length });
    const either = await pinsOf({ field: 'SOIL', op: 'in', value: ['7', 'LoAm', 'clay'] });
    expect(either).toEqual({ pins: expected(['7', 'loam']), total: expected(['7', 'loam']).length });
    expect(either.total).toBeGreaterThan(loam.total);
  });
});
