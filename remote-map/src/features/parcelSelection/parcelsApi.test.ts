import { http, HttpResponse } from 'msw';
import { INVALID_PARCEL_MESSAGE } from '@parcel-map/shared/api';
import { makeTestStore, network, recordRequests, setupFakeNetwork, testConfig } from '@parcel-map/shared/testing';
import { PARCEL_CACHE_KEY } from './parcelCache.ts';
import { NO_SEARCH_RESULTS, parcelDetailsFromResponse, parcelPath, parcelsApi } from './parcelsApi.ts';

const API = testConfig.apiBaseUrl;

setupFakeNetwork();

const square = { type: 'Polygon', coordinates: [[[0, 0], [2, 0], [2, 2], [0, 2], [0, 0]]] };

describe('parcelDetailsFromResponse', () => {
  it('requires a string pin equal to the requested one', () => {
    expect(parcelDetailsFromResponse({ pin: '1', geometry: square }, '2')).toBeNull();
    expect(parcelDetailsFromResponse({ pin: 1, geometry: square }, '1')).toBeNull();
    expect(parcelDetailsFromResponse(null, '1')).toBeNull();
    expect(parcelDetailsFromResponse('1', '1')).toBeNull();
  });

  it('requires a geometry', () => {
    expect(parcelDetailsFromResponse({ pin: '1', centroid: { lng: 1, lat: 2 } }, '1')).toBeNull();
    expect(parcelDetailsFromResponse({ pin: '1', geometry: { type: 'Circle', coordinates: [] } }, '1')).toBeNull();
  });

  it('fills missing fields with null and keeps the centroid', () => {
    expect(parcelDetailsFromResponse({ pin: '1', owner: 'Ann', taxacres: '1.5', centroid: { lng: 1, lat: 2 }, geometry: square }, '1')).toEqual({
      pin: '1',
      name: null,
      owner: 'Ann',
      add1: null,
      add2: null,
      city: null,
      state: null,
      zip: null,
      taxacres: 1.5,
      township: null,
      zoning: null,
      sale_date: null,
      sales_price: null,
      mail_add1: null,
      mail_city: null,
      mail_state: null,
      mail_zip: null,
      attributes: [],
      empty_fields: [],
      dataset: null,
      centroid: { lng: 1, lat: 2 },
      geometry: square,
    });
  });

  it('computes the centroid from the geometry when the answer has none or an unreadable one', () => {
    expect(parcelDetailsFromResponse({ pin: '1', geometry: square }, '1')?.centroid).toEqual({ lng: 1, lat: 1 });
    expect(parcelDetailsFromResponse({ pin: '1', centroid: { lng: '1' }, geometry: square }, '1')?.centroid).toEqual({ lng: 1, lat: 1 });
  });

  it('is null when no centroid can be computed either', () => {
    expect(parcelDetailsFromResponse({ pin: '1', geometry: { type: 'Polygon', coordinates: [] } }, '1')).toBeNull();
  });
});

describe('getParcel', () => {
  it('asks for the pin with the session token', async () => {
    const requests = recordRequests();
    network.use(http.get(`${API}/api/parcels/12%2034`, () => HttpResponse.json({ pin: '12 34', geometry: square })));
    const store = makeTestStore();
    const result = await store.dispatch(parcelsApi.endpoints.getParcel.initiate('12 34'));
    expect(parcelPath('12 34')).toBe('/api/parcels/12%2034');
    expect(result.data?.pin).toBe('12 34');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer jwt-u1');
  });

  it('rejects a record for another pin', async () => {
    network.use(http.get(`${API}/api/parcels/1`, () => HttpResponse.json({ pin: '2', geometry: square })));
    const result = await makeTestStore().dispatch(parcelsApi.endpoints.getParcel.initiate('1'));
    expect(result.error).toEqual({ message: INVALID_PARCEL_MESSAGE });
  });

  it('fails without a session, before any request', async () => {
    const requests = recordRequests();
    const result = await makeTestStore({ signedIn: false }).dispatch(parcelsApi.endpoints.getParcel.initiate('1'));
    expect(result.error).toEqual({ message: 'User not authenticated' });
    expect(requests).toEqual([]);
  });

  it('answers a second store (a reload) from the local-storage cache', async () => {
    const requests = recordRequests();
    network.use(http.get(`${API}/api/parcels/7`, () => HttpResponse.json({ pin: '7', owner: 'ANN', geometry: square })));
    await makeTestStore().dispatch(parcelsApi.endpoints.getParcel.initiate('7'));
    expect(JSON.parse(localStorage.getItem(PARCEL_CACHE_KEY)!)['7'].data.owner).toBe('ANN');

    const again = await makeTestStore().dispatch(parcelsApi.endpoints.getParcel.initiate('7'));
    expect(again.data?.owner).toBe('ANN');
    expect(requests).toHaveLength(1);
  });

  it('does not cache invalid answers', async () => {
    network.use(http.get(`${API}/api/parcels/8`, () => HttpResponse.json({ pin: '9', geometry: square })));
    await makeTestStore().dispatch(parcelsApi.endpoints.getParcel.initiate('8'));
    expect(localStorage.getItem(PARCEL_CACHE_KEY)).toBeNull();
  });
});

describe('getDatasets', () => {
  const datasetsAnswer = {
    dataVersion: 3,
    datasets: [{ name: 'demo', version: 2, parcels: 5, source: 'Demo County GIS', licence: 'CC0', asOf: '2024-12-31', publishedAt: '2025-01-02T00:00:00Z', bbox: [-81, 35.5, -80.7, 35.8] }],
    initialView: null,
  };
  const ask = () => makeTestStore().dispatch(parcelsApi.endpoints.getDatasets.initiate());

  it('is null when the server has no such endpoint', async () => {
    network.use(http.get(`${API}/api/datasets`, () => HttpResponse.json({ message: 'Not found' }, { status: 404 })));
    expect((await ask()).data).toBeNull();
  });

  it('reads the data version and every data set', async () => {
    network.use(http.get(`${API}/api/datasets`, () => HttpResponse.json(datasetsAnswer)));
    expect((await ask()).data).toEqual(datasetsAnswer);
  });

  it('is null when the answer breaks the contract', async () => {
    network.use(http.get(`${API}/api/datasets`, () => HttpResponse.json({ source: 'Demo County GIS' })));
    expect((await ask()).data).toBeNull();
  });
});

describe('searchParcels', () => {
  const result = { pin: '7', owner: 'ANN', add1: '1 MAIN ST', city: 'LAKE', zip: '28115', taxacres: 1.5, centroid: { lng: 1, lat: 2 }, matched: 'owner' };
  const answer = { results: [result], total: 31, capped: false, places: [] };

  it('answers the page, the total and the places of the search', async () => {
    const requests = recordRequests();
    network.use(http.get(`${API}/api/parcels/search`, () => HttpResponse.json(answer)));
    const response = await makeTestStore().dispatch(parcelsApi.endpoints.searchParcels.initiate({ q: 'ann', limit: 25, offset: 50, sort: 'acres', dir: 'asc' }));
    expect(response.data).toEqual(answer);
    expect(requests[0]?.path).toBe('/api/parcels/search');
    expect(requests[0]?.search).toBe('?q=ann&limit=25&offset=50&sort=acres&dir=asc');
  });

  it('finds nothing in an answer that breaks the contract', async () => {
    network.use(http.get(`${API}/api/parcels/search`, () => HttpResponse.json({ ...answer, results: [{ ...result, centroid: null }] })));
    const response = await makeTestStore().dispatch(parcelsApi.endpoints.searchParcels.initiate({ q: 'ann' }));
    expect(response.data).toEqual(NO_SEARCH_RESULTS);
  });
});
