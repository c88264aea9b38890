// The whole Cambridge, MA FY2014 parcel file with its assessor join (../shared/data, ODC PDDL 1.0),
// as GeoJSON and as a GeoPackage in Massachusetts State Plane made from it here by ogr2ogr: every
// feature with a usable, unique PIN is imported, the outlines that cross themselves repaired.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@parcel-map/database';
import { openTestDb } from '@parcel-map/database/testing';
import type { ImportReport } from '@parcel-map/shared/contracts';
import { parcelByPin, parcelCount } from '../testing/readBack.ts';
import { readImportMapping, type ImportMapping } from './importMapping.ts';
import { importParcels } from './importParcels.ts';
import { CAMBRIDGE_FY2014_DIR as DATA, CAMBRIDGE_FY2014_GEOJSON as GEOJSON, CAMBRIDGE_SELF_INTERSECTING_PINS as SELF_INTERSECTING, fixtureDir } from './testing/importFixtures.ts';
import { DEFAULT_IMPORT_FILE_LIMITS } from './importFileLimits.ts';

const MAPPING = path.resolve(import.meta.dirname, '../../mappings/cambridge_fy2014.json');
/** 13,116 features, of which 63 carry no usable ML and 21 repeat one (6 of those are the right-of-way's and the railway's, kept). */
const FEATURES = 13_116;
const USABLE_UNIQUE_PINS = 13_030;

describe.skipIf(!existsSync(GEOJSON))('the whole Cambridge FY2014 file', () => {
  let db: Db;
  let mapping: ImportMapping;
  beforeAll(async () => {
    db = await openTestDb();
    const bundled = await readImportMapping(MAPPING);
    mapping = { ...bundled, join: { ...bundled.join!, file: path.join(DATA, 'TaxFY14.csv') } };
  });
  afterAll(() => db.close());

  async function expectEveryUsablePin(report: ImportReport) {
    expect(report.refusal).toBeNull();
    expect(report.features).toBe(FEATURES);
    expect(report.imported).toBeGreaterThanOrEqual(USABLE_UNIQUE_PINS);
    expect(report.rejectedByReason).toMatchObject({ 'no PIN': 63, 'duplicate PIN': 15, 'invalid PIN': 0 });
    // What is left is an outline with no area at all (a ring through two points).
    expect(report.rejections.filter((row) => row.reason === 'bad geometry')).toEqual([
      { feature: 1896, pin: '238-80', reason: 'bad geometry', detail: 'ring with 3 positions (at least 4 needed); no area is left once repaired' },
    ]);
    expect(report.repaired).toBeGreaterThanOrEqual(SELF_INTERSECTING.length);
    await expectPlaceholdersMissing(report);
    await expectNonParcelsKept(report);
    expect(await parcelCount(db)).toBe(report.imported);
    for (const pin of SELF_INTERSECTING) {
      const parcel = await parcelByPin(db, pin);
      expect(parcel, pin).toBeDefined();
      expect(['Polygon', 'MultiPolygon'], pin).toContain(parcel!.geometry.type);
    }
  }

  /**
   * The city's right-of-way (133.87 acres under every street, in six features sharing the PIN "ROAD")
   * and the railway, by the bundled mapping's PIN rules: kept and stored as what they are, the later
   * features of a PIN under PINs of their own. The four big "ROAD" polygons enclose thousands of lots
   * between their holes, which the spatial rule reports.
   */
  async function expectNonParcelsKept(report: ImportReport) {
    expect(report.nonParcels).toEqual([
      { feature: 2018, pin: 'ROAD', kind: 'road' },
      { feature: 3222, pin: '--RR', kind: 'rail' },
      { feature: 4384, pin: 'ROAD', kind: 'road', storedPin: 'ROAD_2' },
      { feature: 4408, pin: 'ROAD', kind: 'road', storedPin: 'ROAD_3' },
      { feature: 5305, pin: 'ROAD', kind: 'road', storedPin: 'ROAD_4' },
      { feature: 6786, pin: 'ROAD', kind: 'road', storedPin: 'ROAD_5' },
      { feature: 8034, pin: 'ROAD', kind: 'road', storedPin: 'ROAD_6' },
      { feature: 8276, pin: 'RR', kind: 'rail' },
      { feature: 11042, pin: 'RR', kind: 'rail', storedPin: 'RR_2' },
    ]);
    expect(report.outsized.map(({ pin, kind }) => ({ pin, kind }))).toEqual([
      { pin: 'ROAD', kind: 'road' },
      { pin: 'ROAD_3', kind: 'road' },
      { pin: 'ROAD_4', kind: 'road' },
      { pin: 'ROAD_5', kind: 'road' },
    ]);
    expect(report.outsized.every((row) => row.covers > 500)).toBe(true);
    const { rows } = await db.query<{ pin: string; kind: string }>("SELECT pin, kind FROM parcels WHERE kind <> 'parcel' ORDER BY pin");
    expect(rows).toEqual([
      { pin: '--RR', kind: 'rail' },
      ...['ROAD', 'ROAD_2', 'ROAD_3', 'ROAD_4', 'ROAD_5', 'ROAD_6'].map((pin) => ({ pin, kind: 'road' })),
      { pin: 'RR', kind: 'rail' },
      { pin: 'RR_2', kind: 'rail' },
    ]);
  }

  /** The assessor table's "no sale" (1/1/1900 and older), "no deed" ("/", "  0000/  00") and "no year" (0), counted and left empty. */
  async function expectPlaceholdersMissing(report: ImportReport) {
    expect(report.placeholders).toEqual([
      { field: 'SaleDate', count: 1047, examples: ['1/1/1900', '3/13/1899', '7/18/1888', '6/26/1841'] },
      { field: 'BookPage', count: 1042, examples: ['/', '  0000/  00', '   ---'] },
      { field: 'AYBYrBuilt', count: 609, examples: ['0'] },
      { field: 'MAP', count: 5, examples: ['-'] },
      { field: 'LOT', count: 2, examples: ['000', '-'] },
    ]);
    // 32 First St, a vacant city lot: none of the three is a fact about it.
    const vacant = await parcelByPin(db, '8-50');
    expect(vacant).toMatchObject({ add1: '32 FIRST ST', sale_date: null });
    expect(vacant!.attributes).not.toHaveProperty('BookPage');
    expect(vacant!.attributes).not.toHaveProperty('AYBYrBuilt');
    expect(vacant!.attributes).toMatchObject({ UseDescription: 'Vacant City', TotalAppraisedImprovements: 0 });
    expect(await parcelByPin(db, '7-31')).toMatchObject({ sale_date: '1996-08-20', attributes: { BookPage: '26596/  61', AYBYrBuilt: '2002' } });
  }

  it('imports it as GeoJSON, repairing the outlines that cross themselves', async () => {
    const report = await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file: GEOJSON, mapping });
    expect(report).toMatchObject({ format: 'geojson', crs: 'WGS84 lon/lat', dataset: { name: 'cambridge-ma', version: 1 } });
    await expectEveryUsablePin(report);
  }, 120_000);

  it('imports the same parcels from a State Plane GeoPackage, reprojected', async () => {
    const gpkg = path.join(await fixtureDir(), 'cambridge-2249.gpkg');
    execFileSync('ogr2ogr', ['-f', 'GPKG', '-t_srs', 'EPSG:2249', gpkg, GEOJSON], { stdio: 'pipe' });

    const report = await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file: gpkg, mapping });

    expect(report).toMatchObject({ format: 'geopackage', crs: 'NAD83 / Massachusetts Mainland (ftUS)', dataset: { name: 'cambridge-ma', version: 2 } });
    await expectEveryUsablePin(report);
    const parcel = await parcelByPin(db, '127-123');
    expect(parcel!.centroid_lon).toBeCloseTo(-71.1113, 3);
    expect(parcel!.centroid_lat).toBeCloseTo(42.3629, 3);
  });
});
