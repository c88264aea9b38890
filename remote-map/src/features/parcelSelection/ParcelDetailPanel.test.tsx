import { http, HttpResponse, type JsonBodyType } from 'msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addAppListener, parcelSaveRequested, savedParcelsOpened, type SavedParcelRecord } from '@parcel-map/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import {
  heldAnswer,
  makeTestStore,
  network,
  recordRequests,
  renderWithStore,
  setupFakeNetwork,
  testConfig,
} from '@parcel-map/shared/testing';
import { NOT_A_SURVEY, ParcelDetailPanel } from './ParcelDetailPanel.tsx';
import { parcelCentreRequested, parcelClicked, parcelPanelFocusRequested, parcelPicked, selectSelectedPin } from './parcelSelectionSlice.ts';
import { mapOverlayToggled, mapStyleLoadFinished, mapViewSettled } from '../mapView/mapViewSlice.ts';

const parcelRecord = {
  pin: '4601-22',
  name: null,
  owner: 'SMITH JOHN',
  add1: '12 OAK ST',
  add2: null,
  city: 'MOORESVILLE',
  state: 'NC',
  zip: '28115',
  taxacres: 0.52,
  township: 'DAVIDSON',
  zoning: 'R-1',
  sale_date: '2019-05-01',
  sales_price: 250000,
};
const details = { ...parcelRecord, centroid: { lng: -80.85, lat: 35.61 }, geometry: { type: 'Point', coordinates: [-80.85, 35.61] } };

const savedRecord = (pin: string): SavedParcelRecord => ({
  id: 1,
  parcel_pin: pin,
  parcel_owner_name: 'SMITH JOHN',
  parcel_address: '12 OAK ST',
  parcel_centroid_lat: 35.61,
  parcel_centroid_lon: -80.85,
  notes: null,
  tags: [],
  created_at: '2026-01-01T00:00:00Z',
});

function selectParcel(store: ReturnType<typeof makeTestStore>, pin = parcelRecord.pin) {
  store.dispatch(parcelClicked({ pin }));
}

function recordActions(store: ReturnType<typeof makeTestStore>) {
  const actions: UnknownAction[] = [];
  store.dispatch(addAppListener({ predicate: () => true, effect: (action) => void actions.push(action) }));
  return actions;
}

const API = testConfig.apiBaseUrl;
const parcelUrl = (pin: string) => `${API}/api/parcels/${pin}`;

setupFakeNetwork();

// Most tests are about the parcel's answer alone: the rest of the server has nothing saved and, like
// an API older than data-set metadata, no /api/datasets/current.
beforeEach(() => {
  network.use(
    http.get(`${API}/api/saved-parcels`, () => HttpResponse.json({ parcels: [] })),
    http.get(`${API}/api/datasets/current`, () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
  );
});

function answerParcel(body: JsonBodyType, { pin = parcelRecord.pin, status = 200 } = {}) {
  network.use(http.get(parcelUrl(pin), () => HttpResponse.json(body, { status })));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ParcelDetailPanel', () => {
  it('stays down and empty while nothing is selected', () => {
    renderWithStore(<ParcelDetailPanel />);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Parcel details', { selector: 'section' })).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows the pin and a loading text while the details are on the way, with saving disabled', async () => {
    const held = heldAnswer();
    network.use(http.get(parcelUrl(parcelRecord.pin), held.answer));
    const store = makeTestStore();
    selectParcel(store);
    renderWithStore(<ParcelDetailPanel />, { store });

    expect(screen.getByRole('heading', { name: /4601-22/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading parcel details...');
    expect(screen.getByRole('status')).toHaveTextContent('(If loading takes too long, try refreshing the page)');
    expect(screen.getByRole('button', { name: 'Save parcel' })).toBeDisabled();
    // The loaded list's shape holds its place, out of the accessibility tree.
    const placeholder = screen.getByRole('status').parentElement!.querySelector('dl')!;
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    expect([...placeholder.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['Owner', 'Address', 'Tax Acres', 'Township', 'Zoning', 'Last Sale Date', 'Sale Price', 'Mailing Address']);

    held.release(HttpResponse.json(details));
    expect(await screen.findByText('SMITH JOHN')).toBeInTheDocument();
  });

  it('announces the opened panel to screen readers once the details are in', async () => {
    answerParcel(details);
    const store = makeTestStore();
    selectParcel(store);
    const { container } = renderWithStore(<ParcelDetailPanel />, { store });
    const live = container.querySelector('[aria-live="polite"].parcel-panel__announce')!;
    await waitFor(() => expect(live).toHaveTextContent(`Details of parcel ${parcelRecord.pin} opened: SMITH JOHN.`));
  });

  it("takes the focus for a parcel chosen from the search, with 'Save parcel' two Tabs on", async () => {
    answerParcel(details);
    const store = makeTestStore();
    renderWithStore(
      <>
        <input aria-label="Search" />
        <ParcelDetailPanel />
      </>,
      { store },
    );
    screen.getByLabelText('Search').focus();
    act(() => {
      store.dispatch(parcelPicked({ pin: parcelRecord.pin }));
      store.dispatch(parcelPanelFocusRequested());
    });
    const panel = screen.getByRole('region', { name: 'Parcel details' });
    await waitFor(() => expect(panel).toHaveFocus());
    await screen.findByText('SMITH JOHN');
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Save parcel' })).toHaveFocus();
  });

  it('leaves the focus where it was for a parcel chosen on the map', async () => {
    answerParcel(details);
    const store = makeTestStore();
    renderWithStore(
      <>
        <input aria-label="Search" />
        <ParcelDetailPanel />
      </>,
      { store },
    );
    screen.getByLabelText('Search').focus();
    act(() => selectParcel(store));
    await screen.findByText('SMITH JOHN');
    expect(screen.getByLabelText('Search')).toHaveFocus();
  });

  it('shows owner and address once loaded, and saves the parcel with its centroid', async () => {
    answerParcel(details);
    const store = makeTestStore();
    const actions = recordActions(store);
    selectParcel(store);
    renderWithStore(<ParcelDetailPanel />, { store });

    expect(await screen.findByText('SMITH JOHN')).toBeInTheDocument();
    expect(screen.getByText('12 OAK ST, MOORESVILLE')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save parcel' });
    await waitFor(() => expect(save).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Saved Location' })).not.toBeInTheDocument();

    await userEvent.click(save);
    expect(actions.filter(parcelSaveRequested.match).map((action) => action.payload)).toEqual([
      { parcel: parcelRecord, centroid: { lng: -80.85, lat: 35.61 } },
    ]);
  });

  it("writes 'N/A' for every missing value", async () => {
    answerParcel({ pin: '7', centroid: { lng: 0, lat: 0 }, geometry: { type: 'Point', coordinates: [0, 0] } }, { pin: '7' });
    const store = makeTestStore();
    selectParcel(store, '7');
    renderWithStore(<ParcelDetailPanel />, { store });
    await waitFor(() => expect(screen.getAllByText('N/A')).toHaveLength(8));
  });

  it("leaves out the rows of fields its data set holds for no parcel, and keeps 'N/A' for one this parcel lacks", async () => {
    // Cambridge's file: no owner, township, zoning, sale price or mailing address in any parcel; this lot has no sale date.
    answerParcel({
      ...details, owner: null, township: null, zoning: null, sale_date: null, sales_price: null,
      empty_fields: ['name', 'owner', 'township', 'zoning', 'sales_price', 'mail_add1', 'mail_city', 'mail_state', 'mail_zip'],
    });
    const store = makeTestStore();
    selectParcel(store);
    renderWithStore(<ParcelDetailPanel />, { store });
    await screen.findByText('12 OAK ST, MOORESVILLE');
    const rows = [...document.querySelectorAll('dl:not([aria-hidden]) > div')].map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]);
    expect(rows).toEqual([
      ['Address', '12 OAK ST, MOORESVILLE'],
      ['Tax Acres', '0.52'],
      ['Last Sale Date', 'N/A'],
    ]);
  });

  it('writes acreage, township, zoning, sale date and price in the SPEC formats', async () => {
    answerParcel({ ...details, taxacres: 0.5249, sales_price: 1250000.4 });
    const store = makeTestStore();
    selectParcel(store);
    renderWithStore(<ParcelDetailPanel />, { store });
    const value = async (term: string) => (await screen.findByText(term, { selector: 'dl:not([aria-hidden]) dt' })).nextElementSibling?.textContent;
    expect(await value('Tax Acres')).toBe('0.52');
    expect(await value('Township')).toBe('DAVIDSON');
    expect(await value('Zoning')).toBe('R-1');
    expect(await value('Last Sale Date')).toBe('05/01/2019');
    expect(await value('Sale Price')).toBe('$1,250,000');
  });

  it("lists the county's own attributes under 'More details', collapsed until opened", async () => {
    const attributes = [
      { key: 'UseDescription', label: 'Land use', value: 'THREE-FM-RES' },
      { key: 'TotalAppraisedParcelValue', label: 'Appraised total value', value: 635100, format: 'currency' },
      { key: 'AYBYrBuilt', label: 'Year built', value: '1854' },
    ];
    answerParcel({ ...details, attributes });
    const store = makeTestStore();
    selectParcel(store);
    renderWithStore(<ParcelDetailPanel />, { store });

    const summary = await screen.findByText('More details', { selector: 'summary' });
    const disclosure = summary.closest('details')!;
    expect(disclosure).not.toHaveAttribute('open');
    expect(within(disclosure).getByText('Land use')).not.toBeVisible();
    // SPEC's fields keep their places and formats above it.
    expect(screen.getByText('Zoning', { selector: 'dt' }).nextElementSibling).toHaveTextContent('R-1');

    await userEvent.click(summary);
    expect(disclosure).toHaveAttribute('open');
    const rows = [...disclosure.querySelectorAll('dl > div')].map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]);
    expect(rows).toEqual([
      ['Land use', 'THREE-FM-RES'],
      ['Appraised total value', '$635,100'],
      ['Year built', '1854'],
    ]);
    expect(within(disclosure).getByText('Land use')).toBeVisible();
  });

  it("has no 'More details' for a parcel without attributes, and shows the owner's mailing address where there is one", async () => {
    answerParcel({ ...details, attributes: [], mail_add1: 'PO BOX 12', mail_city: 'RALEIGH', mail_state: 'NC', mail_zip: '27609' });
    const store = makeTestStore();
    selectParcel(store);
    renderWithStore(<ParcelDetailPanel />, { store });
    expect(await screen.findByText('PO BOX 12, RALEIGH, NC 27609')).toBeInTheDocument();
    expect(screen.getByText('Mailing Address', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.queryByText('More details')).not.toBeInTheDocument();
  });

  it('copies a maps search link with the centroid, then returns to idle after 2 s', async () => {
    answerParcel(details);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const store = makeTestStore();
    selectParcel(store);
    renderWithStore(<ParcelDetailPanel />, { store });
    const button = await screen.findByRole('button', { name: 'Copy link' });
    await waitFor(() => expect(button).toBeEnabled());

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await userEvent.click(button);
      expect(writeText).toHaveBeenCalledWith('https://www.google.com/maps/search/?api=1&query=35.610000,-80.850000');
      expect(await screen.findByText('Link copied')).toBeInTheDocument();
      expect(button).toHaveAttribute('data-copy-state', 'copied');
      await vi.advanceTimersByTimeAsync(2000);
      await waitFor(() => expect(button).toHaveAttribute('data-copy-state', 'idle'));
    } finally {
      vi.useRealTimers();
    }
  });

  it("'Share link' copies the app's own URL with the selection, the view, the base map and the overlays", async () => {
    answerParcel(details);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const store = makeTestStore();
    selectParcel(store);
    store.dispatch(mapViewSettled({ lng: -80.85, lat: 35.61, zoom: 16 }));
    store.dispatch(mapStyleLoadFinished({ styleId: 'outdoors-v12' }));
    store.dispatch(mapOverlayToggled({ overlay: 'contours' }));
    renderWithStore(<ParcelDetailPanel />, { store });
    await userEvent.click(await screen.findByRole('button', { name: 'Share link' }));
    expect(writeText).toHaveBeenCalledWith(
      `${window.location.origin}/?pin=${parcelRecord.pin}&view=-80.85000%2C35.61000%2C16.00&style=outdoors-v12&layers=owners%2Coutlines%2Ccontours`,
    );
    expect(await screen.findByText('Share link copied')).toBeInTheDocument();
  });

  it('reports a failed copy', async () => {
    answerParcel(details);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    const store = makeTestStore();
    selectParcel(store);
    renderWithStore(<ParcelDetailPanel />, { store });
    const button = await screen.findByRole('button', { name: 'Copy link' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText('Copy failed')).toBeInTheDocument();
    expect(button).toHaveAttribute('data-copy-state', 'failed');
  });

  it("asks the map to centre on the parcel's geometry", async () => {
    answerParcel(details);
    const store = makeTestStore();
    const actions = recordActions(store);
    selectParcel(store);
    renderWithStore(<ParcelDetailPanel />, { store });
    const button = await screen.findByRole('button', { name: 'Center on parcel' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(actions.filter(parcelCentreRequested.match).map((action) => action.payload)).toEqual([
      { geometry: details.geometry, centroid: details.centroid },
    ]);
  });

  it("shows the parcel's own data set's source, as-of date and licence, and the not-a-survey line", async () => {
    answerParcel({ ...details, dataset: 'south' });
    const dataset = { version: 1, parcels: 3, publishedAt: '2026-01-02T10:00:00Z', bbox: null };
    network.use(
      http.get(`${API}/api/datasets`, () =>
        HttpResponse.json({
          dataVersion: 4,
          datasets: [
            { ...dataset, name: 'north', source: 'North County GIS', licence: 'PDDL', asOf: '2024-06-30' },
            { ...dataset, name: 'south', source: 'Demo County GIS', licence: 'CC0', asOf: '2025-12-31' },
          ],
          initialView: null,
        }),
      ),
    );
    const store = makeTestStore();
    selectParcel(store);
    renderWithStore(<ParcelDetailPanel />, { store });
    expect(await screen.findByText('Data: Demo County GIS, as of 12/31/2025. Licence: CC0.')).toBeInTheDocument();
    expect(screen.getByText(NOT_A_SURVEY)).toBeInTheDocument();
  });

  it('still shows the disclaimer when the server has no data-set metadata', async () => {
    answerParcel(details);
    const store = makeTestStore();
    selectParcel(store);
    renderWithStore(<ParcelDetailPanel />, { store });
    await screen.findByText('SMITH JOHN');
    expect(screen.getByText(NOT_A_SURVEY)).toBeInTheDocument();
    expect(screen.queryByTestId('parcel-provenance')).not.toBeInTheDocument();
  });

  it('shows the error title, the server message and a refresh button when loading fails', async () => {
    answerParcel({ message: 'Parcel service unavailable' }, { status: 503 });
    const store = makeTestStore();
    selectParcel(store);
    renderWithStore(<ParcelDetailPanel />, { store });

    expect(await screen.findByRole('heading', { name: 'Error Loading PIN: 4601-22' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Parcel service unavailable');
    expect(within(alert).getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save parcel' })).toBeDisabled();
  });

  it('rejects a record for another pin as invalid data', async () => {
    answerParcel({ ...details, pin: 'other' });
    const store = makeTestStore();
    selectParcel(store);
    renderWithStore(<ParcelDetailPanel />, { store });
    expect(await screen.findByRole('alert')).toHaveTextContent('Received invalid parcel data from the server.');
  });

  it("disables saving for a parcel already saved and offers 'Saved Location' instead", async () => {
    answerParcel(details);
    network.use(http.get(`${API}/api/saved-parcels`, () => HttpResponse.json({ parcels: [savedRecord('4601-22')] })));
    const store = makeTestStore();
    const actions = recordActions(store);
    selectParcel(store);
    renderWithStore(<ParcelDetailPanel />, { store });

    const savedLink = await screen.findByRole('button', { name: 'Saved Location' });
    expect(screen.getByRole('button', { name: 'Save parcel' })).toBeDisabled();
    await userEvent.click(savedLink);
    expect(actions.some(savedParcelsOpened.match)).toBe(true);
  });

  it('does not ask for the saved list when signed out', async () => {
    const requests = recordRequests();
    const store = makeTestStore({ signedIn: false });
    selectParcel(store);
    renderWithStore(<ParcelDetailPanel />, { store });
    expect(await screen.findByRole('heading', { name: 'Error Loading PIN: 4601-22' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('User not authenticated');
    expect(requests).toEqual([]);
    expect(screen.getByRole('button', { name: 'Save parcel' })).toBeDisabled();
  });

  it('closes and deselects from the close button', async () => {
    answerParcel(details);
    const store = makeTestStore();
    selectParcel(store);
    renderWithStore(<ParcelDetailPanel />, { store });
    await screen.findByText('SMITH JOHN');

    await userEvent.click(screen.getByRole('button', { name: 'Close parcel details' }));
    expect(selectSelectedPin(store.getState())).toBeNull();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
