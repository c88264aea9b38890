import { act, render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeTestStore, network, recordRequests, setupFakeNetwork, testConfig } from '@parcel-map/shared/testing';
import type { MapController } from '../../map/mapController.ts';
import { cacheParcel, cachedParcel } from '../parcelSelection/parcelCache.ts';
import { parcelsApi, selectCachedParcel } from '../parcelSelection/parcelsApi.ts';
import { useDataVersion } from './useDataVersion.ts';

const API = testConfig.apiBaseUrl;
setupFakeNetwork();

const datasetsAnswer = (dataVersion: number, initialView: { bounds: [number, number, number, number] } | null = null) => ({
  dataVersion,
  datasets: [{ name: 'demo', version: 1, parcels: 3, source: 'Demo', licence: 'CC0', asOf: null, publishedAt: '2026-01-02T10:00:00Z', bbox: null }],
  initialView,
});

function fakeController() {
  return { draw: vi.fn(), showBounds: vi.fn() } as unknown as MapController & { draw: ReturnType<typeof vi.fn>; showBounds: ReturnType<typeof vi.fn> };
}

function Probe({ controller }: { controller: MapController }) {
  useDataVersion(controller);
  return null;
}

function renderProbe(controller: MapController, url = '/') {
  const store = makeTestStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Probe controller={controller} />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const parcel = { pin: 'P-1', dataset: 'demo', name: null, owner: 'OLD OWNER', add1: null, add2: null, city: null, state: null, zip: null, taxacres: 1, township: null, zoning: null, sale_date: null, sales_price: null, mail_add1: null, mail_city: null, mail_state: null, mail_zip: null, attributes: [], empty_fields: [], centroid: { lng: 0, lat: 0 }, geometry: { type: 'Point' as const, coordinates: [0, 0] } };

describe('useDataVersion', () => {
  it('hands the data version to the map, and opens at the initial view an administrator set', async () => {
    network.use(http.get(`${API}/api/datasets`, () => HttpResponse.json(datasetsAnswer(7, { bounds: [-71.2, 42.3, -71, 42.4] }))));
    const controller = fakeController();
    renderProbe(controller);
    await waitFor(() => expect(controller.draw).toHaveBeenCalledWith('parcels', { dataVersion: 7 }));
    expect(controller.showBounds).toHaveBeenCalledExactlyOnceWith([-71.2, 42.3, -71, 42.4]);
  });

  it('leaves a link that says what to show where it points', async () => {
    network.use(http.get(`${API}/api/datasets`, () => HttpResponse.json(datasetsAnswer(7, { bounds: [-71.2, 42.3, -71, 42.4] }))));
    const controller = fakeController();
    renderProbe(controller, '/?view=-80.86,35.62,16');
    await waitFor(() => expect(controller.draw).toHaveBeenCalledWith('parcels', { dataVersion: 7 }));
    expect(controller.showBounds).not.toHaveBeenCalled();
  });

  it('after a publish, gives the map the new version and reloads parcel details instead of showing the cached ones', async () => {
    let version = 7;
    network.use(
      http.get(`${API}/api/datasets`, () => HttpResponse.json(datasetsAnswer(version))),
      http.get(`${API}/api/parcels/P-1`, () => HttpResponse.json({ ...parcel, owner: 'NEW OWNER' })),
    );
    const controller = fakeController();
    const store = renderProbe(controller);
    await waitFor(() => expect(controller.draw).toHaveBeenCalledWith('parcels', { dataVersion: 7 }));
    cacheParcel(parcel);
    const details = store.dispatch(parcelsApi.endpoints.getParcel.initiate('P-1'));
    expect((await details).data?.owner).toBe('OLD OWNER');
    const requests = recordRequests();

    version = 8;
    await act(() => store.dispatch(parcelsApi.endpoints.getDatasets.initiate(undefined, { forceRefetch: true })));
    await waitFor(() => expect(controller.draw).toHaveBeenLastCalledWith('parcels', { dataVersion: 8 }));
    await waitFor(() => expect(selectCachedParcel(store.getState(), 'P-1')?.owner).toBe('NEW OWNER'));
    expect(requests.some((request) => request.path === '/api/parcels/P-1')).toBe(true);
    expect(cachedParcel('P-1')?.owner).toBe('NEW OWNER');
    details.unsubscribe();
  });
});
