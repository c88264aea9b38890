import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { network, renderWithStore, setupFakeNetwork, testConfig } from '@parcel-map/shared/testing';
import { serverApiLoaded } from '@parcel-map/shared/api';
import { DataRoute } from './DataRoute.tsx';

vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: vi.fn(async () => ({ default: () => <h1>Data page</h1> })),
}));

setupFakeNetwork();

function openData() {
  const router = createMemoryRouter(
    [
      { path: '/data', element: <DataRoute /> },
      { path: '/', element: <p>the map</p> },
    ],
    { initialEntries: ['/data'] },
  );
  const rendered = renderWithStore(<RouterProvider router={router} />);
  rendered.store.dispatch(serverApiLoaded());
  return router;
}

describe('DataRoute', () => {
  afterEach(() => vi.mocked(loadRemote).mockClear());

  it('loads the Data page for an administrator (the API answered 204)', async () => {
    network.use(http.get(`${testConfig.apiBaseUrl}/api/admin/access`, () => HttpResponse.json({ administrator: true })));
    openData();
    expect(screen.getByRole('status')).toHaveTextContent('Checking access...');
    expect(await screen.findByRole('heading', { name: 'Data page' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith('remote_data/DataPage');
  });

  it('sends everyone else to the map without fetching the remote', async () => {
    network.use(http.get(`${testConfig.apiBaseUrl}/api/admin/access`, () => HttpResponse.json({ administrator: false })));
    const router = openData();
    expect(await screen.findByText('the map')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(loadRemote).not.toHaveBeenCalled();
  });
});
