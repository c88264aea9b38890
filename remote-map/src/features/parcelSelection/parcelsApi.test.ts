import { makeTestStore, fakeApi, json } from '../../test/renderWithStore.tsx';
import { INVALID_PARCEL_MESSAGE, parcelDetailsFromResponse, parcelPath, parcelsApi } from './parcelsApi.ts';

describe('parcelDetailsFromResponse', () => {
  it('requires a string pin equal to the requested one', () => {
    expect(parcelDetailsFromResponse({ pin: '1' }, '2')).toBeNull();
    expect(parcelDetailsFromResponse({ pin: 1 }, '1')).toBeNull();
    expect(parcelDetailsFromResponse(null, '1')).toBeNull();
    expect(parcelDetailsFromResponse('1', '1')).toBeNull();
  });

  it('fills missing fields with null and keeps the centroid', () => {
    expect(parcelDetailsFromResponse({ pin: '1', owner: 'Ann', taxacres: '1.5', centroid: { lng: 1, lat: 2 } }, '1')).toEqual({
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
      centroid: { lng: 1, lat: 2 },
      geometry: null,
    });
  });
});

describe('getParcel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the pin with the session token', async () => {
    const { requests } = fakeApi({ 'GET /api/parcels/12%2034': () => json({ pin: '12 34' }) });
    const store = makeTestStore();
    const result = await store.dispatch(parcelsApi.endpoints.getParcel.initiate('12 34'));
    expect(parcelPath('12 34')).toBe('/api/parcels/12%2034');
    expect(result.data?.pin).toBe('12 34');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer jwt-u1');
  });

  it('rejects a record for another pin', async () => {
    fakeApi({ 'GET /api/parcels/1': () => json({ pin: '2' }) });
    const result = await makeTestStore().dispatch(parcelsApi.endpoints.getParcel.initiate('1'));
    expect(result.error).toEqual({ message: INVALID_PARCEL_MESSAGE });
  });

  it('fails without a session, before any request', async () => {
    const { fetchMock } = fakeApi({});
    const result = await makeTestStore({ signedIn: false }).dispatch(parcelsApi.endpoints.getParcel.initiate('1'));
    expect(result.error).toEqual({ message: 'User not authenticated' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
