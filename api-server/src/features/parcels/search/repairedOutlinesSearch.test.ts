// Cambridge's parcels whose outlines cross themselves were dropped by the importer, so searching
// their PINs found nothing (issue #23). Imported now with their outlines repaired, search finds them.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_FILE_LIMITS, importParcels, readBundledMapping } from '@parcel-map/county-data/import';
import { CAMBRIDGE_FY2014_GEOJSON, CAMBRIDGE_SELF_INTERSECTING_PINS, fixtureDir, writeFixture } from '@parcel-map/county-data/testing';
import type { ParcelSearchResponse } from '@parcel-map/shared/contracts';
import { startTestApp, type TestApp } from '../../../testing/testApp.ts';

describe.skipIf(!existsSync(CAMBRIDGE_FY2014_GEOJSON))("search over Cambridge's repaired outlines", () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp();
    token = await app.identity.sign('user-search-repaired');
    // Those parcels as the file has them, with the bundled mapping (without its assessor join).
    const collection = JSON.parse(await readFile(CAMBRIDGE_FY2014_GEOJSON, 'utf8')) as { type: string; features: { properties: { ML?: string } }[] };
    const features = collection.features.filter((feature) => CAMBRIDGE_SELF_INTERSECTING_PINS.includes(feature.properties.ML ?? ''));
    const file = await writeFixture(await fixtureDir(), 'cambridge-self-intersecting.geojson', { ...collection, features });
    const { join: _join, ...mapping } = (await readBundledMapping('cambridge_fy2014'))!;
    const report = await importParcels(app.db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file, mapping });
    expect(report).toMatchObject({ features: CAMBRIDGE_SELF_INTERSECTING_PINS.length, imported: CAMBRIDGE_SELF_INTERSECTING_PINS.length, repaired: CAMBRIDGE_SELF_INTERSECTING_PINS.length });
  });
  afterAll(() => app.close());

  it.each(CAMBRIDGE_SELF_INTERSECTING_PINS)('finds the parcel %s, whose outline crossed itself', async (pin) => {
    const response = await app.request(`/api/parcels/search?q=${encodeURIComponent(pin)}`, { token });
    expect(response.status).toBe(200);
    const { results } = response.json as ParcelSearchResponse;
    expect(results[0]).toMatchObject({ pin, city: 'CAMBRIDGE' });
  });
});
