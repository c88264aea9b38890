import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addAppListener, REMOTE_MODULES, remoteLoadFailed, runtimeConfigLoaded, savedParcelsOpened, type RuntimeConfig } from '@parcel-map/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { makeTestStore, network, renderWithStore, setupFakeNetwork, testConfig } from '@parcel-map/shared/testing';
import { MapControls, type MapControlActions } from './MapControls.tsx';
import { mapBaseMapNotAnswering, mapSetupFailed, mapStyleLoadFinished, mapStyleLoadStarted, selectMapOverlays } from '../mapView/mapViewSlice.ts';
import { selectIsMeasureOpen } from '../measure/measureSlice.ts';
import { orthophoto } from '@parcel-map/shared/testing/orthophoto';

setupFakeNetwork();
// The Overlays panel asks for the county's overlays (OverlayLayerOptions.test.tsx tests them) and the
// base map menu for the imagery layers: none here, unless a test answers with its own.
beforeEach(() => {
  network.use(
    http.get(`${testConfig.apiBaseUrl}/api/datasets`, () => HttpResponse.json({ dataVersion: 1, datasets: [], initialView: null })),
    http.get(`${testConfig.apiBaseUrl}/api/overlays`, () => HttpResponse.json({ overlays: [] })),
    http.get(`${testConfig.apiBaseUrl}/api/imagery`, () => HttpResponse.json({ imagery: [] })),
  );
});


const twoStyles: RuntimeConfig['map']['styles'] = [
  { id: 'streets', name: 'Streets', url: 'http://styles.test/streets.json' },
  { id: 'satellite', name: 'Satellite Streets', url: 'http://styles.test/satellite.json' },
];

function renderControls({ signedIn = true, actions = fakeActions() }: { signedIn?: boolean; actions?: MapControlActions | null } = {}) {
  const store = makeTestStore({ signedIn });
  store.dispatch(runtimeConfigLoaded({ ...testConfig, map: { ...testConfig.map, styles: twoStyles } }));
  store.dispatch(mapStyleLoadFinished({ styleId: 'streets' }));
  const dispatched: UnknownAction[] = [];
  store.dispatch(addAppListener({ predicate: () => true, effect: (action) => void dispatched.push(action) }));
  renderWithStore(<MapControls actions={actions} />, { store });
  return { store, actions, dispatched };
}

function fakeActions(): MapControlActions {
  return { zoomIn: vi.fn(), zoomOut: vi.fn(), locate: vi.fn(), print: vi.fn(), setStyle: vi.fn() };
}

const control = (name: string) => within(screen.getByRole('toolbar', { name: 'Map controls' })).getByRole('button', { name });

describe('MapControls', () => {
  it('offers every SPEC control by name, in one toolbar', () => {
    renderControls();
    for (const name of ['Overlays', 'Base map', 'Print parcel report', 'Contour lines', 'Measure', 'Saved parcels', 'My location', 'Zoom in', 'Zoom out']) {
      expect(control(name)).toBeInTheDocument();
    }
  });

  it('disables the saved parcels button when signed out', () => {
    renderControls({ signedIn: false });
    expect(control('Saved parcels')).toBeDisabled();
  });

  it('opens the saved list from the saved parcels button', async () => {
    const { dispatched } = renderControls();
    await userEvent.click(control('Saved parcels'));
    expect(dispatched.some((action) => savedParcelsOpened.match(action))).toBe(true);
  });

  it('calls the map for zoom, my location and print; those wait for the map', async () => {
    const { actions } = renderControls();
    await userEvent.click(control('Zoom in'));
    await userEvent.click(control('Zoom out'));
    await userEvent.click(control('My location'));
    await userEvent.click(control('Print parcel report'));
    expect(actions!.zoomIn).toHaveBeenCalledOnce();
    expect(actions!.zoomOut).toHaveBeenCalledOnce();
    expect(actions!.locate).toHaveBeenCalledOnce();
    expect(actions!.print).toHaveBeenCalledOnce();
  });

  it('disables the map-bound buttons until the map exists', () => {
    renderControls({ actions: null });
    for (const name of ['Zoom in', 'Zoom out', 'My location', 'Print parcel report']) expect(control(name)).toBeDisabled();
  });

  it('toggles contours and the measure palette, showing each as pressed', async () => {
    const { store } = renderControls();
    expect(control('Contour lines')).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(control('Contour lines'));
    expect(control('Contour lines')).toHaveAttribute('aria-pressed', 'true');
    expect(selectMapOverlays(store.getState()).contours).toBe(true);
    await userEvent.click(control('Measure'));
    expect(control('Measure')).toHaveAttribute('aria-pressed', 'true');
    expect(selectIsMeasureOpen(store.getState())).toBe(true);
  });

  it("opens the Overlays panel with 'Show Owner Names' on and 'Show Saved Parcels' off, and closes it on Escape", async () => {
    const { store } = renderControls();
    await userEvent.click(control('Overlays'));
    const panel = screen.getByRole('group', { name: 'Overlays' });
    expect(within(panel).getByRole('checkbox', { name: 'Show Owner Names' })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: 'Show Saved Parcels' })).not.toBeChecked();
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Show Owner Names' }));
    expect(selectMapOverlays(store.getState()).ownerNames).toBe(false);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Overlays' })).toBeNull();
    expect(control('Overlays')).toHaveFocus();
  });

  it('lists the base maps, marks the current one and switches to another', async () => {
    const { actions } = renderControls();
    await userEvent.click(control('Base map'));
    const menu = screen.getByRole('menu', { name: 'Base map' });
    expect(within(menu).getByRole('menuitemradio', { name: 'Streets' })).toHaveAttribute('aria-checked', 'true');
    expect(within(menu).getByRole('menuitemradio', { name: 'Satellite Streets' })).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Satellite Streets' }));
    expect(actions!.setStyle).toHaveBeenCalledWith('satellite');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('lists an imagery layer after the configured base maps, chooses it from the keyboard, and marks it once loaded', async () => {
    network.use(http.get(`${testConfig.apiBaseUrl}/api/imagery`, () => HttpResponse.json({ imagery: [orthophoto] })));
    const { actions, store } = renderControls();
    await userEvent.click(control('Base map'));
    const menu = screen.getByRole('menu', { name: 'Base map' });
    await within(menu).findByRole('menuitemradio', { name: 'Imagery — Orthophoto 2024' });
    expect(within(menu).getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(['Streets', 'Satellite Streets', 'Imagery — Orthophoto 2024']);
    await userEvent.keyboard('{End}{Enter}');
    expect(actions!.setStyle).toHaveBeenCalledWith('imagery-orthophoto-2024');

    act(() => void store.dispatch(mapStyleLoadFinished({ styleId: 'imagery-orthophoto-2024' })));
    await userEvent.click(control('Base map'));
    expect(screen.getByRole('menuitemradio', { name: 'Imagery — Orthophoto 2024' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'Imagery — Orthophoto 2024' })).toHaveFocus();
  });

  it('says under an imagery service\'s entry that it is not answering and which base map shows instead, until it is chosen again', async () => {
    network.use(http.get(`${testConfig.apiBaseUrl}/api/imagery`, () => HttpResponse.json({ imagery: [orthophoto] })));
    const { store, actions } = renderControls();
    act(() => void store.dispatch(mapBaseMapNotAnswering({ styleId: 'imagery-orthophoto-2024', showingId: 'streets' })));
    await userEvent.click(screen.getByRole('button', { name: 'Base map' }));
    const entry = await screen.findByRole('menuitemradio', { name: 'Imagery — Orthophoto 2024' });
    expect(entry).toHaveAccessibleDescription('Orthophoto 2024 is not answering — showing Streets');
    expect(screen.getByRole('menuitemradio', { name: 'Streets' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'Streets' })).not.toHaveAccessibleDescription();

    await userEvent.click(entry);
    expect(actions!.setStyle).toHaveBeenCalledWith('imagery-orthophoto-2024');
    act(() => void store.dispatch(mapStyleLoadStarted({ styleId: 'imagery-orthophoto-2024' })));
    await userEvent.click(screen.getByRole('button', { name: 'Base map' }));
    expect(await screen.findByRole('menuitemradio', { name: 'Imagery — Orthophoto 2024' })).not.toHaveAccessibleDescription();
  });

  it('puts the focus on the current base map and switches with the arrow keys and Enter', async () => {
    const { actions } = renderControls();
    await userEvent.click(control('Base map'));
    const menu = screen.getByRole('menu', { name: 'Base map' });
    expect(within(menu).getByRole('menuitemradio', { name: 'Streets' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitemradio', { name: 'Satellite Streets' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(actions!.setStyle).toHaveBeenCalledWith('satellite');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("starts with 'Show Parcel Outlines' on, and toggles the owner names from the keyboard and the outlines by a click", async () => {
    const { store } = renderControls();
    await userEvent.click(control('Overlays'));
    const panel = screen.getByRole('group', { name: 'Overlays' });
    const ownerNames = within(panel).getByRole('checkbox', { name: 'Show Owner Names' });
    const outlines = within(panel).getByRole('checkbox', { name: 'Show Parcel Outlines' });
    expect(outlines).toBeChecked();
    ownerNames.focus();
    await userEvent.keyboard(' ');
    expect(ownerNames).not.toBeChecked();
    expect(selectMapOverlays(store.getState()).ownerNames).toBe(false);
    await userEvent.click(outlines);
    expect(outlines).not.toBeChecked();
    expect(selectMapOverlays(store.getState()).parcelOutlines).toBe(false);
  });

  it("disables every map control under 'Map Initialization Error'", () => {
    const { store } = renderControls({ actions: null });
    act(() => void store.dispatch(mapSetupFailed({ message: 'Mapbox Access Token missing.' })));
    for (const name of ['Overlays', 'Base map', 'Print parcel report', 'Contour lines', 'Measure', 'My location', 'Zoom in', 'Zoom out']) {
      expect(control(name), name).toBeDisabled();
    }
  });

  it('disables the saved-parcels button and says why when the saved parcels could not be loaded', () => {
    const { store } = renderControls();
    act(() => void store.dispatch(remoteLoadFailed({ id: REMOTE_MODULES.savedParcels })));
    expect(control('Saved parcels')).toBeDisabled();
    expect(control('Saved parcels')).toHaveAttribute('title', 'My Saved Parcels could not be loaded.');
  });
});
