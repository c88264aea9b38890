// The print dialog: its options, what it asks the map to draw, the PDF it offers, the keyboard and
// its layout on a phone (its own style sheet in jsdom's cascade: which rules win, not the pixels).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ParcelQueryConditions } from '@parcel-map/shared/api';
import { DESKTOP_AND_PHONE, makeTestStore, network, renderAtWidth, renderWithStore, setupFakeNetwork, testConfig } from '@parcel-map/shared/testing';
import { parcelClicked } from '../parcelSelection/parcelSelectionSlice.ts';
import { queryConditionsAsked, queryPanelRequested } from '../search/parcelFinderSlice.ts';
import { mapStyleLoadFinished } from '../mapView/mapViewSlice.ts';
import type { MapController } from '../../map/mapController.ts';
import { NOT_A_SURVEY } from '../parcelSelection/ParcelDetailPanel.tsx';
import { PrintDialog } from './PrintDialog.tsx';
import { zoomForScale } from './printScale.ts';

const API = testConfig.apiBaseUrl;
const ONE_PIXEL_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const ring = [
  [-80.851, 35.609],
  [-80.849, 35.609],
  [-80.849, 35.611],
  [-80.851, 35.611],
  [-80.851, 35.609],
];
const parcel = {
  pin: '4601-22',
  name: null,
  owner: 'SMITH JOHN',
  add1: '12 OAK ST',
  add2: null,
  city: 'MOORESVILLE',
  state: 'NC',
  zip: '28115',
  taxacres: 0.52,
  township: null,
  zoning: null,
  sale_date: null,
  sales_price: null,
  centroid: { lng: -80.85, lat: 35.61 },
  geometry: { type: 'Polygon', coordinates: [ring] },
  dataset: 'iredell-nc',
};

setupFakeNetwork();

beforeEach(() => {
  network.use(
    http.get(`${API}/api/parcels/${parcel.pin}`, () => HttpResponse.json(parcel)),
    http.get(`${API}/api/saved-parcels`, () => HttpResponse.json({ parcels: [] })),
    http.get(`${API}/api/markups`, () => HttpResponse.json({ markups: [], next_before: null })),
    http.get(`${API}/api/datasets`, () =>
      HttpResponse.json({
        dataVersion: 1,
        datasets: [{ name: 'iredell-nc', version: 1, parcels: 10, source: 'Iredell County GIS', licence: 'Public record', asOf: '2026-10-01', publishedAt: '2026-10-02T00:00:00Z', bbox: null }],
        initialView: null,
      }),
    ),
    http.get(`${API}/api/overlays`, () => HttpResponse.json({ overlays: [] })),
    http.get(`${API}/api/imagery`, () => HttpResponse.json({ imagery: [] })),
  );
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/sheet');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});

afterEach(() => vi.restoreAllMocks());

function renderDialog({ selected = true, store = makeTestStore() } = {}) {
  store.dispatch(mapStyleLoadFinished({ styleId: 'streets' }));
  if (selected) store.dispatch(parcelClicked({ pin: parcel.pin }));
  const capture = vi.fn<MapController['capture']>().mockResolvedValue({ png: ONE_PIXEL_PNG, credits: ['© County GIS'] });
  const onClose = vi.fn();
  const { unmount } = renderWithStore(<PrintDialog controller={{ capture }} onClose={onClose} />, { store });
  return { capture, onClose, unmount, dialog: screen.getByRole('dialog', { name: 'Print as PDF' }) };
}

/** The words of a PDF as poppler reads them, runs of white space as one space. */
async function pdfText(blob: Blob): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'print-dialog-'));
  try {
    writeFileSync(path.join(dir, 'sheet.pdf'), new Uint8Array(await blob.arrayBuffer()));
    return execFileSync('pdftotext', [path.join(dir, 'sheet.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const optionLabels = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);

// A PDF written in jsdom and read back by poppler takes seconds on a loaded machine.
describe('PrintDialog', { timeout: 30_000 }, () => {
  it('offers the parcel or the map centre, fit or a listed scale, five papers in two orientations, and a title', async () => {
    renderDialog();
    const subject = screen.getByRole('combobox', { name: 'Map of' });
    await waitFor(() => expect(optionLabels(subject)).toEqual(['The selected parcel (PIN 4601-22)', 'The map as it is centred now']));
    expect(optionLabels(screen.getByRole('combobox', { name: 'Scale' }))).toEqual([
      'Fit to the sheet',
      '1" = 50\'',
      '1" = 100\'',
      '1" = 200\'',
      '1" = 400\'',
      '1" = 1,000\'',
      '1:1,200',
      '1:2,400',
      '1:4,800',
      '1:12,000',
      '1:24,000',
    ]);
    expect(screen.getByRole('combobox', { name: 'Scale' })).toHaveValue('fit');
    expect(optionLabels(screen.getByRole('combobox', { name: 'Paper' }))).toEqual([
      'Letter (8.5 × 11 in)',
      'Legal (8.5 × 14 in)',
      'Tabloid (11 × 17 in)',
      'A4 (210 × 297 mm)',
      'A3 (297 × 420 mm)',
    ]);
    const orientation = screen.getByRole('group', { name: 'Orientation' });
    expect(within(orientation).getByRole('radio', { name: 'Landscape' })).toBeChecked();
    expect(within(orientation).getByRole('radio', { name: 'Portrait' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('12 OAK ST');
    // The lot, some 600 × 730 ft, fitted in Letter's frame: about 100 ft to the inch.
    expect(screen.getByText('Map frame 7.2 × 7.7 in at 1" = 101\' (1:1,218).')).toBeInTheDocument();

    await userEvent.selectOptions(subject, 'The map as it is centred now');
    expect(screen.queryByRole('option', { name: 'Fit to the sheet' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Scale' })).toHaveValue('eng-200');
  });

  it("fits the open query's matches, all of them, not only the page its panel lists", async () => {
    const conditions: ParcelQueryConditions = { filters: [{ field: 'owner_kind', op: '=', value: 'LLC' }] };
    const asked: unknown[] = [];
    network.use(
      http.post(`${API}/api/parcels/query/matches`, async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ tiles: '/tiles/query/kkkkkkkkkkkkkkkkkkkkkk/{z}/{x}/{y}.pbf?v=1', total: 1_204, bounds: [-80.95, 35.4, -80.75, 35.55] });
      }),
    );
    const store = makeTestStore();
    store.dispatch(queryPanelRequested());
    store.dispatch(queryConditionsAsked({ conditions }));
    const { capture } = renderDialog({ selected: false, store });
    const subject = screen.getByRole('combobox', { name: 'Map of' });
    await waitFor(() => expect(optionLabels(subject)).toEqual(["The query's matches (1,204)", 'The map as it is centred now']));
    expect(asked).toEqual([conditions]);
    expect(screen.getByRole('combobox', { name: 'Scale' })).toHaveValue('fit');

    await userEvent.click(screen.getByRole('button', { name: 'Create PDF' }));
    await screen.findByRole('link', { name: 'Download PDF' });
    const [request] = capture.mock.calls[0]!;
    // The middle of the matches' box (in the map's projection), zoomed out until its 0.2° of longitude fit the frame's width
    // (512 px round the world at zoom 0), and no further than a quarter inch of padding each side.
    expect(request).toMatchObject({ lng: expect.closeTo(-80.85, 6), lat: expect.closeTo(35.475, 3) });
    const boxWidthPx = (0.2 / 360) * 512 * 2 ** request.zoom;
    expect(boxWidthPx).toBeLessThanOrEqual(request.widthPx);
    expect(boxWidthPx).toBeGreaterThan(request.widthPx - 2 * 24 - 1);
  });

  it('draws the map at the chosen scale and paper, and offers the sheet as a PDF to download', async () => {
    const { capture } = renderDialog();
    await screen.findByRole('option', { name: 'The selected parcel (PIN 4601-22)' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Scale' }), '1:1,200');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Paper' }), 'Tabloid (11 × 17 in)');
    await userEvent.click(screen.getByRole('radio', { name: 'Portrait' }));
    expect(capture).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Create PDF' }));
    const download = await screen.findByRole('link', { name: 'Download PDF' });
    expect(download).toHaveAttribute('href', 'blob:http://localhost/sheet');
    expect(download).toHaveAttribute('download', expect.stringMatching(/^parcel-map-4601-22-\d{4}-\d{2}-\d{2}\.pdf$/));
    expect(download).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('The PDF is ready.');

    expect(capture).toHaveBeenCalledOnce();
    const [request] = capture.mock.calls[0]!;
    // Tabloid portrait: 10.2 in wide inside the margins, 16.2 − 2.3 − 0.2 in high, at 96 px to the inch.
    expect(request).toMatchObject({ lng: expect.closeTo(-80.85, 6), lat: expect.closeTo(35.61, 6), widthPx: 979, heightPx: 1315 });
    expect(request.zoom).toBeCloseTo(zoomForScale(35.61, 100), 9);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('application/pdf');
    const text = await pdfText(blob);
    for (const expected of [
      '12 OAK ST',
      'PIN 4601-22 · Owner SMITH JOHN',
      'by ann@example.com',
      'Data: Iredell County GIS, as of 10/01/2026.',
      'Scale 1" = 100\' (1:1,200)',
      'Base map: Streets',
      '© County GIS',
      'Selected parcel (PIN 4601-22)',
      NOT_A_SURVEY,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('gives the map back when closed while it is drawing, and offers no PDF', async () => {
    const { capture, onClose, unmount } = renderDialog();
    let signal: AbortSignal | undefined;
    capture.mockImplementation((_request, given) => {
      signal = given;
      return new Promise((_resolve, reject) => given.addEventListener('abort', () => reject(given.reason)));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create PDF' }));
    expect(screen.getByRole('status')).toHaveTextContent('Drawing the map at that scale…');
    expect(screen.getByRole('button', { name: 'Create PDF' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('closes on Escape but not on a click beside it, starts on its first field and keeps Tab inside, every field labelled', async () => {
    const { onClose, dialog } = renderDialog();
    const first = screen.getByRole('combobox', { name: 'Map of' });
    expect(first).toHaveFocus();
    for (const name of ['Map of', 'Scale', 'Paper']) expect(screen.getByRole('combobox', { name })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeInTheDocument();

    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab();
    expect(first).toHaveFocus();
    for (let step = 0; step < 10; step += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.click(dialog.parentElement!);
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  describe.each(DESKTOP_AND_PHONE)('on a %s', (size, width) => {
    it(size === 'phone' ? 'takes the width, a field to a line and each button a full-width row' : 'labels its fields beside them', () => {
      const styleSheets = [path.join(import.meta.dirname, '../mapScreen/mapDialog.css'), path.join(import.meta.dirname, 'printDialog.css')];
      const { dialog } = renderAtWidth(width, styleSheets, () => renderDialog({ selected: false }));
      const field = screen.getByRole('combobox', { name: 'Paper' }).closest('label')!;
      const actions = screen.getByRole('button', { name: 'Create PDF' }).parentElement!;
      if (size === 'phone') {
        expect(getComputedStyle(dialog).width).toBe('calc(100% - 1rem)');
        expect(getComputedStyle(field).gridTemplateColumns).toBe('minmax(0, 1fr)');
        expect(getComputedStyle(actions).flexDirection).toBe('column');
      } else {
        expect(getComputedStyle(field).gridTemplateColumns).toBe('6.5rem minmax(0, 1fr)');
        expect(getComputedStyle(actions).flexDirection).not.toBe('column');
      }
    });
  });
});
