import { http, HttpResponse } from 'msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Overlay, ParcelQueryResponse, QueryField } from '@parcel-map/shared';
import type { SavedQuery } from '@parcel-map/shared/api';
import { makeTestStore, network, renderWithStore, setupFakeNetwork, testConfig } from '@parcel-map/shared/testing';
import type { MapController } from '../../map/mapController.ts';
import { MapControls } from '../mapControls/MapControls.tsx';
import { measureDrawingStopped, measurementUpdated } from '../measure/measureSlice.ts';
import { parcelsApi } from '../parcelSelection/parcelsApi.ts';
import { QueryPanel } from './QueryPanel.tsx';

const API = testConfig.apiBaseUrl;
const FIELDS: QueryField[] = [
  { field: 'owner', label: 'Owner', type: 'text', ops: ['=', '!=', 'contains', 'in'] },
  { field: 'taxacres', label: 'Tax Acres', type: 'number', ops: ['=', '!=', '<', '<=', '>', '>=', 'between', 'in'] },
  { field: 'zoning', label: 'Zoning', type: 'enum', ops: ['=', '!=', 'contains', 'in'], values: ['R-20', 'R-40'] },
  { field: 'sale_date', label: 'Last Sale Date', type: 'date', ops: ['=', '!=', '<', '<=', '>', '>=', 'between', 'in'] },
];

const parcel = (n: number) => ({
  pin: `P${n}`,
  owner: `OWNER ${n} LLC`,
  add1: `${n} OAK ST`,
  city: 'MOORESVILLE',
  zip: '28115',
  taxacres: 6,
  centroid: { lng: -80.86, lat: 35.62 },
  mail_add1: 'PO BOX 1',
  mail_city: 'RALEIGH',
  mail_state: 'NC',
  mail_zip: '27601',
});

interface QueryBody {
  q?: string;
  filters?: unknown[];
  limit?: number;
  offset?: number;
}

/** The tiles of a query's matches, as the API names them: a key of the conditions (here their JSON's length). */
const matchTiles = (body: QueryBody) => `/tiles/query/${String(JSON.stringify(body).length).padStart(22, 'k')}/{z}/{x}/{y}.pbf?v=1`;

/** Where the fake API's matches lie. */
const MATCHES_BOUNDS = [-80.95, 35.4, -80.75, 35.55];

/** The API over `matching` parcels: pages of them for JSON, all of them with their count line for CSV, their tiles for the map. */
function fakeQueryApi(matching: (body: QueryBody) => number) {
  const bodies: QueryBody[] = [];
  const csvBodies: QueryBody[] = [];
  const matchBodies: QueryBody[] = [];
  network.use(
    http.get(`${API}/api/parcels/query/fields`, () => HttpResponse.json({ fields: FIELDS })),
    http.post(`${API}/api/parcels/query/matches`, async ({ request }) => {
      const body = (await request.json()) as QueryBody;
      matchBodies.push(body);
      const total = matching(body);
      return HttpResponse.json({ tiles: matchTiles(body), total, bounds: total > 0 ? MATCHES_BOUNDS : null });
    }),
    http.post(`${API}/api/parcels/query`, async ({ request }) => {
      const body = (await request.json()) as QueryBody;
      const total = matching(body);
      if (request.headers.get('Accept') === 'text/csv') {
        csvBodies.push(body);
        const rows = Array.from({ length: total }, (_, index) => `P${index + 1},OWNER ${index + 1} LLC`);
        return new HttpResponse(`\uFEFFpin,owner\r\n${rows.join('\r\n')}\r\n# ${total} rows\r\n`, { headers: { 'Content-Type': 'text/csv' } });
      }
      bodies.push(body);
      const offset = body.offset ?? 0;
      const count = Math.max(0, Math.min(body.limit ?? 20, total - offset));
      const answer: ParcelQueryResponse = { results: Array.from({ length: count }, (_, index) => parcel(offset + index + 1)), total };
      return HttpResponse.json(answer);
    }),
  );
  return { bodies, csvBodies, matchBodies };
}

/** A line of the panel, once its debounced query has been answered (a busy machine may take seconds). */
const ANSWERED = { timeout: 5_000 };
const panelSays = (text: string) => screen.findByText(text, {}, ANSWERED);

const pages = (bodies: QueryBody[]) => bodies.filter((body) => body.limit === 20);

function fakeController() {
  const draw = vi.fn();
  return { controller: { draw, centreOn: vi.fn() } as unknown as MapController, draw };
}

function renderPanel(store = makeTestStore()) {
  const { controller, draw } = fakeController();
  renderWithStore(
    <>
      <MapControls actions={null} />
      <QueryPanel controller={controller} />
    </>,
    { store },
  );
  return { store, draw };
}

async function openPanel() {
  await userEvent.click(within(screen.getByRole('toolbar', { name: 'Map controls' })).getByRole('button', { name: 'Query parcels' }));
  const panel = await screen.findByRole('complementary', { name: 'Query parcels' });
  await within(panel).findByRole('button', { name: 'Add condition' });
  return panel;
}

async function addCondition(field: string, comparison: string, value: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
  const number = screen.getAllByRole('group', { name: /^Condition \d+$/ }).length;
  await userEvent.selectOptions(screen.getByRole('combobox', { name: `Field of condition ${number}` }), field);
  await userEvent.selectOptions(screen.getByRole('combobox', { name: `Comparison of condition ${number}` }), comparison);
  const input = screen.getByLabelText(new RegExp(`^(Value of|From,) condition ${number}$`));
  if (input instanceof HTMLSelectElement) await userEvent.selectOptions(input, value);
  else await userEvent.type(input, value);
}

setupFakeNetwork();

beforeEach(() => {
  // The map controls' Overlays panel and base map menu ask for these: none here.
  network.use(
    http.get(`${API}/api/datasets`, () => HttpResponse.json({ dataVersion: 1, datasets: [], initialView: null })),
    http.get(`${API}/api/overlays`, () => HttpResponse.json({ overlays: [] })),
    http.get(`${API}/api/imagery`, () => HttpResponse.json({ imagery: [] })),
    http.get(`${API}/api/saved-queries`, () => HttpResponse.json({ queries: [] })),
  );
  // jsdom has no object URLs; the download itself is the browser's.
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:query');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});

// The first test also loads the panel's modules; a busy machine takes longer than Vitest's default 5 s.
describe('the query panel', { timeout: 20_000 }, () => {
  it("builds conditions from the data set's fields and their labels, and counts the exact matches as they change", async () => {
    const { bodies } = fakeQueryApi((body) => (body.filters?.length === 2 ? 1 : 37));
    renderPanel();
    await openPanel();
    expect(screen.getByText('Add a condition or words to list the parcels that match.')).toBeVisible();

    await addCondition('Tax Acres', 'more than', '5');
    expect(await panelSays('37 parcels match')).toBeVisible();
    expect(pages(bodies).at(-1)).toEqual({ filters: [{ field: 'taxacres', op: '>', value: 5 }], limit: 20, offset: 0 });
    // The enum field's values are offered as they are in the data.
    await addCondition('Zoning', 'is', 'R-20');
    expect(await panelSays('1 parcel matches')).toBeVisible();
    expect(pages(bodies).at(-1)).toEqual({
      filters: [
        { field: 'taxacres', op: '>', value: 5 },
        { field: 'zoning', op: '=', value: 'R-20' },
      ],
      limit: 20,
      offset: 0,
    });
    expect(screen.getByText('OWNER 1 LLC')).toBeVisible();
  });

  it('reads a range and a list of values from what is typed, and leaves out a condition until it is complete', async () => {
    const { bodies } = fakeQueryApi(() => 4);
    renderPanel();
    await openPanel();
    await addCondition('Last Sale Date', 'between', '2020-01-01');
    await addCondition('Owner', 'is one of', 'SMITH, JOHN; REID STEVEN');
    expect(await panelSays('4 parcels match')).toBeVisible();
    expect(pages(bodies).at(-1)!.filters).toEqual([{ field: 'owner', op: 'in', value: ['SMITH, JOHN', 'REID STEVEN'] }]);

    await userEvent.type(screen.getByLabelText('To, condition 1'), '2024-12-31');
    await waitFor(() => expect(pages(bodies).at(-1)!.filters).toHaveLength(2), ANSWERED);
    expect(pages(bodies).at(-1)!.filters![0]).toEqual({ field: 'sale_date', op: 'between', value: ['2020-01-01', '2024-12-31'] });
  });

  it('highlights every match on the map by their tiles, not a list of them, and pages through the list', async () => {
    const { bodies, matchBodies } = fakeQueryApi(() => 30_000);
    const { draw } = renderPanel();
    await openPanel();
    await addCondition('Tax Acres', 'at least', '1');
    expect(await panelSays('30,000 parcels match')).toBeVisible();
    const conditions = { filters: [{ field: 'taxacres', op: '>=', value: 1 }] };
    await waitFor(() => expect(draw).toHaveBeenLastCalledWith('queryMatches', { tilesUrl: new URL(matchTiles(conditions), API).href.replace(/%7B([zxy])%7D/g, '{$1}'), total: 30_000 }), ANSWERED);
    expect(matchBodies).toEqual([conditions]);
    // Only the page listed is read, and no word says the map shows fewer than all.
    expect(bodies.map((body) => body.limit)).toEqual([20]);
    expect(screen.queryByText(/highlights the first/)).toBeNull();

    expect(screen.getByText('Page 1 of 1,500')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await panelSays('OWNER 21 LLC')).toBeVisible();
    expect(pages(bodies).at(-1)).toMatchObject({ offset: 20 });

    await userEvent.click(screen.getByRole('button', { name: 'Close query' }));
    expect(draw).toHaveBeenLastCalledWith('queryMatches', { tilesUrl: null, total: 0 });
  });

  it('downloads the whole result as CSV by the same query, and says how many rows the file holds', async () => {
    const { csvBodies } = fakeQueryApi(() => 600);
    renderPanel();
    await openPanel();
    await addCondition('Tax Acres', 'at least', '1');
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await panelSays('Downloaded 600 rows.')).toBeVisible();
    expect(csvBodies).toEqual([{ filters: [{ field: 'taxacres', op: '>=', value: 1 }] }]);
    expect(URL.createObjectURL).toHaveBeenCalledOnce();
  });

  it('prints mailing labels of the whole result, not of its page, read by the same query, and says how many', async () => {
    const { csvBodies } = fakeQueryApi(() => 600);
    renderPanel();
    await openPanel();
    await addCondition('Tax Acres', 'at least', '1');
    await userEvent.click(await screen.findByRole('button', { name: 'Print labels' }));
    const labels = await screen.findByRole('dialog', { name: 'Mailing labels' });
    expect(labels).toHaveTextContent('600 labels for 600 parcels on 20 sheets (Avery 5160: 3 × 10, US Letter)');
    expect(await within(labels).findByText('OWNER 600 LLC')).toBeInTheDocument();
    expect(csvBodies).toEqual([{ filters: [{ field: 'taxacres', op: '>=', value: 1 }] }]);
  });

  it("says the API's message when a query is refused, and offers to load the fields again when they fail", async () => {
    let fieldsFail = true;
    network.use(
      http.get(`${API}/api/parcels/query/fields`, () => (fieldsFail ? HttpResponse.json({ message: 'Too many requests' }, { status: 429 }) : HttpResponse.json({ fields: FIELDS }))),
      http.post(`${API}/api/parcels/query`, () => HttpResponse.json({ message: 'taxacres: a value must be a number' }, { status: 400 })),
      http.post(`${API}/api/parcels/query/matches`, () => HttpResponse.json({ message: 'taxacres: a value must be a number' }, { status: 400 })),
    );
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Query parcels' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
    fieldsFail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Add condition' });
    await addCondition('Tax Acres', 'is', '2');
    expect(await panelSays('taxacres: a value must be a number')).toBeVisible();
  });

  it('is used from the keyboard: a condition added takes the focus, one removed gives it back to adding', async () => {
    const { bodies } = fakeQueryApi(() => 2);
    renderPanel();
    await openPanel();
    screen.getByRole('button', { name: 'Add condition' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('combobox', { name: 'Field of condition 1' })).toHaveFocus();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Field of condition 1' }), 'Tax Acres');
    await userEvent.tab();
    expect(screen.getByRole('combobox', { name: 'Comparison of condition 1' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('3');
    expect(await panelSays('2 parcels match')).toBeVisible();
    expect(pages(bodies).at(-1)!.filters).toEqual([{ field: 'taxacres', op: '=', value: 3 }]);
    screen.getByRole('button', { name: 'Remove condition 1' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Add condition' })).toHaveFocus();
    expect(screen.queryByRole('group', { name: 'Condition 1' })).toBeNull();
  });

  it('asks its query again when a publish moves the data version on', async () => {
    let published = 1;
    const { bodies } = fakeQueryApi(() => (published === 1 ? 5 : 8));
    network.use(http.get(`${API}/api/datasets`, () => HttpResponse.json({ dataVersion: published, datasets: [], initialView: null })));
    const { store } = renderPanel();
    await openPanel();
    await addCondition('Tax Acres', 'at least', '1');
    expect(await panelSays('5 parcels match')).toBeVisible();
    published = 2;
    // What useDataVersion's polling does.
    await act(() => store.dispatch(parcelsApi.endpoints.getDatasets.initiate(undefined, { forceRefetch: true })));
    expect(await panelSays('8 parcels match')).toBeVisible();
    expect(pages(bodies).at(-1)).toEqual({ filters: [{ field: 'taxacres', op: '>=', value: 1 }], limit: 20, offset: 0 });
  });

  it('shows an empty result as none matching, with nothing to download', async () => {
    fakeQueryApi(() => 0);
    const { draw } = renderPanel();
    await openPanel();
    await addCondition('Owner', 'contains', 'NOBODY');
    expect(await panelSays('0 parcels match')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
    await waitFor(() => expect(draw).toHaveBeenLastCalledWith('queryMatches', expect.objectContaining({ total: 0 })), ANSWERED);
  });
});

/** The user's saved queries as the API keeps them, and every write the panel sends. */
function fakeSavedQueriesApi() {
  let saved: SavedQuery[] = [];
  const writes: { method: string; path: string; body: unknown }[] = [];
  const savedNow = (id: number, name: string, query: SavedQuery['query']): SavedQuery => ({ id, name, query, saved_at: '2026-11-29T23:00:00.000Z' });
  network.use(
    http.get(`${API}/api/saved-queries`, () => HttpResponse.json({ queries: saved })),
    http.post(`${API}/api/saved-queries`, async ({ request }) => {
      const body = (await request.json()) as { name: string; query: SavedQuery['query'] };
      writes.push({ method: 'POST', path: '', body });
      if (saved.some((query) => query.name === body.name)) return HttpResponse.json({ message: 'You already have a saved query of this name.' }, { status: 409 });
      const query = savedNow(saved.length + 1, body.name, body.query);
      saved = [query, ...saved];
      return HttpResponse.json(query, { status: 201 });
    }),
    http.patch(`${API}/api/saved-queries/:id`, async ({ request, params }) => {
      const body = (await request.json()) as Partial<SavedQuery>;
      writes.push({ method: 'PATCH', path: String(params.id), body });
      saved = saved.map((query) => (query.id === Number(params.id) ? { ...query, ...body } : query));
      return HttpResponse.json(saved.find((query) => query.id === Number(params.id)));
    }),
    http.delete(`${API}/api/saved-queries/:id`, ({ params }) => {
      writes.push({ method: 'DELETE', path: String(params.id), body: null });
      saved = saved.filter((query) => query.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { writes };
}

const FLOOD_ZONES: Overlay = {
  name: 'flood-zones',
  label: 'Flood zones',
  geometryType: 'polygon',
  version: 1,
  features: 40,
  bbox: null,
  tiles: '/tiles/overlays/flood-zones/{z}/{x}/{y}.pbf?v=1',
  context: null,
  style: { colour: '#1c7ed6', byAttribute: { attribute: 'FLD_ZONE', colours: { AE: '#1c7ed6', X: '#a5d8ff' } } },
  legend: null,
  fields: [],
  source: 'FEMA',
  licence: 'public domain',
};

describe('the query panel, beyond the fields', { timeout: 20_000 }, () => {
  it('saves a query by name on the server, runs it again from the list, replaces, renames and deletes it', async () => {
    const { bodies } = fakeQueryApi(() => 3);
    const { writes } = fakeSavedQueriesApi();
    renderPanel();
    await openPanel();
    expect(screen.getByRole('button', { name: 'Save query' })).toBeDisabled();
    await addCondition('Zoning', 'is', 'R-40');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Tax Acres');
    await userEvent.type(screen.getByRole('textbox', { name: 'Query name' }), 'R-40 lots');
    await userEvent.keyboard('{Enter}');
    const saved = await screen.findByRole('list', { name: 'Saved queries' });
    expect(within(saved).getByRole('button', { name: 'R-40 lots' })).toBeVisible();
    expect(writes).toEqual([{ method: 'POST', path: '', body: { name: 'R-40 lots', query: { filters: [{ field: 'zoning', op: '=', value: 'R-40' }], sort: 'taxacres' } } }]);

    // Closed and opened again, the conditions are gone and the saved query brings them back, order too.
    await userEvent.click(screen.getByRole('button', { name: 'Close query' }));
    await openPanel();
    expect(screen.queryByRole('group', { name: 'Condition 1' })).toBeNull();
    const before = pages(bodies).length;
    await userEvent.click(await screen.findByRole('button', { name: 'R-40 lots' }));
    expect(screen.getByRole('combobox', { name: 'Value of condition 1' })).toHaveValue('R-40');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('taxacres');
    expect(await panelSays('3 parcels match')).toBeVisible();
    expect(pages(bodies).length).toBeGreaterThan(before);

    // The same name again replaces its conditions.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort direction' }), 'descending');
    await userEvent.type(screen.getByRole('textbox', { name: 'Query name' }), 'R-40 lots');
    await userEvent.click(screen.getByRole('button', { name: 'Replace query' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toEqual({ method: 'PATCH', path: '1', body: { query: { filters: [{ field: 'zoning', op: '=', value: 'R-40' }], sort: 'taxacres', dir: 'desc' } } });

    await userEvent.click(screen.getByRole('button', { name: 'Rename R-40 lots' }));
    const newName = screen.getByRole('textbox', { name: 'New name for R-40 lots' });
    expect(newName).toHaveFocus();
    await userEvent.clear(newName);
    await userEvent.type(newName, 'Forty lots{Enter}');
    expect(await screen.findByRole('button', { name: 'Forty lots' })).toBeVisible();
    expect(writes[2]).toEqual({ method: 'PATCH', path: '1', body: { name: 'Forty lots' } });

    await userEvent.click(screen.getByRole('button', { name: 'Delete Forty lots' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Saved queries' })).toBeNull());
    expect(writes[3]).toEqual({ method: 'DELETE', path: '1', body: null });
  });

  it("says the API's reason when a query cannot be saved", async () => {
    fakeQueryApi(() => 3);
    network.use(http.post(`${API}/api/saved-queries`, () => HttpResponse.json({ message: 'You have the most saved queries one can keep (100). Delete a saved query to save another.' }, { status: 403 })));
    renderPanel();
    await openPanel();
    await addCondition('Zoning', 'is', 'R-40');
    await userEvent.type(screen.getByRole('textbox', { name: 'Query name' }), 'One more{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('You have the most saved queries one can keep (100). Delete a saved query to save another.');
    expect(screen.getByRole('textbox', { name: 'Query name' })).toHaveValue('One more');
  });

  it("asks for parcels inside or outside an overlay's features, all of them or one zone's", async () => {
    const { bodies } = fakeQueryApi(() => 9);
    network.use(http.get(`${API}/api/overlays`, () => HttpResponse.json({ overlays: [FLOOD_ZONES] })));
    renderPanel();
    await openPanel();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Overlay' }), 'Flood zones');
    expect(await panelSays('9 parcels match')).toBeVisible();
    expect(pages(bodies).at(-1)).toEqual({ filters: [], overlay: { name: 'flood-zones', inside: true }, limit: 20, offset: 0 });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Overlay features' }), 'FLD_ZONE AE');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Inside or outside the overlay' }), 'outside its features');
    await waitFor(() => expect(pages(bodies).at(-1)!).toMatchObject({ overlay: { name: 'flood-zones', inside: false, where: { FLD_ZONE: 'AE' } } }), ANSWERED);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Overlay' }), 'Any overlay');
    expect(await panelSays('Add a condition or words to list the parcels that match.')).toBeVisible();
  });

  it('asks for parcels inside an area drawn on the map with Measure Area, until it is cleared', async () => {
    const { bodies } = fakeQueryApi(() => 4);
    const { store } = renderPanel();
    await openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Draw area' }));
    // The measure tools draw it: their palette opens in Measure Area.
    expect(store.getState().measure).toMatchObject({ isOpen: true, mode: 'area' });
    expect(screen.getByRole('status')).toHaveTextContent('double-click or press Enter to close it');
    const ring: [number, number][] = [[-80.86, 35.62], [-80.85, 35.62], [-80.85, 35.63], [-80.86, 35.62]];
    // What the map's Draw reports as the shape is closed.
    act(() => {
      store.dispatch(measurementUpdated({ measurement: { kind: 'area', ring, segmentsFeet: [], perimeterFeet: 1, squareFeet: 1, acres: 1 } }));
      store.dispatch(measureDrawingStopped());
    });
    expect(await panelSays('4 parcels match')).toBeVisible();
    expect(pages(bodies).at(-1)).toEqual({ filters: [], within: { type: 'Polygon', coordinates: [ring] }, limit: 20, offset: 0 });
    expect(screen.getByText('Inside the drawn area')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Clear area' }));
    expect(screen.getByRole('button', { name: 'Draw area' })).toHaveFocus();
    expect(await panelSays('Add a condition or words to list the parcels that match.')).toBeVisible();
  });

  it('takes no area when the drawing is cancelled', async () => {
    const { bodies } = fakeQueryApi(() => 4);
    const { store } = renderPanel();
    await openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Draw area' }));
    act(() => {
      store.dispatch(measureDrawingStopped());
    });
    expect(screen.getByRole('button', { name: 'Draw area' })).toBeEnabled();
    expect(screen.queryByText('Inside the drawn area')).toBeNull();
    expect(bodies).toEqual([]);
  });

  it('lists and downloads the matches in the order chosen, from the keyboard', async () => {
    const { bodies, csvBodies } = fakeQueryApi(() => 30);
    renderPanel();
    await openPanel();
    await addCondition('Tax Acres', 'at least', '1');
    expect(await panelSays('30 parcels match')).toBeVisible();
    screen.getByRole('combobox', { name: 'Sort by' }).focus();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Last Sale Date');
    await userEvent.tab();
    expect(screen.getByRole('combobox', { name: 'Sort direction' })).toHaveFocus();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort direction' }), 'descending');
    await waitFor(() => expect(pages(bodies).at(-1)).toEqual({ filters: [{ field: 'taxacres', op: '>=', value: 1 }], sort: 'sale_date', dir: 'desc', limit: 20, offset: 0 }), ANSWERED);
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }, ANSWERED));
    await waitFor(() => expect(csvBodies).toEqual([{ filters: [{ field: 'taxacres', op: '>=', value: 1 }], sort: 'sale_date', dir: 'desc' }]), ANSWERED);
  });
});
