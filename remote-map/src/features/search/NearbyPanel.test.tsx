import { http, HttpResponse } from 'msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NearbyResponse } from '@parcel-map/shared';
import { NEARBY_CSV_DISTANCE_COLUMN, NEARBY_MAX_PARCELS, QUERY_CSV_COLUMNS, WHOLE_LIST_CUT_SHORT_MESSAGE } from '@parcel-map/shared/api';
import { network, renderWithStore, setupFakeNetwork, testConfig } from '@parcel-map/shared/testing';
import { MeasurePalette } from '../measure/MeasurePalette.tsx';
import { measureDrawingStopped, measureModeChosen, measurementUpdated } from '../measure/measureSlice.ts';
import { measurePolygon, type Position } from '@parcel-map/shared/measure';
import { NearbyPanel } from './NearbyPanel.tsx';
import { nearbyRequested } from './parcelFinderSlice.ts';

const API = testConfig.apiBaseUrl;
const drawn: Position[] = [[-80.861, 35.621], [-80.859, 35.621], [-80.859, 35.619], [-80.861, 35.619]];
const square = (lng: number, lat: number) => ({ type: 'Polygon' as const, coordinates: [[[lng, lat], [lng + 0.0005, lat], [lng + 0.0005, lat + 0.0005], [lng, lat + 0.0005], [lng, lat]]] });
const answer: NearbyResponse = {
  subject: null,
  ring: square(-80.862, 35.618),
  distance_ft: 300,
  total: 1,
  truncated: false,
  parcels: [
    {
      pin: '4605050124',
      owner: 'REID STEVEN M',
      add1: '134 SADDLE LN',
      add2: null,
      city: 'MOORESVILLE',
      state: 'NC',
      zip: '28117',
      mail_add1: 'PO BOX 12',
      mail_city: 'RALEIGH',
      mail_state: 'NC',
      mail_zip: '27601',
      taxacres: 0.4,
      distance_ft: 0,
      geometry: square(-80.86, 35.62),
    },
  ],
};

setupFakeNetwork();

const SUBJECT = '4605050123';

/**
 * The API of a nearby list around SUBJECT of `total` parcels, one owner each: its nearest as JSON, or
 * with `Accept: text/csv` all of them, ending with its count line unless `cutShort`.
 */
function fakeWholeNearbyList(total: number, { cutShort = false } = {}) {
  const csvAsked: string[] = [];
  const header = [...QUERY_CSV_COLUMNS, NEARBY_CSV_DISTANCE_COLUMN];
  const row = (n: number) => header.map((column) => ({ pin: `P${n}`, owner: `OWNER ${n}`, address: `${n} OAK ST`, city: 'MOORESVILLE', state: 'NC', zip: '28115', distance_ft: String(n) })[column as 'pin'] ?? '');
  network.use(
    http.get(`${API}/api/parcels/${SUBJECT}/nearby`, ({ request }) => {
      if (request.headers.get('Accept') !== 'text/csv') {
        return HttpResponse.json({ ...answer, distance_ft: 5280, total, truncated: total > NEARBY_MAX_PARCELS } satisfies NearbyResponse);
      }
      csvAsked.push(request.url);
      const lines = [header, ...Array.from({ length: total }, (_, n) => row(n))].map((cells) => cells.join(',') + '\r\n');
      return new HttpResponse(`\uFEFF${lines.join('')}${cutShort ? '' : `# ${total} rows\r\n`}`, { headers: { 'Content-Type': 'text/csv' } });
    }),
  );
  const { store } = renderWithStore(<NearbyPanel controller={null} />);
  act(() => {
    store.dispatch(nearbyRequested({ pin: SUBJECT }));
  });
  return { csvAsked };
}

/** The label sheets shown (by their element: role queries over thousands of labels take jsdom seconds). */
const sheetsIn = (labels: HTMLElement) => [...labels.querySelectorAll('section')].map((sheet) => sheet.getAttribute('aria-label'));
/** Thousands of labels take jsdom seconds to lay out on a busy machine. */
const MANY_LABELS_MS = 30_000;

describe('A nearby list longer than the nearest it shows (issue #42)', () => {
  // jsdom has no object URLs; the download itself is the browser's.
  beforeEach(() => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:nearby');
  });

  it('says how many parcels lie within the distance, and downloads every one of them as the API writes the whole list', async () => {
    const { csvAsked } = fakeWholeNearbyList(2_345);
    expect(await screen.findByText('2,345 parcels within 5280 ft · the nearest 1 listed')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Downloaded 2,345 rows.')).toBeVisible();
    expect(csvAsked).toHaveLength(1);
    expect(new URL(csvAsked[0]!).searchParams.get('distance_ft')).toBe('300');
  });

  it('prints a label for every owner of the whole list, not of the nearest listed, and says how many', async () => {
    const { csvAsked } = fakeWholeNearbyList(2_345);
    await userEvent.click(await screen.findByRole('button', { name: 'Print labels' }));
    const labels = await screen.findByRole('dialog', { name: 'Mailing labels' });
    expect(labels).toHaveTextContent('2,345 labels for 2,345 parcels on 79 sheets (Avery 5160: 3 × 10, US Letter)');
    expect(sheetsIn(labels)).toHaveLength(79);
    expect(within(labels).getByText('OWNER 2344')).toBeInTheDocument();

    // The mailing list comes from the same reading of the whole list.
    await userEvent.click(within(labels).getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download mailing list (CSV)' }));
    expect(await screen.findByText('Downloaded a mailing list of 2,345 letters for 2,345 parcels.')).toBeVisible();
    expect(csvAsked).toHaveLength(1);
  }, MANY_LABELS_MS);

  it('prints more than 3,000 labels in parts of 100 sheets the user picks, saying so, none left out', async () => {
    fakeWholeNearbyList(6_100);
    await userEvent.click(await screen.findByRole('button', { name: 'Print labels' }));
    const labels = await screen.findByRole('dialog', { name: 'Mailing labels' });
    expect(labels).toHaveTextContent('6,100 labels for 6,100 parcels on 204 sheets (Avery 5160: 3 × 10, US Letter), printed 100 sheets at a time');
    const part = within(labels).getByRole('combobox', { name: 'Print' });
    expect(within(part).getAllByRole('option').map((option) => option.textContent)).toEqual(['labels 1–3,000', 'labels 3,001–6,000', 'labels 6,001–6,100']);
    expect(sheetsIn(labels)).toHaveLength(100);
    await userEvent.selectOptions(part, 'labels 6,001–6,100');
    expect(sheetsIn(labels)).toEqual(['Sheet 201', 'Sheet 202', 'Sheet 203', 'Sheet 204']);
    // By owner's name, as the labels are sorted: 'OWNER 999' comes last.
    expect(within(labels).getByText('OWNER 999')).toBeInTheDocument();
  }, MANY_LABELS_MS);

  it('makes no labels of a list that came cut short, and says so', async () => {
    fakeWholeNearbyList(2_345, { cutShort: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Print labels' }));
    expect(await screen.findByText(WHOLE_LIST_CUT_SHORT_MESSAGE)).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Mailing labels' })).toBeNull();
  });
});

describe('Mailing labels of a nearby list (issue #44)', () => {
  const neighbour = (pin: string, owner: string, zip: string): NearbyResponse['parcels'][number] => ({ ...answer.parcels[0]!, pin, owner, zip, mail_add1: null, add1: `${pin} OAK ST` });
  const LONG_OWNER = 'SOUTHERN PINES PROPERTIES OF MOORESVILLE LIMITED LIABILITY COMPANY';
  const neighbours = [neighbour('P1', 'ZEBULON LLC', '28115'), neighbour('P2', LONG_OWNER, '28117'), neighbour('P3', 'ADAMS JOHN', '28116')];
  const subject = neighbour(SUBJECT, 'REID STEVEN M', '28110');

  /** A 300 ft list of three neighbours around SUBJECT, the same as JSON (all shown) and as the whole list's CSV. */
  function fakeShortNearbyList() {
    const header = [...QUERY_CSV_COLUMNS, NEARBY_CSV_DISTANCE_COLUMN];
    const row = (parcel: NearbyResponse['parcels'][number]) =>
      header.map((column) => ({ pin: parcel.pin, owner: parcel.owner, address: parcel.add1, city: parcel.city, state: parcel.state, zip: parcel.zip, distance_ft: '0' })[column as 'pin'] ?? '');
    network.use(
      http.get(`${API}/api/parcels/${SUBJECT}/nearby`, ({ request }) => {
        if (request.headers.get('Accept') !== 'text/csv') return HttpResponse.json({ ...answer, subject, total: 3, parcels: neighbours } satisfies NearbyResponse);
        const lines = [header, ...neighbours.map(row)].map((cells) => cells.map((cell) => `"${cell}"`).join(',') + '\r\n');
        return new HttpResponse(`\uFEFF${lines.join('')}# 3 rows\r\n`, { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    const { store } = renderWithStore(<NearbyPanel controller={null} />);
    act(() => {
      store.dispatch(nearbyRequested({ pin: SUBJECT }));
    });
  }
  const labelTexts = (labels: HTMLElement) => [...labels.querySelectorAll('.mailing-labels__label')].map((label) => [...label.children].map((line) => line.textContent).join(' '));

  beforeEach(() => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:labels');
  });

  it('counts as many labels as the list has owners to notify, sorted by owner name, the long name whole', async () => {
    fakeShortNearbyList();
    expect(await screen.findByText('3 parcels within 300 ft · 3 owners to notify')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Print labels' }));
    const labels = await screen.findByRole('dialog', { name: 'Mailing labels' });
    expect(labels).toHaveTextContent('3 labels for 3 parcels on 1 sheet (Avery 5160: 3 × 10, US Letter)');
    await waitFor(() => expect(labelTexts(labels)).toHaveLength(3));
    const [first, second, third] = labelTexts(labels);
    expect(first).toMatch(/^ADAMS JOHN P3 OAK ST/);
    expect(second).toMatch(new RegExp(`^${LONG_OWNER} P2 OAK ST`));
    expect(third).toMatch(/^ZEBULON LLC/);
  });

  it('sorts by ZIP, adds the subject parcel\'s owner and "OR CURRENT RESIDENT" when asked, on the sheet chosen', async () => {
    fakeShortNearbyList();
    await userEvent.click(await screen.findByRole('button', { name: 'Print labels' }));
    const labels = await screen.findByRole('dialog', { name: 'Mailing labels' });
    await userEvent.selectOptions(within(labels).getByRole('combobox', { name: 'Sort by' }), 'ZIP code');
    await userEvent.click(within(labels).getByRole('checkbox', { name: "Include the subject parcel's owner" }));
    await userEvent.click(within(labels).getByRole('checkbox', { name: 'Add “OR CURRENT RESIDENT”' }));
    await userEvent.selectOptions(within(labels).getByRole('combobox', { name: 'Sheet' }), 'Avery 5163 (4" × 2", 10 a sheet)');
    expect(labels).toHaveTextContent("4 labels for 3 parcels and the subject parcel's owner on 1 sheet (Avery 5163: 2 × 5, US Letter)");
    await waitFor(() => expect(labelTexts(labels).map((text) => text.split(' OR CURRENT RESIDENT ')[0])).toEqual(['REID STEVEN M', 'ZEBULON LLC', 'ADAMS JOHN', LONG_OWNER]));
  });

  it('downloads the labels as a PDF', async () => {
    fakeShortNearbyList();
    await userEvent.click(await screen.findByRole('button', { name: 'Print labels' }));
    const labels = await screen.findByRole('dialog', { name: 'Mailing labels' });
    await userEvent.click(await within(labels).findByRole('button', { name: 'Download PDF' }));
    expect(await within(labels).findByText('Downloaded a PDF of 3 labels.')).toBeVisible();
    const [pdf] = vi.mocked(URL.createObjectURL).mock.calls.at(-1)! as [Blob];
    expect(pdf.type).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });
});

describe('Nearby parcels of an area drawn with Measure Area', () => {
  it('lists the parcels around the finished shape, asking the API with its ring', async () => {
    const bodies: unknown[] = [];
    network.use(
      http.post(`${API}/api/parcels/nearby`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(answer);
      }),
    );
    const { store } = renderWithStore(
      <>
        <MeasurePalette />
        <NearbyPanel controller={null} />
      </>,
    );
    act(() => {
      store.dispatch(measureModeChosen({ mode: 'area' }));
      store.dispatch(measurementUpdated({ measurement: measurePolygon(drawn) }));
    });
    // Still drawing: the shape follows the cursor, so it is nobody's subject yet.
    expect(screen.queryByRole('button', { name: 'Nearby parcels' })).toBeNull();

    act(() => void store.dispatch(measureDrawingStopped()));
    await userEvent.click(screen.getByRole('button', { name: 'Nearby parcels' }));

    const panel = await screen.findByRole('complementary', { name: 'Nearby parcels' });
    expect(panel).toHaveTextContent('Around the area drawn on the map');
    expect(await screen.findByText('1 parcels within 300 ft · 1 owners to notify')).toBeVisible();
    expect(screen.getByText('REID STEVEN M')).toBeVisible();
    expect(bodies).toEqual([{ geometry: { type: 'Polygon', coordinates: [[...drawn, drawn[0]]] }, distance_ft: 300 }]);
  });

  it('offers no nearby list for a measured distance', () => {
    const { store } = renderWithStore(<MeasurePalette />);
    act(() => {
      store.dispatch(measureModeChosen({ mode: 'distance' }));
      store.dispatch(measurementUpdated({ measurement: { kind: 'distance', segmentsFeet: [100], totalFeet: 100, line: [[-80.86, 35.62], [-80.859, 35.62]] } }));
      store.dispatch(measureDrawingStopped());
    });
    expect(screen.getByTestId('measure-readout')).toHaveTextContent('Distance: 100 ft');
    expect(screen.queryByRole('button', { name: 'Nearby parcels' })).toBeNull();
  });
});
