import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addAppListener, logoutRequested, savedParcelsOpened, selectMeasureUnits } from '@parcel-map/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeTestStore, network, recordRequests, renderWithStore, setupFakeNetwork, testConfig } from '@parcel-map/shared/testing';
import { MainMenu, SAVED_LIST_OPEN_DELAY_MS } from './MainMenu.tsx';
import { mapViewSettled } from '../mapView/mapViewSlice.ts';

setupFakeNetwork();

function renderMenu(signedIn = true, { administrator = false } = {}) {
  network.use(
    http.get(`${testConfig.apiBaseUrl}/api/admin/access`, () => HttpResponse.json({ administrator })),
  );
  const store = makeTestStore({ signedIn });
  const actions: UnknownAction[] = [];
  store.dispatch(addAppListener({ predicate: () => true, effect: (action) => void actions.push(action) }));
  renderWithStore(
    <MemoryRouter>
      <Routes>
        <Route path="/" element={<MainMenu />} />
        <Route path="/data" element={<h1>Data page</h1>} />
      </Routes>
    </MemoryRouter>,
    { store },
  );
  return { store, actions };
}

// A hidden element has no accessible name, so find the menu by role alone (it is the only one).
const menu = () => screen.getByRole('navigation', { hidden: true });

describe('MainMenu', () => {
  afterEach(() => vi.useRealTimers());

  it('opens from the menu button and shows the user on the Logout item', async () => {
    renderMenu();
    expect(menu()).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(menu()).toHaveAttribute('aria-hidden', 'false');
    expect(screen.getByRole('button', { name: /Logout/ })).toHaveTextContent('ann@example.com');
  });

  it('shows the map centre to 4 decimals, the zoom to 2 and a copyright line in its footer', async () => {
    const { store } = renderMenu();
    act(() => void store.dispatch(mapViewSettled({ lng: -80.123456, lat: 35.987654, zoom: 14.5678 })));
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByText('Center: -80.1235, 35.9877')).toBeInTheDocument();
    expect(screen.getByText('Zoom: 14.57')).toBeInTheDocument();
    expect(screen.getByText(/^© \d{4} Parcel Map/)).toBeInTheDocument();
  });

  it('opens Settings: it logs, offers the measurement units and lists the keyboard shortcuts; the choice is kept in the browser', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { store } = renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(info).toHaveBeenCalledWith('Settings selected');
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(menu()).toHaveAttribute('aria-hidden', 'true');
    expect(within(dialog).getByRole('radio', { name: 'Feet, miles and acres' })).toBeChecked();
    expect(within(dialog).getByText('Select the parcel under the crosshair at the map centre', { exact: false })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Metres, kilometres and hectares' }));
    expect(selectMeasureUnits(store.getState())).toBe('metric');
    expect(localStorage.getItem('measure_units')).toBe('metric');
    expect(makeTestStore().getState().measureUnits).toBe('metric');

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
    localStorage.removeItem('measure_units');
    info.mockRestore();
  });

  it('asks to log out', async () => {
    const { actions } = renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(screen.getByRole('button', { name: /Logout/ }));
    expect(actions.some(logoutRequested.match)).toBe(true);
  });

  it('disables Logout and My Saved Parcels when signed out', async () => {
    renderMenu(false);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('button', { name: /Logout/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Logout/ })).toHaveTextContent('User');
    expect(screen.getByRole('button', { name: 'My Saved Parcels' })).toBeDisabled();
  });

  it('links administrators to the Data page, and only them', async () => {
    renderMenu(true, { administrator: true });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Data' }));
    expect(screen.getByRole('heading', { name: 'Data page' })).toBeInTheDocument();
  });

  it('shows no Data link to a user the API refuses (403)', async () => {
    const requests = recordRequests();
    renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await vi.waitFor(() => expect(requests.map((r) => r.path)).toContain('/api/admin/access'));
    expect(screen.queryByRole('link', { name: 'Data' })).not.toBeInTheDocument();
  });

  it('closes on Escape and on a backdrop click', async () => {
    renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.keyboard('{Escape}');
    expect(menu()).toHaveAttribute('aria-hidden', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(screen.getByTestId('main-menu-backdrop'));
    expect(menu()).toHaveAttribute('aria-hidden', 'true');
  });

  it('takes focus to Logout, keeps Tab inside and gives focus back to the menu button on Escape', async () => {
    renderMenu();
    const openButton = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(openButton);
    const logout = screen.getByRole('button', { name: /Logout/ });
    expect(logout).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'My Saved Parcels' })).toHaveFocus();
    await userEvent.tab();
    expect(logout).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'My Saved Parcels' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(openButton).toHaveFocus();
  });

  it('closes, then opens the saved list 150 ms later', () => {
    vi.useFakeTimers();
    const { actions } = renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(screen.getByRole('button', { name: 'My Saved Parcels' }));
    expect(menu()).toHaveAttribute('aria-hidden', 'true');

    act(() => vi.advanceTimersByTime(SAVED_LIST_OPEN_DELAY_MS - 1));
    expect(actions.some(savedParcelsOpened.match)).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(actions.some(savedParcelsOpened.match)).toBe(true);
  });
});
