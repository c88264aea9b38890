// The importer on real data: the first 200 features of Cambridge, MA's FY2014 parcels with the
// assessor table joined on ML, through the committed mapping (../shared/data, ODC PDDL 1.0).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@parcel-map/database';
import { currentDataset, parcelByPin } from '../testing/readBack.ts';
import { openTestDb } from '@parcel-map/database/testing';
import { parseCsv } from './csvTable.ts';
import { readImportMapping } from './importMapping.ts';
import { importParcels } from './importParcels.ts';
import { fixtureDir, writeFixture } from './testing/importFixtures.ts';
import { DEFAULT_IMPORT_FILE_LIMITS } from './importFileLimits.ts';

const DATA = path.resolve(import.meta.dirname, '../../../../shared/data/cambridge_ma_parcels_fy2014');
const GEOJSON = path.join(DATA, 'ASSESSING_ParcelsFY2014.converted.geojson');
const CSV = path.join(DATA, 'TaxFY14.csv');
const MAPPING = path.resolve(import.meta.dirname, '../../mappings/cambridge_fy2014.json');
const SLICE = 200;

describe.skipIf(!existsSync(GEOJSON))('Cambridge FY2014 slice', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  it('imports 200 real parcels with the TaxFY14 join and accounts for every feature', async () => {
    const collection = JSON.parse(await readFile(GEOJSON, 'utf8')) as { features: { properties: { ML?: string } }[] };
    const dir = await fixtureDir();
    const file = await writeFixture(dir, 'cambridge-slice.geojson', { type: 'FeatureCollection', features: collection.features.slice(0, SLICE) });
    const mapping = await readImportMapping(MAPPING);

    const report = await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file, mapping: { ...mapping, join: { ...mapping.join!, file: CSV } } });

    expect(report.features).toBe(SLICE);
    expect(report.imported + report.rejected).toBe(SLICE);
    expect(report.imported).toBeGreaterThan(190);
    expect(report.join!.matched).toBeGreaterThan(190);
    for (const rejection of report.rejections) expect(rejection.detail).not.toBe('');

    // The first feature, ML 127-123, against the assessor rows read independently here.
    const rows = parseCsv(await readFile(CSV, 'utf8')).filter((row) => row.ML === '127-123');
    expect(rows.length).toBeGreaterThan(0);
    const [month, day, year] = rows[0]!.SaleDate!.split('/');
    const parcel = await parcelByPin(db, '127-123');
    expect(parcel).toMatchObject({
      pin: '127-123',
      add1: rows[0]!.Location,
      city: 'CAMBRIDGE',
      state: 'MA',
      // The assessor's land use is not zoning: Cambridge's files carry no zoning (docs/decisions.md).
      zoning: null,
      owner: null,
      sale_date: `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`,
    });
    expect(parcel!.taxacres).toBeCloseTo(Number(rows[0]!.LandArea) / 43560, 3);
    expect(parcel!.centroid_lon).toBeCloseTo(-71.1113, 3);
    expect(parcel!.centroid_lat).toBeCloseTo(42.3629, 3);
    // Every other attribute is kept: the assessor row's (currency ones as numbers) and the feature's,
    // hidden ones too, but not the mapped ones nor the CSV's copy of the join key.
    const row = rows[0]!;
    expect(parcel!.attributes).toMatchObject({
      UseDescription: row.UseDescription,
      UseCode: row.UseCode,
      TotalAppraisedLandValue: Number(row.TotalAppraisedLandValue),
      TotalAppraisedImprovements: Number(row.TotalAppraisedImprovements),
      TotalAppraisedParcelValue: Number(row.TotalAppraisedParcelValue),
      AYBYrBuilt: row.AYBYrBuilt,
      BookPage: row.BookPage!.trim(),
      MAP: '127',
      LOT: '123',
      LOC_ID: 'F_761210_2957494',
    });
    expect(parcel!.attributes!.TotalAppraisedParcelValue).toBeGreaterThan(0);
    for (const mapped of ['ML', 'Location', 'LandArea', 'SaleDate']) expect(parcel!.attributes).not.toHaveProperty(mapped);

    const dataset = await currentDataset(db, 'cambridge-ma');
    // The mapping's labels and order first, then the unlisted ones under their source names; hidden ones left out.
    expect(dataset!.attribute_fields.slice(0, 6)).toEqual([
      { key: 'UseDescription', label: 'Land use' },
      { key: 'UseCode', label: 'Land use code' },
      { key: 'TotalAppraisedLandValue', label: 'Appraised land value', format: 'currency' },
      { key: 'TotalAppraisedImprovements', label: 'Appraised building value', format: 'currency' },
      { key: 'TotalAppraisedParcelValue', label: 'Appraised total value', format: 'currency' },
      { key: 'AYBYrBuilt', label: 'Year built' },
    ]);
    const keys = dataset!.attribute_fields.map((field) => field.key);
    expect(keys).toContain('Occupancy');
    expect(dataset!.attribute_fields.find((field) => field.key === 'Occupancy')!.label).toBe('Occupancy');
    expect(keys).not.toContain('LOC_ID');
    expect(keys).not.toContain('ML');

    expect(dataset).toMatchObject({
      licence: 'ODC Public Domain Dedication and License (PDDL) 1.0',
      as_of: '2013-01-01',
      parcel_count: report.imported,
    });
  });
});
