import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { Overlay } from '@parcel-map/shared/api';
import { makeTestStore, network, recordRequests, setupFakeNetwork, testConfig } from '@parcel-map/shared/testing';
import { MapControls } from '../mapControls/MapControls.tsx';
import { useDeepLinks } from '../deepLinks/useDeepLinks.ts';
import { parcelsApi } from '../parcelSelection/parcelsApi.ts';
import { selectShownOverlayLayers } from '../mapView/mapViewSlice.ts';
import { NO_OVERLAY_LAYERS_MESSAGE } from './OverlayLayerOptions.tsx';

const API = testConfig.apiBaseUrl;
setupFakeNetwork();

const overlay = (name: string, fields: Partial<Overlay>): Overlay => ({
  name,
  label: name,
  geometryType: 'polygon',
  version: 1,
  features: 10,
  bbox: [-71.16, 42.35, -71.06, 42.41],
  tiles: `/tiles/overlays/${name}/{z}/{x}/{y}.pbf?v=1`,
  context: null,
  style: { colour: '#888888' },
  legend: null,
  fields: [],
  source: 'City of Cambridge GIS',
  licence: 'ODC-PDDL-1.0',
  ...fields,
});

const CAMBRIDGE_OVERLAYS: Overlay[] = [
  overlay('flood-zones', {
    label: 'Flood zones (FEMA 100-year)',
    style: { colour: '#adb5bd', byAttribute: { attribute: 'fld_zone', colours: { AE: '#332288', X: '#DDCC77' } } },
    legend: {
      attribute: 'fld_zone',
      entries: [
        { value: 'AE', label: '1% annual chance flood, base flood elevation determined', colour: '#332288', features: 18 },
        { value: 'X', label: 'X', colour: '#DDCC77', features: 3 },
      ],
      others: 0,
    },
  }),
  overlay('railroads', { label: 'Railroads', geometryType: 'line', style: { colour: '#343a40' } }),
  overlay('water', { label: 'Water bodies', context: 'water', style: { colour: '#a5d8ff' } }),
];

function answerWith(overlays: () => Overlay[], dataVersion: () => number = () => 4) {
  network.use(
    http.get(`${API}/api/datasets`, () => HttpResponse.json({ dataVersion: dataVersion(), datasets: [], initialView: null })),
    http.get(`${API}/api/overlays`, () => HttpResponse.json({ overlays: overlays() })),
    // The base map menu asks for the imagery layers: none here.
    http.get(`${API}/api/imagery`, () => HttpResponse.json({ imagery: [] })),
  );
}

function Location() {
  const { search } = useLocation();
  return <output aria-label="URL search">{search}</output>;
}

function Screen() {
  useDeepLinks(null);
  return (
    <>
      <MapControls actions={null} />
      <Location />
    </>
  );
}

function renderPanel(url = '/') {
  const store = makeTestStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Screen />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

async function openPanel() {
  await userEvent.click(within(screen.getByRole('toolbar', { name: 'Map controls' })).getByRole('button', { name: 'Overlays' }));
  return screen.getByRole('group', { name: 'Overlays' });
}

const swatchColour = (element: Element | null | undefined) => (element as HTMLElement | null)?.style.getPropertyValue('--overlay-colour');
const legendOf = (layers: HTMLElement, label: string) =>
  within(within(layers).getByRole('list', { name: `${label} legend` }))
    .getAllByRole('listitem')
    .map((entry) => [entry.textContent, swatchColour(entry.querySelector('.overlay-swatch'))]);

describe('the Overlays panel’s county layers (issue #23 §5)', () => {
  it('lists each overlay but base-map context under SPEC’s switches, each with a checkbox and its legend', async () => {
    answerWith(() => CAMBRIDGE_OVERLAYS);
    renderPanel();
    const panel = await openPanel();
    const layers = await within(panel).findByRole('list', { name: 'County layers' });

    const checkboxes = within(panel).getAllByRole('checkbox').map((checkbox) => checkbox.closest('label')?.textContent);
    expect(checkboxes).toEqual(['Show Owner Names', 'Show Saved Parcels', 'Show Parcel Outlines', 'Flood zones (FEMA 100-year)', 'Railroads']);
    expect(within(panel).queryByText('Water bodies')).toBeNull();

    // One colour: its swatch beside the name, drawn as the map draws a line.
    const railroads = within(layers).getByRole('checkbox', { name: 'Railroads' }).closest('label')!;
    expect(swatchColour(railroads.querySelector('.overlay-swatch--line'))).toBe('#343a40');
    // Coloured by an attribute: each value the layer holds with what it means and its colour, in the legend's order; no 'Other' when every feature has one.
    expect(legendOf(layers, 'Flood zones (FEMA 100-year)')).toEqual([
      ['AE — 1% annual chance flood, base flood elevation determined', '#332288'],
      ['X', '#DDCC77'],
    ]);
    for (const checkbox of within(layers).getAllByRole('checkbox')) expect(checkbox).not.toBeChecked();
  });

  it('ends a legend with the overlay’s colour as ‘Other’ when some features hold none of its values', async () => {
    const [flood] = CAMBRIDGE_OVERLAYS;
    answerWith(() => [{ ...flood!, legend: { ...flood!.legend!, others: 2 } }]);
    renderPanel();
    const layers = await within(await openPanel()).findByRole('list', { name: 'County layers' });
    expect(legendOf(layers, 'Flood zones (FEMA 100-year)').at(-1)).toEqual(['Other', '#adb5bd']);
  });

  it('switches an overlay on and off, and keeps the ones on in the URL', async () => {
    answerWith(() => CAMBRIDGE_OVERLAYS);
    const store = renderPanel('/?pin=77');
    const panel = await openPanel();
    const flood = await within(panel).findByRole('checkbox', { name: 'Flood zones (FEMA 100-year)' });
    await userEvent.click(flood);
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Railroads' }));
    expect(flood).toBeChecked();
    expect(selectShownOverlayLayers(store.getState())).toEqual(['flood-zones', 'railroads']);
    expect(screen.getByRole('status', { name: 'URL search' })).toHaveTextContent('?pin=77&overlays=flood-zones%2Crailroads');

    await userEvent.click(flood);
    expect(flood).not.toBeChecked();
    expect(screen.getByRole('status', { name: 'URL search' })).toHaveTextContent(/^\?pin=77&overlays=railroads$/);
  });

  it('opens with the overlays a URL names switched on', async () => {
    answerWith(() => CAMBRIDGE_OVERLAYS);
    renderPanel('/?overlays=railroads');
    const panel = await openPanel();
    expect(await within(panel).findByRole('checkbox', { name: 'Railroads' })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: 'Flood zones (FEMA 100-year)' })).not.toBeChecked();
  });

  it('says so when the county has no overlay to switch (base-map context is none)', async () => {
    answerWith(() => CAMBRIDGE_OVERLAYS.filter((candidate) => candidate.context !== null));
    renderPanel();
    const panel = await openPanel();
    expect(await within(panel).findByText(NO_OVERLAY_LAYERS_MESSAGE)).toBeInTheDocument();
    expect(within(panel).getAllByRole('checkbox')).toHaveLength(3);
  });

  it('asks for the overlays again when the data version moves on, and lists an overlay imported meanwhile', async () => {
    let version = 4;
    let overlays = CAMBRIDGE_OVERLAYS.slice(0, 1);
    answerWith(
      () => overlays,
      () => version,
    );
    const store = renderPanel();
    const panel = await openPanel();
    await within(panel).findByRole('checkbox', { name: 'Flood zones (FEMA 100-year)' });
    const requests = recordRequests();

    version = 5;
    overlays = CAMBRIDGE_OVERLAYS;
    await act(() => store.dispatch(parcelsApi.endpoints.getDatasets.initiate(undefined, { forceRefetch: true })));
    expect(await within(panel).findByRole('checkbox', { name: 'Railroads' })).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((request) => request.path === '/api/overlays')).toHaveLength(1));
  });
});
