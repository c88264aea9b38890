import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { runtimeConfigLoaded } from '@parcel-map/shared';
import { makeTestStore, network, renderWithStore, setupFakeNetwork, testConfig } from '@parcel-map/shared/testing';
import { orthophoto } from '@parcel-map/shared/testing/orthophoto';
import { BaseMapNotAnsweringNotice } from './MapStatus.tsx';
import { mapBaseMapNotAnswering, mapStyleLoadStarted } from './mapViewSlice.ts';

setupFakeNetwork();

function renderNotice() {
  network.use(
    http.get(`${testConfig.apiBaseUrl}/api/datasets`, () => HttpResponse.json({ dataVersion: 1, datasets: [], initialView: null })),
    http.get(`${testConfig.apiBaseUrl}/api/imagery`, () => HttpResponse.json({ imagery: [orthophoto] })),
  );
  const store = makeTestStore({ signedIn: true });
  store.dispatch(runtimeConfigLoaded({ ...testConfig, map: { ...testConfig.map, styles: [{ id: 'streets', name: 'Streets', url: 'http://styles.test/streets.json' }] } }));
  renderWithStore(<BaseMapNotAnsweringNotice />, { store });
  return store;
}

describe('the notice of an imagery service that is not answering', () => {
  it('says which base map shows instead once the map went back, until dismissed', async () => {
    const store = renderNotice();
    act(() => void store.dispatch(mapStyleLoadStarted({ styleId: 'streets' })));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => void store.dispatch(mapBaseMapNotAnswering({ styleId: 'imagery-orthophoto-2024', showingId: 'streets' })));
    // The fallback's own load does not end it.
    act(() => void store.dispatch(mapStyleLoadStarted({ styleId: 'streets' })));
    expect(await screen.findByRole('status')).toHaveTextContent('Orthophoto 2024 is not answering — showing Streets');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('goes when that base map is asked for again', async () => {
    const store = renderNotice();
    act(() => void store.dispatch(mapBaseMapNotAnswering({ styleId: 'imagery-orthophoto-2024', showingId: 'streets' })));
    expect(await screen.findByRole('status')).toHaveTextContent('Orthophoto 2024 is not answering');
    act(() => void store.dispatch(mapStyleLoadStarted({ styleId: 'imagery-orthophoto-2024' })));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
