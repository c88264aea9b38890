// Imported text is cut to the limits the rest of the product uses (issue #26 point 5): a county's
// over-long owner name or address still lets its parcel be saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@parcel-map/database';
import { openTestDb } from '@parcel-map/database/testing';
import { PARCEL_TEXT_MAX_LENGTH, saveParcelBodySchema } from '@parcel-map/shared/contracts';
import { parcelByPin } from '../testing/readBack.ts';
import { parseImportMapping } from './importMapping.ts';
import { importParcels } from './importParcels.ts';
import { featureCollection, fixtureDir, squarePolygon, writeFixture } from './testing/importFixtures.ts';
import { DEFAULT_IMPORT_FILE_LIMITS } from './importFileLimits.ts';

describe('imported text', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  it('is cut to the parcel text limit, so the parcel can be saved with it', async () => {
    const owner = `${'OWNER '.repeat(100)}END`;
    const address = `12 ${'LONG '.repeat(150)}ST`;
    const file = await writeFixture(await fixtureDir(), 'parcels.geojson', featureCollection([
      { properties: { PIN: 'LONG-1', owner, ADD1: address, CITY: 'C'.repeat(900) }, geometry: squarePolygon(-80.9, 35.6, 0.001) },
    ]));
    await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'long-text', file, mapping: parseImportMapping({ dataset: { sourceName: 'test', licence: 'CC0' }, fields: { PIN: 'PIN', owner: 'owner', ADD1: 'ADD1', CITY: 'CITY' } }) });

    const parcel = await parcelByPin(db, 'LONG-1');
    expect(parcel?.owner).toBe(owner.slice(0, PARCEL_TEXT_MAX_LENGTH).trimEnd());
    expect(parcel?.add1?.length).toBeLessThanOrEqual(PARCEL_TEXT_MAX_LENGTH);
    expect(parcel?.city).toBe('C'.repeat(PARCEL_TEXT_MAX_LENGTH));
    const save = saveParcelBodySchema.safeParse({
      parcel_pin: parcel!.pin, parcel_owner_name: parcel!.owner, parcel_address: parcel!.add1, parcel_centroid_lat: 35.6, parcel_centroid_lon: -80.9,
    });
    expect(save.success).toBe(true);
    expect(save.data?.parcel_owner_name).toBe(parcel!.owner);
  });
});
