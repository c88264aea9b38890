// The small real sample shipped in the repository (county-data/samples/cambridge-ma, ODC PDDL 1.0),
// imported the way the README's examples do — as GeoJSON with its assessor table, as a GeoPackage made
// from it by ogr2ogr, and its flood zones as an overlay — so a fresh clone without ../shared works.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@parcel-map/database';
import { openTestDb } from '@parcel-map/database/testing';
import { parcelByPin } from '../testing/readBack.ts';
import { importOverlay } from './importOverlay.ts';
import { readImportMapping } from './importMapping.ts';
import { importParcels } from './importParcels.ts';
import { readOverlayMapping } from './overlayMapping.ts';
import { fixtureDir } from './testing/importFixtures.ts';
import { DEFAULT_IMPORT_FILE_LIMITS } from './importFileLimits.ts';

const REPO = path.resolve(import.meta.dirname, '../../..');
const SAMPLE = path.join(REPO, 'county-data/samples/cambridge-ma');
const PARCELS = path.join(SAMPLE, 'parcels.geojson');
/** The sample's features; 329 of them carry a usable, unique map-lot id. */
const FEATURES = 334;
const IMPORTED = 329;

describe('the sample shipped in the repository', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  it('is what the README imports', async () => {
    const readme = await readFile(path.join(REPO, 'README.md'), 'utf8');
    for (const named of ['county-data/samples/cambridge-ma/parcels.geojson', 'county-data/mappings/cambridge_fy2014.json', 'county-data/samples/cambridge-ma/flood_zones.geojson', 'county-data/mappings/overlays/cambridge_flood_zones.json']) {
      expect(readme).toContain(named);
    }
  });

  it('imports as GeoJSON with its assessor rows: the appraised value under its own label', async () => {
    const report = await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file: PARCELS, mapping: await readImportMapping(path.join(REPO, 'county-data/mappings/cambridge_fy2014.json')) });
    expect(report).toMatchObject({ refusal: null, features: FEATURES, imported: IMPORTED, dataset: { name: 'cambridge-ma', version: 1 } });
    // Ten features have no row in the table (no ML, or none assessed): as in the whole file, they keep their outline.
    expect(report.join).toMatchObject({ matched: FEATURES - 10, unmatched: 10 });
    const parcel = await parcelByPin(db, '8-50');
    expect(parcel).toMatchObject({ add1: '32 FIRST ST', city: 'CAMBRIDGE' });
    expect(parcel!.attributes).toMatchObject({ UseDescription: 'Vacant City', TotalAppraisedParcelValue: 4270500 });
  });

  it('imports as a GeoPackage made from it by ogr2ogr', async () => {
    const gpkg = path.join(await fixtureDir(), 'parcels.gpkg');
    execFileSync('ogr2ogr', ['-f', 'GPKG', gpkg, PARCELS], { stdio: 'pipe' });
    const bundled = await readImportMapping(path.join(REPO, 'county-data/mappings/cambridge_fy2014.json'));
    const report = await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file: gpkg, mapping: { ...bundled, join: { ...bundled.join!, file: path.join(SAMPLE, 'TaxFY14.csv') } } });
    expect(report).toMatchObject({ refusal: null, format: 'geopackage', features: FEATURES, imported: IMPORTED, dataset: { version: 2 } });
  });

  it('brings its flood zones as an overlay, zone AE', async () => {
    const report = await importOverlay(db, {
      limits: DEFAULT_IMPORT_FILE_LIMITS,
      file: path.join(SAMPLE, 'flood_zones.geojson'),
      name: 'flood-zones',
      mapping: await readOverlayMapping(path.join(REPO, 'county-data/mappings/overlays/cambridge_flood_zones.json')),
    });
    expect(report).toMatchObject({ refusal: null, imported: 3, overlay: { geometryType: 'polygon', label: 'Flood zones (FEMA 100-year)', version: 1 } });
    const { rows } = await db.query<{ zone: string }>(
      "SELECT DISTINCT f.properties->>'fld_zone' AS zone FROM overlay_features f JOIN overlays o ON o.id = f.overlay_id WHERE o.name = 'flood-zones' AND o.is_current",
    );
    expect(rows).toEqual([{ zone: 'AE' }]);
  });
});
