// GET /api/parcels/{pin} answers a county file's own attributes (issue #23) and the record fields its data
// set has none of (issue #43), here the real Cambridge,
// MA parcels and assessor table (../shared/data, ODC PDDL 1.0) imported with the bundled mapping.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parcelDetailsSchema, savedParcelDetailsListSchema } from '@parcel-map/shared/contracts';
import { DEFAULT_IMPORT_FILE_LIMITS, importParcels, readBundledMapping } from '@parcel-map/county-data/import';
import { fixtureDir, writeFixture } from '@parcel-map/county-data/testing';
import { startTestApp, type TestApp } from '../../testing/testApp.ts';

const DATA = path.resolve(import.meta.dirname, '../../../../../shared/data/cambridge_ma_parcels_fy2014');
const GEOJSON = path.join(DATA, 'ASSESSING_ParcelsFY2014.converted.geojson');
const PIN = '127-123';

describe.skipIf(!existsSync(GEOJSON))('attributes of an imported county', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp();
    token = await app.identity.sign('user-attributes');
    const collection = JSON.parse(await readFile(GEOJSON, 'utf8')) as { features: unknown[] };
    const file = await writeFixture(await fixtureDir(), 'cambridge-slice.geojson', { type: 'FeatureCollection', features: collection.features.slice(0, 20) });
    const mapping = (await readBundledMapping('cambridge_fy2014'))!;
    await importParcels(app.db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file, mapping: { ...mapping, join: { ...mapping.join!, file: path.join(DATA, 'TaxFY14.csv') } } });
  });
  afterAll(() => app.close());

  it('answers the shown attributes with their labels, in the mapping order, beside SPEC fields as they were', async () => {
    const response = await app.request(`/api/parcels/${PIN}`, { token });
    expect(response.status).toBe(200);
    const parcel = parcelDetailsSchema.parse(response.json);
    expect(parcel).toMatchObject({ pin: PIN, add1: '23 ROCKWELL ST', city: 'CAMBRIDGE', zoning: null, mail_add1: null });
    // TaxFY14.csv's row for 127-123; the currency ones as numbers, the rest as the file wrote them.
    expect(parcel.attributes.slice(0, 8)).toEqual([
      { key: 'UseDescription', label: 'Land use', value: 'THREE-FM-RES' },
      { key: 'UseCode', label: 'Land use code', value: '105' },
      { key: 'TotalAppraisedLandValue', label: 'Appraised land value', value: 335700, format: 'currency' },
      { key: 'TotalAppraisedImprovements', label: 'Appraised building value', value: 299400, format: 'currency' },
      { key: 'TotalAppraisedParcelValue', label: 'Appraised total value', value: 635100, format: 'currency' },
      { key: 'AYBYrBuilt', label: 'Year built', value: '1854' },
      { key: 'BookPage', label: 'Deed book/page', value: '14175/ 474' },
      { key: 'StyleDesc', label: 'Building style', value: 'OLD STYLE THREE FAM' },
    ]);
    const keys = parcel.attributes.map((attribute) => attribute.key);
    // Unlisted ones under their source names; the hidden ones (LOC_ID, UYEAR) and the mapped ones never.
    expect(parcel.attributes).toContainEqual({ key: 'Occupancy', label: 'Occupancy', value: 'BK' });
    for (const key of ['LOC_ID', 'UYEAR', 'ML', 'Location', 'LandArea', 'SaleDate']) expect(keys).not.toContain(key);
    expect(parcelDetailsSchema.parse(response.json)).toEqual(response.json);
  });

  it('names the record fields no parcel of the data set has, computed at publish, so the card leaves their rows out', async () => {
    const parcel = parcelDetailsSchema.parse((await app.request(`/api/parcels/${PIN}`, { token })).json);
    // Cambridge publishes no owner, township, zoning, sale price or mailing address; the sale dates it has.
    expect(parcel.empty_fields).toEqual(['name', 'owner', 'add2', 'zip', 'township', 'zoning', 'sales_price', 'mail_add1', 'mail_city', 'mail_state', 'mail_zip']);
    expect(parcel.sale_date).toBe('1980-12-29');
  });

  it('answers the same attributes with a saved parcel’s details, for the exports', async () => {
    const saved = await app.request('/api/saved-parcels', {
      method: 'POST',
      token,
      body: { parcel_pin: PIN, parcel_owner_name: 'Unnamed', parcel_address: '23 ROCKWELL ST', parcel_centroid_lat: 42.36, parcel_centroid_lon: -71.11, notes: null },
    });
    expect(saved.status).toBe(201);
    const details = savedParcelDetailsListSchema.parse((await app.request('/api/saved-parcels/details', { token })).json);
    const detail = (await app.request(`/api/parcels/${PIN}`, { token })).json as { attributes: unknown };
    expect(details.parcels).toHaveLength(1);
    expect(details.parcels[0]!.attributes).toEqual(detail.attributes);
  });

  it('answers no attributes for a parcel whose data set has none', async () => {
    const { rows } = await app.db.query<{ pin: string }>("SELECT p.pin FROM parcels p JOIN datasets d ON d.id = p.dataset_id WHERE d.name = 'demo' LIMIT 1");
    const response = await app.request(`/api/parcels/${rows[0]!.pin}`, { token });
    expect((response.json as { attributes: unknown }).attributes).toEqual([]);
  });
});
