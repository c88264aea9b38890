import { http, HttpResponse } from 'msw';
import { heldAnswer, makeTestStore, network, setupFakeNetwork, testConfig } from '@parcel-map/shared/testing';
import { savedParcelFocused } from '@parcel-map/shared';
import {
  mapBackgroundClicked,
  parcelClicked,
  parcelDeselected,
  parcelPicked,
  parcelSelectionSlice,
  selectIsParcelFetchPending,
  selectIsParcelPanelExpanded,
  selectSelectedCentroid,
  selectSelectedPin,
} from './parcelSelectionSlice.ts';
import { parcelsApi } from './parcelsApi.ts';

const reducer = parcelSelectionSlice.reducer;
const initial = reducer(undefined, { type: 'init' });
const square = { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] };
const click = (pin: string) => parcelClicked({ pin });
const PARCEL_100 = `${testConfig.apiBaseUrl}/api/parcels/100`;

setupFakeNetwork();

describe('parcelSelection reducer', () => {
  it('starts with nothing selected and the panel down', () => {
    expect(initial).toEqual({ selectedPin: null, isPanelExpanded: false, pendingRequestId: null });
  });

  it('selects a clicked parcel and raises the panel', () => {
    expect(reducer(initial, click('100'))).toMatchObject({ selectedPin: '100', isPanelExpanded: true });
  });

  it('only deselects when a parcel is clicked while another is selected', () => {
    const selected = reducer(initial, click('100'));
    expect(reducer(selected, click('200'))).toMatchObject({ selectedPin: null, isPanelExpanded: false });
    expect(reducer(selected, click('100'))).toMatchObject({ selectedPin: null });
  });

  it('deselects on a background click and on closing the panel', () => {
    const selected = reducer(initial, click('100'));
    expect(reducer(selected, mapBackgroundClicked()).selectedPin).toBeNull();
    expect(reducer(selected, parcelDeselected()).selectedPin).toBeNull();
  });

  it('selects a picked pin whatever was selected, and deselects on a null pick', () => {
    const selected = reducer(initial, click('100'));
    expect(reducer(selected, parcelPicked({ pin: '200' }))).toMatchObject({ selectedPin: '200', isPanelExpanded: true });
    expect(reducer(selected, parcelPicked({ pin: '100' }))).toMatchObject({ selectedPin: '100', isPanelExpanded: true });
    expect(reducer(selected, parcelPicked({ pin: null }))).toMatchObject({ selectedPin: null, isPanelExpanded: false });
  });

  it("selects and opens the parcel of 'View on Map' in the saved list, whatever was selected", () => {
    const selected = reducer(initial, click('100'));
    expect(reducer(selected, savedParcelFocused({ pin: '200', lng: -80.8, lat: 35.6 }))).toMatchObject({ selectedPin: '200', isPanelExpanded: true });
    expect(reducer(initial, savedParcelFocused({ pin: '300', lng: -80.8, lat: 35.6 }))).toMatchObject({ selectedPin: '300', isPanelExpanded: true });
  });

  it('ignores map clicks while a details request is in flight', () => {
    const fetching = { ...reducer(initial, click('100')), pendingRequestId: 'r1' };
    expect(reducer(fetching, click('200'))).toEqual(fetching);
    expect(reducer(fetching, mapBackgroundClicked())).toEqual(fetching);
  });
});

describe('parcelSelection with the parcel API', () => {
  it('tracks the details request and takes the centroid from the answer', async () => {
    const held = heldAnswer();
    network.use(http.get(PARCEL_100, held.answer));
    const store = makeTestStore();

    store.dispatch(click('100'));
    const request = store.dispatch(parcelsApi.endpoints.getParcel.initiate('100'));
    expect(selectIsParcelFetchPending(store.getState())).toBe(true);

    store.dispatch(mapBackgroundClicked());
    expect(selectSelectedPin(store.getState())).toBe('100');

    held.release(HttpResponse.json({ pin: '100', name: 'A', centroid: { lng: -80.9, lat: 35.7 }, geometry: square }));
    await request;
    expect(selectIsParcelFetchPending(store.getState())).toBe(false);
    expect(selectSelectedCentroid(store.getState())).toEqual({ lng: -80.9, lat: 35.7 });
    expect(selectIsParcelPanelExpanded(store.getState())).toBe(true);

    store.dispatch(mapBackgroundClicked());
    expect(selectSelectedPin(store.getState())).toBeNull();
    request.unsubscribe();
  });

  it('knows the centroid of a parcel selected again, whose details the store already holds', async () => {
    network.use(http.get(PARCEL_100, () => HttpResponse.json({ pin: '100', name: 'A', centroid: { lng: -80.9, lat: 35.7 }, geometry: square })));
    const store = makeTestStore();
    store.dispatch(click('100'));
    const request = store.dispatch(parcelsApi.endpoints.getParcel.initiate('100'));
    await request;
    store.dispatch(mapBackgroundClicked());
    expect(selectSelectedCentroid(store.getState())).toBeNull();

    // Chosen again ('View on Map', a search result): no request, the kept details answer.
    store.dispatch(parcelPicked({ pin: '100' }));
    expect(selectSelectedCentroid(store.getState())).toEqual({ lng: -80.9, lat: 35.7 });
    request.unsubscribe();
  });

  it('accepts clicks again after a failed request', async () => {
    network.use(http.get(PARCEL_100, () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    const store = makeTestStore();
    store.dispatch(click('100'));
    const request = store.dispatch(parcelsApi.endpoints.getParcel.initiate('100'));
    await request;
    expect(selectIsParcelFetchPending(store.getState())).toBe(false);
    store.dispatch(click('200'));
    expect(selectSelectedPin(store.getState())).toBeNull();
    request.unsubscribe();
  });
});
