import type { Polygon, Position } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@parcel-map/database';
import { parcelByPin } from '../testing/readBack.ts';
import { openTestDb } from '@parcel-map/database/testing';
import { parseImportMapping } from './importMapping.ts';
import { importParcels } from './importParcels.ts';
import { fixtureDir, writeFixture } from './testing/importFixtures.ts';
import { NC_STATE_PLANE_FEET_PRJ, toNcStatePlaneFeet, zipShapefile, type DbfField } from './testing/shapefileWriter.ts';
import { DEFAULT_IMPORT_FILE_LIMITS } from './importFileLimits.ts';

// A lot near the product's initial centre with a courtyard hole, in lon/lat (Shapefile orientation:
// outer ring clockwise, hole counter-clockwise).
const OUTER: [number, number][] = [[-80.861, 35.619], [-80.861, 35.621], [-80.858, 35.621], [-80.858, 35.619], [-80.861, 35.619]];
const HOLE: [number, number][] = [[-80.860, 35.6195], [-80.859, 35.6195], [-80.859, 35.6205], [-80.860, 35.6205], [-80.860, 35.6195]];
const FIELDS: DbfField[] = [
  { name: 'PIN', type: 'C', length: 12 },
  { name: 'OWNNAME', type: 'C', length: 30 },
  { name: 'DEEDACRES', type: 'N', length: 10 },
];
const toFeet = (ring: [number, number][]) => ring.map(([lon, lat]) => toNcStatePlaneFeet(lon, lat));

function metresApart([lon1, lat1]: Position, [lon2, lat2]: Position): number {
  const metresPerDegree = 111_320;
  return Math.hypot((lon1! - lon2!) * metresPerDegree * Math.cos((lat1! * Math.PI) / 180), (lat1! - lat2!) * metresPerDegree);
}

describe('zipped Shapefile import', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  it('places the projected formula check on the EPSG:2264 origin', () => {
    const [x, y] = toNcStatePlaneFeet(-79, 33.75);
    expect(x).toBeCloseTo(2000000.002616666, 3);
    expect(y).toBeCloseTo(0, 3);
  });

  for (const variant of ['the .prj WKT', 'the mapping crs EPSG:2264'] as const) {
    it(`reprojects NC State Plane feet from ${variant} to within a metre of the true lon/lat`, async () => {
      const dir = await fixtureDir();
      const polygons = [{ rings: [toFeet(OUTER), toFeet(HOLE)], properties: { PIN: '4605-00-1234', OWNNAME: 'LAKE HOLDINGS LLC', DEEDACRES: 12.5 } }];
      const prj = variant === 'the .prj WKT' ? NC_STATE_PLANE_FEET_PRJ : undefined;
      const file = await writeFixture(dir, 'iredell.zip', zipShapefile('iredell_parcels', polygons, FIELDS, prj));

      const report = await importParcels(db, {
        limits: DEFAULT_IMPORT_FILE_LIMITS,
        file,
        mapping: parseImportMapping({
          dataset: { sourceName: 'shapefile fixture', licence: 'none' },
          ...(prj === undefined ? { crs: 'EPSG:2264' } : {}),
          fields: { PIN: 'PIN', owner: 'OWNNAME', TaxAcres: 'DEEDACRES' },
        }),
      });

      expect(report).toMatchObject({ format: 'shapefile', features: 1, imported: 1, rejected: 0 });
      expect(report.crs).toContain(prj === undefined ? 'EPSG:2264' : 'NAD_1983_StatePlane_North_Carolina_FIPS_3200_Feet');
      const parcel = await parcelByPin(db, '4605-00-1234');
      expect(parcel).toMatchObject({ owner: 'LAKE HOLDINGS LLC', taxacres: 12.5 });
      const geometry = parcel!.geometry as Polygon;
      expect(geometry.type).toBe('Polygon');
      expect(geometry.coordinates).toHaveLength(2);
      const [outer, hole] = geometry.coordinates;
      // The reader may start a ring anywhere and reverse it: compare each true corner with its nearest vertex.
      for (const [expected, actual] of [[OUTER, outer!], [HOLE, hole!]] as const) {
        expect(actual).toHaveLength(expected.length);
        for (const corner of expected) {
          expect(Math.min(...actual.map((position) => metresApart(position, corner)))).toBeLessThan(1);
        }
      }
    });
  }
});
