// A published version stores each parcel's owner kind and absentee classes as it writes the parcels
// (migration 027): what an attribute query filters on, read from columns, not worked out per query.
// Run on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@parcel-map/database';
import { openTestDb } from '@parcel-map/database/testing';
import { defaultMapping } from '../import/importMapping.ts';
import { importParcels } from '../import/importParcels.ts';
import { DEFAULT_IMPORT_FILE_LIMITS } from '../import/importFileLimits.ts';
import { featureCollection, fixtureDir, squarePolygon, writeFixture } from '../import/testing/importFixtures.ts';
import { removeDataset, rollbackDataset } from './datasetVersions.ts';

const SIZE = 0.001;
const SITE = { CITY: 'MOORESVILLE', STATE: 'NC', ZIP: '28115' };

/** Each parcel: its owner and mailing address, and the classes expected of them. */
const PARCELS = [
  { owner: 'COUNTY LINE L.L.C.', mail: { mail_city: 'MOORESVILLE', mail_state: 'NC', mail_zip: '28115-1234' }, kind: 'LLC', county: false, state: false },
  { owner: 'SMITH FAMILY TRUST', mail: { mail_city: 'CHARLOTTE', mail_state: 'NC', mail_zip: '28202' }, kind: 'TRUST', county: true, state: false },
  { owner: 'CITY OF MOORESVILLE', mail: { mail_city: 'MOORESVILLE', mail_state: 'nc ', mail_zip: '28115' }, kind: 'GOVERNMENT', county: false, state: false },
  { owner: 'ESTATE OF JOHN SMITH', mail: { mail_city: 'NAPLES', mail_state: 'FL', mail_zip: '34102' }, kind: 'ESTATE', county: true, state: true },
  { owner: 'ACME CO', mail: { mail_city: 'Mooresville' }, kind: 'CORP', county: false, state: false },
  { owner: 'HOLT ANNA', mail: { mail_city: 'RALEIGH' }, kind: 'INDIVIDUAL', county: true, state: false },
  { owner: 'REID STEVEN', mail: {}, kind: 'INDIVIDUAL', county: false, state: false },
  { owner: null, mail: {}, kind: null, county: false, state: false },
] as const;

async function parcelFile(owner: (index: number) => string | null): Promise<string> {
  const features = PARCELS.map(({ mail }, index) => ({
    properties: { PIN: `C-${index}`, owner: owner(index), ...SITE, ...mail },
    geometry: squarePolygon(-80.9 + index * SIZE, 35.6, SIZE),
  }));
  return writeFixture(await fixtureDir(), 'owners.geojson', featureCollection(features));
}

describe("a published version's owner classes", () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  const stored = async () =>
    (await db.query<{ pin: string; owner_kind: string | null; absentee_county: boolean; absentee_state: boolean }>(
      "SELECT pin, owner_kind, absentee_county, absentee_state FROM parcels p JOIN datasets d ON d.id = p.dataset_id WHERE d.name = 'owners' ORDER BY pin",
    )).rows;
  const expected = PARCELS.map(({ kind, county, state }, index) => ({ pin: `C-${index}`, owner_kind: kind, absentee_county: county, absentee_state: state }));

  it('stores the owner kind and whether the owner lives outside the county or the state', async () => {
    await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'owners', file: await parcelFile((index) => PARCELS[index]!.owner), mapping: defaultMapping('Owners') });
    expect(await stored()).toEqual(expected);
  });

  it('keeps them with a version that is rolled back to', async () => {
    await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'owners', file: await parcelFile(() => 'HOLDINGS LLC'), mapping: defaultMapping('Owners') });
    expect(new Set((await stored()).map((row) => row.owner_kind))).toEqual(new Set(['LLC']));
    await rollbackDataset(db, 'owners');
    expect(await stored()).toEqual(expected);
    await removeDataset(db, 'owners');
  });
});
