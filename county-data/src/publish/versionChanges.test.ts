// What changed between versions, on real data: the whole Cambridge FY2014 file as version 1, then a
// second version made from it here in which known parcels change owner, sell, change value, split and
// disappear. The change list, at validation and as the published version's log, holds exactly those.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feature, Polygon } from 'geojson';
import type { Db } from '@parcel-map/database';
import { openTestDb } from '@parcel-map/database/testing';
import type { ParcelChange } from '@parcel-map/shared/contracts';
import { parseCsv } from '../import/csvTable.ts';
import { DEFAULT_IMPORT_FILE_LIMITS } from '../import/importFileLimits.ts';
import { readImportMapping, type ImportMapping } from '../import/importMapping.ts';
import { publishImport, validateImport } from '../import/importParcels.ts';
import { fixtureDir, writeFixture } from '../import/testing/importFixtures.ts';
import { listDatasetVersions } from './datasetVersions.ts';
import { changesAgainstServed, versionChangeLog } from './versionChanges.ts';

const DATA = path.resolve(import.meta.dirname, '../../../../shared/data/cambridge_ma_parcels_fy2014');
const GEOJSON = path.join(DATA, 'ASSESSING_ParcelsFY2014.converted.geojson');
const CSV = path.join(DATA, 'TaxFY14.csv');
const MAPPING = path.resolve(import.meta.dirname, '../../mappings/cambridge_fy2014.json');

type CambridgeFeature = Feature<Polygon, { ML?: string }>;

/** Every field quoted, as the file's values are: nothing of a value changes on the way back. */
function csvOf(rows: readonly Record<string, string | undefined>[], columns: readonly string[]): string {
  const quoted = (value: string | undefined) => `"${(value ?? '').replaceAll('"', '""')}"`;
  return [columns.map(quoted).join(','), ...rows.map((row) => columns.map((column) => quoted(row[column])).join(','))].join('\r\n') + '\r\n';
}

/** The two halves, west and east, of a polygon's bounding box. */
function halvesOf(feature: CambridgeFeature): Polygon[] {
  const ring = feature.geometry.coordinates[0]!;
  const lons = ring.map(([lon]) => lon!);
  const lats = ring.map(([, lat]) => lat!);
  const [west, east, south, north] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  const middle = (west + east) / 2;
  const box = (w: number, e: number): Polygon => ({ type: 'Polygon', coordinates: [[[w, south], [e, south], [e, north], [w, north], [w, south]]] });
  return [box(west, middle), box(middle, east)];
}

/** The items by key (Map.groupBy, which Node 20 lacks). */
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

const byKindAndPin = (changes: readonly ParcelChange[]) => changes.map(({ kind, pin }) => `${kind} ${pin}`).sort();

describe.skipIf(!existsSync(GEOJSON))('changes between two versions of Cambridge', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  it('lists exactly the parcels that changed owner, sold, changed value, split and disappeared', async () => {
    const collection = JSON.parse(await readFile(GEOJSON, 'utf8')) as { type: 'FeatureCollection'; features: CambridgeFeature[] };
    const csvText = await readFile(CSV, 'utf8');
    const rows = parseCsv(csvText);
    const columns = Object.keys(rows[0]!);
    // Parcels with one feature and one assessor row, a sale and a value, outlined by one ring: what each change is made to.
    const featuresOf = groupBy(collection.features, (feature) => feature.properties.ML);
    const rowsOf = groupBy(rows, (row) => row.ML);
    const plain = collection.features
      .filter((feature) => feature.geometry.type === 'Polygon' && feature.geometry.coordinates.length === 1 && /^\d+-\d+$/.test(feature.properties.ML ?? ''))
      .filter((feature) => featuresOf.get(feature.properties.ML)!.length === 1 && rowsOf.get(feature.properties.ML)?.length === 1)
      .filter((feature) => /^\d+\/\d+\/(19[5-9]\d|200\d)$/.test(rowsOf.get(feature.properties.ML)![0]!.SaleDate ?? '') && Number(rowsOf.get(feature.properties.ML)![0]!.TotalAppraisedParcelValue) > 0);
    const [newOwner, sold, revalued, split, gone] = plain.slice(100, 105).map((feature) => feature.properties.ML!);

    // The file has no owner column: both versions map one, which only version 2's table fills.
    const bundled = await readImportMapping(MAPPING);
    const mapping = (csv: string): ImportMapping => ({ ...bundled, fields: { ...bundled.fields, owner: 'Owner' }, join: { ...bundled.join!, file: csv } });
    const first = await validateImport(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file: GEOJSON, mapping: mapping(CSV) });
    expect(await changesAgainstServed(db, 'cambridge-ma', first.rows, first.attributeFields)).toBeNull();
    expect((await publishImport(db, first)).changes).toBeNull();

    const dir = await fixtureDir();
    const splitFeature = collection.features.find((feature) => feature.properties.ML === split)!;
    const secondFeatures = [
      ...collection.features.filter((feature) => feature.properties.ML !== split && feature.properties.ML !== gone),
      ...halvesOf(splitFeature).map((geometry, i): CambridgeFeature => ({ type: 'Feature', properties: { ML: `${split}-S${i + 1}` }, geometry })),
    ];
    const secondRows = rows.map((row) => {
      if (row.ML === newOwner) return { ...row, Owner: 'REID STEVEN M' };
      if (row.ML === sold) return { ...row, SaleDate: '10/14/2014' };
      if (row.ML === revalued) return { ...row, TotalAppraisedParcelValue: String(Number(row.TotalAppraisedParcelValue) + 25_000) };
      return row;
    });
    const secondCsv = await writeFixture(dir, 'TaxFY15.csv', csvOf(secondRows, [...columns, 'Owner']));
    const secondFile = await writeFixture(dir, 'parcels-fy2015.geojson', { type: 'FeatureCollection', features: secondFeatures });
    const second = await validateImport(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file: secondFile, mapping: mapping(secondCsv) });

    const expected = [`owner ${newOwner}`, `sold ${sold}`, `value ${revalued}`, `removed ${split}`, `removed ${gone}`, `added ${split}-S1`, `added ${split}-S2`].sort();
    const validated = (await changesAgainstServed(db, 'cambridge-ma', second.rows, second.attributeFields))!;
    expect(byKindAndPin(validated)).toEqual(expected);
    expect(validated.find((change) => change.kind === 'owner')).toMatchObject({ before: { Owner: null }, after: { Owner: 'REID STEVEN M' } });
    expect(validated.find((change) => change.kind === 'sold')).toMatchObject({ after: { 'Sale date': '10/14/2014', 'Sale price': null } });
    const soldBefore = rowsOf.get(sold)![0]!.SaleDate!.split('/').map((part) => part.padStart(2, '0')).join('/');
    expect(validated.find((change) => change.kind === 'sold')!.before).toMatchObject({ 'Sale date': soldBefore });
    const value = Number(rowsOf.get(revalued)![0]!.TotalAppraisedParcelValue);
    expect(validated.find((change) => change.kind === 'value')).toMatchObject({ before: { 'Appraised total value': value }, after: { 'Appraised total value': value + 25_000 } });

    const published = await publishImport(db, second);
    expect(published.dataset.version).toBe(2);
    const log = (await versionChangeLog(db, 'cambridge-ma', 2))!;
    expect(log.counts).toEqual({ added: 2, removed: 2, outline: 0, owner: 1, sold: 1, value: 1 });
    expect(published.changes).toEqual(log.counts);
    expect(await log.page(undefined, 0, 100)).toEqual(validated);
    expect(byKindAndPin(await log.page('removed', 0, 100))).toEqual([`removed ${gone}`, `removed ${split}`].sort());
    expect(await log.page(undefined, 5, 100)).toEqual(validated.slice(5));

    const versions = await listDatasetVersions(db);
    expect(versions.map(({ version, changes }) => ({ version, changes }))).toEqual([
      { version: 2, changes: log.counts },
      { version: 1, changes: null },
    ]);
    expect(await versionChangeLog(db, 'cambridge-ma', 1)).toBeNull();
    expect(await versionChangeLog(db, 'cambridge-ma', 3)).toBeUndefined();
  }, 240_000);
});
