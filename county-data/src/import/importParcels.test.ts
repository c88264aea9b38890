import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '@parcel-map/database';
import { areaAcres } from '../geometry/parcelGeometry.ts';
import { removeDataset } from '../publish/datasetVersions.ts';
import { openTestDb } from '@parcel-map/database/testing';
import { currentDataset, parcelByPin, parcelCount } from '../testing/readBack.ts';
import { defaultMapping, parseImportMapping, type ImportMappingInput } from './importMapping.ts';
import { importParcels, publishImport, validateImport } from './importParcels.ts';
import { featureCollection, fixtureDir, squarePolygon, squareRing, writeFixture } from './testing/importFixtures.ts';
import { DEFAULT_IMPORT_FILE_LIMITS } from './importFileLimits.ts';

const LON = -80.9;
const LAT = 35.6;
const SIZE = 0.001;

const countyMapping: ImportMappingInput = {
  dataset: { sourceName: 'Test County GIS', licence: 'CC0 1.0', asOf: '2024-06-30' },
  fields: {
    PIN: 'PARCEL_ID',
    owner: 'OWNER_NAME',
    ADD1: 'SITE_ADDR',
    CITY: { const: 'STATESVILLE' },
    STATE: { const: 'NC' },
    ZIP: 'ZIP',
    TaxAcres: { from: 'LAND_SQFT', divide: 43560 },
    township: 'TWP',
    zoning: 'ZONE',
    saleDate: { from: 'SALE_DT', date: 'M/D/YYYY' },
    salePrice: 'SALE_AMT',
  },
  join: { file: 'sales.csv', featureKey: 'PARCEL_ID', csvKey: 'PARCEL_ID', pick: 'latest', latestBy: 'SALE_DT' },
};

const badRowsMapping = parseImportMapping({ dataset: { sourceName: 'bad rows', licence: 'none' }, fields: { PIN: 'PIN' } });

/** Rows with every kind of problem: PINs, geometry types, and outlines that are broken but there. */
async function badRowsFile(): Promise<string> {
  const bowTie = { type: 'Polygon' as const, coordinates: [[[LON, LAT], [LON + SIZE, LAT + SIZE], [LON + SIZE, LAT], [LON, LAT + SIZE], [LON, LAT]]] };
  const dot = [[LON, LAT], [LON, LAT], [LON, LAT], [LON, LAT]];
  return writeFixture(await fixtureDir(), 'parcels.geojson', featureCollection([
    { properties: { PIN: 'OK-1' }, geometry: squarePolygon(LON, LAT, SIZE) },
    { properties: { PIN: '' }, geometry: squarePolygon(LON, LAT + SIZE, SIZE) },
    { properties: { PIN: '---' }, geometry: squarePolygon(LON, LAT + 2 * SIZE, SIZE) },
    { properties: { PIN: 'OK-1' }, geometry: squarePolygon(LON, LAT + 3 * SIZE, SIZE) },
    { properties: { PIN: '12 34/5' }, geometry: squarePolygon(LON, LAT + 4 * SIZE, SIZE) },
    { properties: { PIN: 'PT-1' }, geometry: { type: 'Point', coordinates: [LON, LAT] } },
    { properties: { PIN: 'BOW-1' }, geometry: bowTie },
    { properties: { PIN: 'OPEN-1' }, geometry: { type: 'Polygon', coordinates: [[[LON, LAT], [LON + SIZE, LAT], [LON + SIZE, LAT + SIZE], [LON, LAT + SIZE]]] } },
    { properties: { PIN: 'DOT-1' }, geometry: { type: 'MultiPolygon', coordinates: [[squareRing(LON, LAT, SIZE)], [dot]] } },
    { properties: { PIN: 'FLAT-1' }, geometry: { type: 'Polygon', coordinates: [[[LON, LAT], [LON + SIZE, LAT], [LON + 2 * SIZE, LAT], [LON, LAT]]] } },
    { properties: { PIN: 'NULL-1' }, geometry: null },
    { properties: { PIN: 'OK-2' }, geometry: { type: 'MultiPolygon', coordinates: [[squareRing(LON + 5 * SIZE, LAT, SIZE)]] } },
  ]));
}

describe('importParcels', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  it('imports a GeoJSON file through a mapping: fields, constants, transforms, the CSV join and the data set', async () => {
    const dir = await fixtureDir();
    const file = await writeFixture(dir, 'parcels.geojson', featureCollection([
      { properties: { PARCEL_ID: 'A-1', OWNER_NAME: 'SMITH JOHN', ZIP: 28677, TWP: 'Bethany', ZONE: 'R-20' }, geometry: squarePolygon(LON, LAT, SIZE) },
      { properties: { PARCEL_ID: 'A-2', OWNER_NAME: 'DOE JANE', ZIP: '28625' }, geometry: squarePolygon(LON + SIZE, LAT, SIZE) },
    ]));
    // Two sale rows for A-1: the later sale wins; A-2 has no land area, so TaxAcres comes from its outline.
    await writeFixture(dir, 'sales.csv', [
      'PARCEL_ID,SITE_ADDR,LAND_SQFT,SALE_DT,SALE_AMT',
      'A-1,"12 OAK ST, UNIT 1",87120,3/4/2010,"$150,000"',
      'A-1,"12 OAK ST, UNIT 2",87120,11/30/2019,245000',
      'A-2,14 OAK ST,,,',
    ].join('\r\n'));

    const report = await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'county', file, mapping: parseImportMapping(countyMapping) });

    expect(report).toMatchObject({ features: 2, imported: 2, rejected: 0, format: 'geojson', crs: 'WGS84 lon/lat' });
    expect(report.join).toMatchObject({ matched: 2, unmatched: 0, keysWithSeveralRows: 1 });
    expect(report.taxAcres).toEqual({ fromMapping: 1, computedFromGeometry: 1 });
    expect(await parcelByPin(db, 'A-1')).toMatchObject({
      pin: 'A-1', owner: 'SMITH JOHN', add1: '12 OAK ST, UNIT 2', city: 'STATESVILLE', state: 'NC', zip: '28677',
      taxacres: 2, township: 'Bethany', zoning: 'R-20', sale_date: '2019-11-30', sales_price: 245000,
    });
    const a2 = await parcelByPin(db, 'A-2');
    expect(a2).toMatchObject({ add1: '14 OAK ST', sale_date: null, sales_price: null });
    expect(a2?.taxacres).toBe(areaAcres(squarePolygon(LON + SIZE, LAT, SIZE) as never));
    expect(a2?.taxacres).toBeGreaterThan(2);
    expect(await currentDataset(db, 'county')).toMatchObject({
      id: report.dataset.id, source_name: 'Test County GIS', licence: 'CC0 1.0', as_of: '2024-06-30', parcel_count: 2,
    });
  });

  it("maps the owner's mailing address by default under its own names, and keeps the other properties as attributes", async () => {
    const dir = await fixtureDir();
    const file = await writeFixture(dir, 'mailing.geojson', featureCollection([
      {
        properties: { PIN: 'M-1', owner: 'LAKE LLC', mail_add1: 'PO BOX 12', mail_city: 'RALEIGH', mail_state: 'NC', mail_zip: '27609', DEED_BOOK: '1234', LAND_VALUE: 90000 },
        geometry: squarePolygon(LON, LAT + 2 * SIZE, SIZE),
      },
    ]));
    await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'mailing', file, mapping: defaultMapping('Mailing test') });
    expect(await parcelByPin(db, 'M-1')).toMatchObject({
      owner: 'LAKE LLC', mail_add1: 'PO BOX 12', mail_city: 'RALEIGH', mail_state: 'NC', mail_zip: '27609',
      attributes: { DEED_BOOK: '1234', LAND_VALUE: 90000 },
    });
    // The other tests count the parcels served.
    await removeDataset(db, 'mailing');
  });

  it('stores the values that mean "unknown" as missing and counts them per source field, with the mapping\'s own', async () => {
    const dir = await fixtureDir();
    const file = await writeFixture(dir, 'placeholders.geojson', featureCollection([
      {
        properties: { PARCEL_ID: 'U-1', OWNER_NAME: 'N/A', SITE_ADDR: '  -  ', ZONE: 'NONE', TWP: 'UNKNOWN', SALE_DT: '1/1/1900', SALE_AMT: '0', DEED: '/', YR_BUILT: 0, STYLE: '0000', VALUE: '-1', CONDITION: 'unknown' },
        geometry: squarePolygon(LON, LAT + 3 * SIZE, SIZE),
      },
      // The same fields with real values, a lone 0 among them, are kept as they are.
      {
        properties: { PARCEL_ID: 'U-2', OWNER_NAME: 'NONE SUCH LLC', SITE_ADDR: '2 ELM ST', ZONE: 'R-1', TWP: 'Bethany', SALE_DT: '1/2/1901', SALE_AMT: '0', DEED: '1234/56', YR_BUILT: 1873, STYLE: 'RANCH', VALUE: '-2', CONDITION: 'good', STORIES: 0 },
        geometry: squarePolygon(LON + SIZE, LAT + 3 * SIZE, SIZE),
      },
    ]));
    const mapping = parseImportMapping({
      ...countyMapping,
      join: undefined,
      fields: { ...countyMapping.fields, CITY: 'CITY' },
      nullValues: { '*': ['unknown'], value: ['-1'] },
    });

    const report = await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'placeholders', file, mapping });

    expect(report).toMatchObject({ imported: 2, warnings: [] });
    expect(report.placeholders).toEqual([
      { field: 'SALE_DT', count: 1, examples: ['1/1/1900'] },
      { field: 'SALE_AMT', count: 1, examples: ['0'] },
      { field: 'OWNER_NAME', count: 1, examples: ['N/A'] },
      { field: 'SITE_ADDR', count: 1, examples: ['  -  '] },
      { field: 'TWP', count: 1, examples: ['UNKNOWN'] },
      { field: 'ZONE', count: 1, examples: ['NONE'] },
      { field: 'DEED', count: 1, examples: ['/'] },
      { field: 'YR_BUILT', count: 1, examples: ['0'] },
      { field: 'STYLE', count: 1, examples: ['0000'] },
      { field: 'VALUE', count: 1, examples: ['-1'] },
      { field: 'CONDITION', count: 1, examples: ['unknown'] },
    ]);
    expect(await parcelByPin(db, 'U-1')).toMatchObject({ owner: null, add1: null, township: null, zoning: null, sale_date: null, sales_price: null, attributes: null });
    expect(await parcelByPin(db, 'U-2')).toMatchObject({
      owner: 'NONE SUCH LLC', add1: '2 ELM ST', township: 'Bethany', zoning: 'R-1', sale_date: '1901-01-02', sales_price: 0,
      attributes: { DEED: '1234/56', YR_BUILT: 1873, STYLE: 'RANCH', VALUE: '-2', CONDITION: 'good', STORIES: 0 },
    });
    await removeDataset(db, 'placeholders');
  });

  it("lists the features the mapping's rules call roads, water or rail, by whole PIN or by a field's values, and imports them", async () => {
    const file = await writeFixture(await fixtureDir(), 'not-parcels.geojson', featureCollection([
      { properties: { PIN: 'ROAD', USE: '101' }, geometry: squarePolygon(LON, LAT, SIZE) },
      { properties: { PIN: 'BROADWAY-1', USE: '101' }, geometry: squarePolygon(LON + SIZE, LAT, SIZE) },
      { properties: { PIN: 'W-7', USE: ' 9400 ' }, geometry: squarePolygon(LON + 2 * SIZE, LAT, SIZE) },
      { properties: { PIN: '--rr', USE: '101' }, geometry: squarePolygon(LON + 3 * SIZE, LAT, SIZE) },
    ]));
    const mapping = parseImportMapping({
      dataset: { sourceName: 'rules', licence: 'none' },
      fields: { PIN: 'PIN' },
      nonParcels: [{ kind: 'road', pin: 'ROAD' }, { kind: 'rail', pin: '-*RR' }, { kind: 'water', field: 'use', values: ['9400'] }],
    });
    const report = await importParcels(null, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'rules', file, dryRun: true, mapping });
    expect(report).toMatchObject({ imported: 4, rejected: 0 });
    expect(report.nonParcels).toEqual([
      { feature: 1, pin: 'ROAD', kind: 'road' },
      { feature: 3, pin: 'W-7', kind: 'water' },
      { feature: 4, pin: '--rr', kind: 'rail' },
    ]);
    const rule = (nonParcels: unknown) => () => parseImportMapping({ dataset: { sourceName: 'rules', licence: 'none' }, fields: { PIN: 'PIN' }, nonParcels });
    expect(rule([{ kind: 'road', pin: '(' }])).toThrow('"pin" is not a regular expression');
    expect(rule([{ kind: 'water', field: 'USE' }])).toThrow('give either "pin", or "field" with "values"');
    expect(rule([{ kind: 'parcel', pin: 'X' }])).toThrow();
  });

  it('keeps every feature of a non-parcel PIN and stores each feature\'s kind, with the outsized polygons the mapping names', async () => {
    // A block of 5 × 5 lots inside a right-of-way drawn as one polygon around it, the block its hole.
    const lots = Array.from({ length: 25 }, (_, i) => ({ properties: { PIN: `L-${i}` }, geometry: squarePolygon(LON + (i % 5) * SIZE, LAT + Math.floor(i / 5) * SIZE, SIZE) }));
    const rightOfWay = { type: 'Polygon' as const, coordinates: [squareRing(LON - SIZE, LAT - SIZE, 7 * SIZE), squareRing(LON, LAT, 5 * SIZE).reverse()] };
    const file = await writeFixture(await fixtureDir(), 'rights-of-way.geojson', featureCollection([
      ...lots,
      { properties: { PIN: 'RW-1' }, geometry: rightOfWay },
      { properties: { PIN: 'ROAD' }, geometry: squarePolygon(LON + 8 * SIZE, LAT, SIZE) },
      { properties: { PIN: 'ROAD' }, geometry: squarePolygon(LON + 9 * SIZE, LAT, SIZE) },
      { properties: { PIN: 'L-0' }, geometry: squarePolygon(LON + 10 * SIZE, LAT, SIZE) },
    ]));
    const input = { dataset: { sourceName: 'rights of way', licence: 'none' }, fields: { PIN: 'PIN' }, nonParcels: [{ kind: 'road', pin: 'ROAD' }] };
    const kinds = async () => (await db.query<{ pin: string; kind: string }>("SELECT pin, kind FROM parcels WHERE kind <> 'parcel' ORDER BY pin")).rows;

    // Reported, but a parcel still, until the mapping says what such polygons are.
    const reported = await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'ways', file, mapping: parseImportMapping(input) });
    expect(reported).toMatchObject({ imported: 28, rejected: 1, rejections: [{ feature: 29, pin: 'L-0', reason: 'duplicate PIN' }] });
    expect(reported.nonParcels).toEqual([
      { feature: 27, pin: 'ROAD', kind: 'road' },
      { feature: 28, pin: 'ROAD', kind: 'road', storedPin: 'ROAD_2' },
    ]);
    expect(reported.outsized).toEqual([{ feature: 26, pin: 'RW-1', covers: 25, kind: null }]);
    expect(await kinds()).toEqual([{ pin: 'ROAD', kind: 'road' }, { pin: 'ROAD_2', kind: 'road' }]);

    const named = parseImportMapping({ ...input, outsized: { kind: 'right-of-way' } });
    const streamed = await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'ways', file, mapping: named });
    expect(streamed.outsized).toEqual([{ feature: 26, pin: 'RW-1', covers: 25, kind: 'right-of-way' }]);
    expect(streamed.nonParcels.map(({ pin, kind }) => [pin, kind])).toEqual([['RW-1', 'right-of-way'], ['ROAD', 'road'], ['ROAD', 'road']]);
    expect(await kinds()).toEqual([{ pin: 'ROAD', kind: 'road' }, { pin: 'ROAD_2', kind: 'road' }, { pin: 'RW-1', kind: 'right-of-way' }]);

    // Validated first and published after (the Data page's way): the same.
    await publishImport(db, await validateImport(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'ways', file, mapping: named }));
    expect(await currentDataset(db, 'ways')).toMatchObject({ version: 3 });
    expect(await kinds()).toEqual([{ pin: 'ROAD', kind: 'road' }, { pin: 'ROAD_2', kind: 'road' }, { pin: 'RW-1', kind: 'right-of-way' }]);
    expect(parseImportMapping({ ...input, outsized: { minCovered: 5 } }).outsized).toEqual({ minCovered: 5 });
    expect(() => parseImportMapping({ ...input, outsized: { kind: 'parcel' } })).toThrow();
    await removeDataset(db, 'ways');
  });

  it('repairs broken outlines with GDAL, counts them, and lists every row it cannot use with its reason', async () => {
    const report = await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'county', file: await badRowsFile(), maxRejectedShare: 1, mapping: badRowsMapping });

    expect(report.refusal).toBeNull();
    expect(report.imported + report.rejected).toBe(report.features);
    expect(report.imported).toBe(5);
    expect(report.repaired).toBe(3);
    expect(report.rejectedByReason).toEqual({ 'no PIN': 2, 'invalid PIN': 1, 'duplicate PIN': 1, 'bad geometry': 3, 'PIN in another data set': 0 });
    expect(report.rejections).toEqual([
      { feature: 2, pin: null, reason: 'no PIN', detail: 'the PIN field is empty or missing' },
      { feature: 3, pin: '---', reason: 'no PIN', detail: 'placeholder PIN "---" has no letter or digit' },
      { feature: 4, pin: 'OK-1', reason: 'duplicate PIN', detail: 'PIN already imported from feature 1' },
      { feature: 5, pin: '12 34/5', reason: 'invalid PIN', detail: 'pin may contain only letters, digits, ".", "_" and "-"' },
      { feature: 6, pin: 'PT-1', reason: 'bad geometry', detail: 'Point is not a Polygon or MultiPolygon' },
      { feature: 10, pin: 'FLAT-1', reason: 'bad geometry', detail: 'zero area; no area is left once repaired' },
      { feature: 11, pin: 'NULL-1', reason: 'bad geometry', detail: 'no geometry' },
    ]);
    // The bow-tie keeps both its triangles, each half the square.
    const bowTie = await parcelByPin(db, 'BOW-1');
    expect(bowTie?.geometry.type).toBe('MultiPolygon');
    expect(bowTie?.taxacres).toBeCloseTo(areaAcres(squarePolygon(LON, LAT, SIZE) as never) / 2, 2);
    expect(await parcelByPin(db, 'OPEN-1')).toMatchObject({ geometry: { type: 'Polygon' } });
    // The single-position part is left out, the square kept.
    expect((await parcelByPin(db, 'DOT-1'))?.taxacres).toBeCloseTo(areaAcres(squarePolygon(LON, LAT, SIZE) as never), 3);
    // The first OK-1 is the one kept.
    const kept = await parcelByPin(db, 'OK-1');
    expect(kept?.centroid_lat).toBeCloseTo(LAT + SIZE / 2, 6);
    expect(await parcelCount(db)).toBe(5);
  });

  it('without GDAL on the PATH, refuses broken outlines with the reason and what would repair them', async () => {
    vi.stubEnv('PATH', await fixtureDir());
    try {
      const report = await importParcels(null, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'county', file: await badRowsFile(), maxRejectedShare: 1, dryRun: true, mapping: badRowsMapping });
      expect(report.repaired).toBe(0);
      expect(report.imported).toBe(2);
      const notRepaired = '(not repaired: GDAL\'s ogr2ogr is not installed, package gdal-bin)';
      expect(report.rejections.filter((row) => row.reason === 'bad geometry')).toEqual([
        { feature: 6, pin: 'PT-1', reason: 'bad geometry', detail: 'Point is not a Polygon or MultiPolygon' },
        { feature: 7, pin: 'BOW-1', reason: 'bad geometry', detail: expect.stringMatching(/^self-intersection near -80\.89950\d, 35\.60050\d /) },
        { feature: 8, pin: 'OPEN-1', reason: 'bad geometry', detail: `ring not closed ${notRepaired}` },
        { feature: 9, pin: 'DOT-1', reason: 'bad geometry', detail: `ring with 1 positions (at least 4 needed) ${notRepaired}` },
        { feature: 10, pin: 'FLAT-1', reason: 'bad geometry', detail: `zero area ${notRepaired}` },
        { feature: 11, pin: 'NULL-1', reason: 'bad geometry', detail: 'no geometry' },
      ]);
      expect(report.rejections.find((row) => row.pin === 'BOW-1')!.detail).toContain(notRepaired);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('leaves the database untouched on a dry run', async () => {
    const before = await currentDataset(db, 'county');
    const dir = await fixtureDir();
    const file = await writeFixture(dir, 'parcels.geojson', featureCollection([{ properties: { PIN: 'DRY-1' }, geometry: squarePolygon(LON, LAT, SIZE) }]));
    const report = await importParcels(null, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'county', file, dryRun: true, mapping: parseImportMapping({ dataset: { sourceName: 'dry', licence: 'none' }, fields: { PIN: 'PIN' } }) });
    expect(report).toMatchObject({ imported: 1, dryRun: true, dataset: { id: null } });
    expect(await currentDataset(db, 'county')).toEqual(before);
    expect(await parcelByPin(db, 'DRY-1')).toBeUndefined();
  });
});

describe('an import that would lose the county publishes nothing', () => {
  let db: Db;
  let before: { dataset: Awaited<ReturnType<typeof currentDataset>>; parcels: number };
  beforeAll(async () => {
    db = await openTestDb();
    const dir = await fixtureDir();
    const good = Array.from({ length: 20 }, (_, i) => ({ properties: { PIN: `KEEP-${i}` }, geometry: squarePolygon(LON + i * SIZE, LAT, SIZE) }));
    const file = await writeFixture(dir, 'county.geojson', featureCollection(good));
    await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'county', file, mapping: parseImportMapping({ dataset: { sourceName: 'the county', licence: 'none' }, fields: { PIN: 'PIN' } }) });
    before = { dataset: await currentDataset(db, 'county'), parcels: await parcelCount(db) };
  });
  afterAll(() => db.close());

  const unchanged = async () => expect({ dataset: await currentDataset(db, 'county'), parcels: await parcelCount(db) }).toEqual(before);
  const mapping = parseImportMapping({ dataset: { sourceName: 'replacement', licence: 'none' }, fields: { PIN: 'PIN' } });

  it('refuses an empty file', async () => {
    const file = await writeFixture(await fixtureDir(), 'empty.geojson', featureCollection([]));
    const report = await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'county', file, mapping });
    expect(report).toMatchObject({ imported: 0, refusal: 'the file holds no features', dataset: { id: null } });
    await unchanged();
  });

  it('refuses a file whose PIN column has another name', async () => {
    const features = Array.from({ length: 5 }, (_, i) => ({ properties: { PARCEL_ID: `P-${i}` }, geometry: squarePolygon(LON + i * SIZE, LAT, SIZE) }));
    const report = await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'county', file: await writeFixture(await fixtureDir(), 'renamed.geojson', featureCollection(features)), mapping });
    expect(report).toMatchObject({ imported: 0, rejected: 5, refusal: 'none of its 5 features is a valid parcel', dataset: { id: null } });
    await unchanged();
  });

  it('refuses projected coordinates without their CRS (every outline outside lon/lat)', async () => {
    const feet = (x: number) => ({ type: 'Polygon' as const, coordinates: [[[x, 600_000], [x + 100, 600_000], [x + 100, 600_100], [x, 600_100], [x, 600_000]]] });
    const features = Array.from({ length: 4 }, (_, i) => ({ properties: { PIN: `FT-${i}` }, geometry: feet(1_400_000 + i * 100) }));
    const report = await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'county', file: await writeFixture(await fixtureDir(), 'feet.geojson', featureCollection(features)), mapping });
    expect(report.refusal).toBe('none of its 4 features is a valid parcel');
    expect(report.rejectedByReason['bad geometry']).toBe(4);
    await unchanged();
  });

  it('refuses more than 5 % rejected by default, and publishes when --max-rejected allows it', async () => {
    const features = Array.from({ length: 10 }, (_, i) => ({ properties: { PIN: i === 0 ? '' : `NEW-${i}` }, geometry: squarePolygon(LON + i * SIZE, LAT, SIZE) }));
    const file = await writeFixture(await fixtureDir(), 'tenth-bad.geojson', featureCollection(features));
    const refused = await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'county', file, mapping });
    expect(refused.refusal).toBe('1 of 10 features rejected (10 %), more than the 5 % allowed (--max-rejected)');
    await unchanged();

    const allowed = await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'county', file, mapping, maxRejectedShare: 0.2 });
    expect(allowed).toMatchObject({ refusal: null, imported: 9, rejected: 1 });
    expect(await currentDataset(db, 'county')).toMatchObject({ id: allowed.dataset.id, source_name: 'replacement', parcel_count: 9 });
  });
});
