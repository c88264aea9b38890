// Issue #39 point 7: every answer for one signed-in user is `Cache-Control: private, no-store`, by
// Express and by the parcel details fast path alike, refusals included; shared answers keep theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENTRE_PIN, DEMO_CENTRE } from '@parcel-map/county-data/demo';
import { CACHE_CONTROL } from '../platform/http/responseHeaders.ts';
import { lonLatToTile } from '../tiles/kit/tileMath.ts';
import { startTestApp, TEST_ADMIN_EMAIL, type TestApp } from '../testing/testApp.ts';

describe('Cache-Control of per-user answers', () => {
  let app: TestApp;
  let user: string;
  let admin: string;
  beforeAll(async () => {
    app = await startTestApp();
    user = await app.identity.sign('user-cache-control');
    admin = await app.identity.sign('user-cache-control-admin', { email: TEST_ADMIN_EMAIL });
  });
  afterAll(() => app.close());

  const cacheControlOf = async (path: string, token: string | undefined, method = 'GET') => {
    const response = await app.request(path, { token, method, ...(method === 'POST' ? { body: {} } : {}) });
    return { status: response.status, cacheControl: response.headers['cache-control'] };
  };

  it.each([
    ['parcel details', `/api/parcels/${CENTRE_PIN}`],
    ['parcel details again (the fast path answers a cached record)', `/api/parcels/${CENTRE_PIN}`],
    ['a search', '/api/parcels/search?q=main'],
    ['a click on the map', `/api/parcels/at?lng=${DEMO_CENTRE.lng}&lat=${DEMO_CENTRE.lat}`],
    ['saved parcels', '/api/saved-parcels'],
    ['markups', '/api/markups'],
  ])('%s: 200, private, no-store', async (_name, path) => {
    expect(await cacheControlOf(path, user)).toEqual({ status: 200, cacheControl: CACHE_CONTROL.perUser });
  });

  it('the Data page: private, no-store', async () => {
    expect(await cacheControlOf('/api/admin/datasets', admin)).toEqual({ status: 200, cacheControl: CACHE_CONTROL.perUser });
    expect(await cacheControlOf('/api/admin/imports/404', admin)).toMatchObject({ cacheControl: CACHE_CONTROL.perUser });
  });

  it('refusals on those routes too: 401 without a session, 403 for a non-administrator, 400 for a bad request', async () => {
    expect(await cacheControlOf('/api/saved-parcels', undefined)).toEqual({ status: 401, cacheControl: CACHE_CONTROL.perUser });
    expect(await cacheControlOf('/api/admin/datasets', user)).toEqual({ status: 403, cacheControl: CACHE_CONTROL.perUser });
    expect(await cacheControlOf('/api/markups', user, 'POST')).toEqual({ status: 400, cacheControl: CACHE_CONTROL.perUser });
  });

  it('leaves shared answers as they were: tiles, styles, the data version', async () => {
    const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 14);
    expect((await cacheControlOf(`/tiles/14/${x}/${y}.pbf`, user)).cacheControl).toBe(CACHE_CONTROL.privateUnversionedTiles);
    expect((await cacheControlOf('/basemap/10/0/0.pbf', undefined)).cacheControl).toBe(CACHE_CONTROL.tiles);
    expect((await cacheControlOf('/styles/streets-local.json', undefined)).cacheControl).toBe('public, max-age=300');
    expect((await cacheControlOf('/api/datasets', user)).cacheControl).toBe(CACHE_CONTROL.live);
  });
});
