import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addAppListener, markupFocused, markupSaveRequested, savedParcelsOpened, type MarkupGeometry } from '@parcel-map/shared';
import { renderWithStore, setupFakeNetwork } from '@parcel-map/shared/testing';
import { MARKUPS_FULL_MESSAGE, MARKUPS_PAGE_SIZE } from '@parcel-map/shared/contracts';
import { fakeMarkupsApi, markupRecord } from '../../test/fakeMarkupsApi.ts';
import { fakeSavedParcelsApi } from '../../test/fakeSavedParcelsApi.ts';
import { SavedParcels } from '../SavedParcels.tsx';

setupFakeNetwork();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const line: MarkupGeometry = { type: 'LineString', coordinates: [[-80.86, 35.62], [-80.859, 35.62]] };

describe("'Save as markup'", () => {
  function requestSave() {
    const rendered = renderWithStore(<SavedParcels />);
    act(() => {
      rendered.store.dispatch(markupSaveRequested({ geometry: line, summary: 'Distance: 297 ft' }));
    });
    return { ...rendered, dialog: screen.getByRole('dialog', { name: 'Save Markup' }) };
  }

  it('saves the drawing with the name and colour chosen, and says so', async () => {
    const api = fakeMarkupsApi();
    const { dialog } = requestSave();
    expect(within(dialog).getByText('Distance: 297 ft')).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    // The name field has the focus: the user types straight away.
    await userEvent.keyboard('Fence line');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Green' }));
    await userEvent.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent('Saved markup Fence line.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests).toMatchObject([{ method: 'POST', path: '/api/markups', body: { name: 'Fence line', color: '#2f9e44', geometry: line } }]);
  });

  it('saves a note with the markup when one is written (issue #44)', async () => {
    const api = fakeMarkupsApi();
    const { dialog } = requestSave();
    await userEvent.keyboard('Ditch');
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'Drains to the creek');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved markup Ditch.');
    expect(api.requests).toMatchObject([{ method: 'POST', body: { name: 'Ditch', note: 'Drains to the creek' } }]);
  });

  it("shows the API's message when it refuses (the quota), and keeps the dialog open", async () => {
    const api = fakeMarkupsApi();
    api.failNext('create', 403, { message: MARKUPS_FULL_MESSAGE });
    const { dialog } = requestSave();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'One too many');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MARKUPS_FULL_MESSAGE);
    expect(api.markups()).toHaveLength(0);
  });
});

describe("The saved sheet's Markups tab", () => {
  const fence = markupRecord({ id: 2, name: 'Fence line', note: 'Along the creek' });
  const well = markupRecord({ id: 5, name: 'Well', color: '#e03131', geometry: { type: 'Point', coordinates: [-80.86, 35.62] }, visible: false });

  async function openMarkups() {
    fakeSavedParcelsApi([]);
    const api = fakeMarkupsApi([fence, well]);
    const rendered = renderWithStore(<SavedParcels />);
    act(() => {
      rendered.store.dispatch(savedParcelsOpened());
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Markups' }));
    const list = await screen.findByRole('list', { name: 'Markups' });
    return { ...rendered, api, list };
  }
  const item = (name: string) => screen.getByRole('listitem', { name });

  it('lists the markups newest first, each shown or hidden as saved', async () => {
    const { list } = await openMarkups();
    expect(within(list).getAllByRole('listitem').map((li) => within(li).getByRole('heading').textContent)).toEqual(['Well', 'Fence line']);
    expect(within(item('Well')).getByText(/^Point · saved/)).toBeInTheDocument();
    expect(within(item('Well')).getByRole('checkbox', { name: 'Shown on map: Well' })).not.toBeChecked();
    expect(within(item('Fence line')).getByRole('checkbox', { name: 'Shown on map: Fence line' })).toBeChecked();
  });

  it("names each control of a markup by its visible text first, then the markup's name (voice control, issue #44)", async () => {
    await openMarkups();
    const controls = [...within(item('Fence line')).getAllByRole('button'), ...within(item('Fence line')).getAllByRole('checkbox')];
    for (const control of controls) {
      const visible = (control.closest('label') ?? control).textContent!.trim();
      expect(control.getAttribute('aria-label') ?? visible, visible).toMatch(new RegExp(`^${visible}`));
    }
    expect(controls.map((control) => control.getAttribute('aria-label'))).toEqual(expect.arrayContaining(['View on Map: Fence line', 'Shown on map: Fence line']));
  });

  it('shows what each markup measures and its note (issue #44)', async () => {
    await openMarkups();
    expect(within(item('Fence line')).getByText('Distance: 297 ft')).toBeInTheDocument();
    expect(within(item('Fence line')).getByText('Along the creek')).toBeInTheDocument();
    expect(within(item('Well')).queryByText(/^Distance|^Area/)).toBeNull();
  });

  it('says the exports write the markups shown', async () => {
    await openMarkups();
    expect(screen.getByRole('button', { name: 'Export GeoJSON' })).toHaveAccessibleDescription('Exports the 2 markups shown');
  });

  it('hides and shows a markup on the map', async () => {
    const { api } = await openMarkups();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Shown on map: Fence line' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Shown on map: Fence line' })).not.toBeChecked());
    await userEvent.click(screen.getByRole('checkbox', { name: 'Shown on map: Well' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Shown on map: Well' })).toBeChecked());
    expect(api.requests.filter((r) => r.method === 'PATCH')).toMatchObject([
      { path: '/api/markups/2', body: { visible: false } },
      { path: '/api/markups/5', body: { visible: true } },
    ]);
  });

  it("puts the box back and shows the API's message when hiding fails", async () => {
    const { api } = await openMarkups();
    api.failNext('update', 500, { message: 'Internal server error' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Shown on map: Fence line' }));
    expect(await within(item('Fence line')).findByRole('alert')).toHaveTextContent('Internal server error');
    expect(screen.getByRole('checkbox', { name: 'Shown on map: Fence line' })).toBeChecked();
  });

  it('renames a markup inline', async () => {
    const { api } = await openMarkups();
    await userEvent.click(screen.getByRole('button', { name: 'Rename Fence line' }));
    const input = screen.getByLabelText('New name');
    expect(input).toHaveFocus();
    await userEvent.keyboard('North fence{Enter}');
    expect(await screen.findByRole('heading', { name: 'North fence' })).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'PATCH')).toMatchObject([{ path: '/api/markups/2', body: { name: 'North fence' } }]);
    expect(screen.getByRole('button', { name: 'Rename North fence' })).toHaveFocus();
  });

  it('deletes a markup after the inline question', async () => {
    const { api } = await openMarkups();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Well' }));
    expect(screen.getByRole('button', { name: 'Yes, Delete' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Well' })).toBeNull());
    expect(api.markups().map((m) => m.name)).toEqual(['Fence line']);
  });

  it("'View on Map' asks the map for the drawing and closes the sheet", async () => {
    const { store } = await openMarkups();
    const focused: unknown[] = [];
    store.dispatch(addAppListener({ actionCreator: markupFocused, effect: ({ payload }) => void focused.push(payload) }));
    await userEvent.click(screen.getByRole('button', { name: 'View on Map: Fence line' }));
    expect(focused).toEqual([{ geometry: fence.geometry }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  // Role queries over 205 items (each with its measurement and controls) take jsdom seconds on a busy machine.
  it('lists every markup of a user who keeps more than a page of them, asking for the pages in turn', { timeout: 20_000 }, async () => {
    fakeSavedParcelsApi([]);
    const count = MARKUPS_PAGE_SIZE * 2 + 5;
    const api = fakeMarkupsApi(Array.from({ length: count }, (_, i) => markupRecord({ id: i + 1, name: `Stake ${i + 1}` })));
    const { store } = renderWithStore(<SavedParcels />);
    act(() => {
      store.dispatch(savedParcelsOpened());
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Markups' }));
    const list = await screen.findByRole('list', { name: 'Markups' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(count);
    expect(within(list).getAllByRole('heading')[0]).toHaveTextContent(`Stake ${count}`);
    expect(within(list).getAllByRole('heading').at(-1)).toHaveTextContent('Stake 1');
    expect(api.requests.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual([
      '/api/markups',
      `/api/markups?before=${count - MARKUPS_PAGE_SIZE + 1}`,
      `/api/markups?before=${count - 2 * MARKUPS_PAGE_SIZE + 1}`,
    ]);
  });

  it('says when there is nothing saved yet', async () => {
    fakeSavedParcelsApi([]);
    fakeMarkupsApi([]);
    const { store } = renderWithStore(<SavedParcels />);
    act(() => {
      store.dispatch(savedParcelsOpened());
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Markups' }));
    expect(await screen.findByText('You have not saved any markups yet.')).toBeInTheDocument();
  });

  describe('export', () => {
    async function exported(buttonName: string): Promise<{ name: string; type: string; text: string }> {
      const blobs: Blob[] = [];
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:test'), revokeObjectURL: () => {} }));
      let name = '';
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        name = this.download;
      });
      await userEvent.click(screen.getByRole('button', { name: buttonName }));
      await waitFor(() => expect(blobs).toHaveLength(1));
      return { name, type: blobs[0]!.type, text: await blobs[0]!.text() };
    }

    it('downloads the markups as GeoJSON with their shapes, names and colours', async () => {
      await openMarkups();
      const file = await exported('Export GeoJSON');
      expect(file.name).toMatch(/^markups-\d{4}-\d{2}-\d{2}\.geojson$/);
      expect(JSON.parse(file.text)).toEqual({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', id: 5, geometry: well.geometry, properties: { name: 'Well', color: '#e03131', visible: false, note: null, created_at: well.created_at } },
          { type: 'Feature', id: 2, geometry: fence.geometry, properties: { name: 'Fence line', color: '#1971c2', visible: true, note: 'Along the creek', created_at: fence.created_at } },
        ],
      });
    });

    it('downloads the markups as KML placemarks', async () => {
      await openMarkups();
      const file = await exported('Export KML');
      expect(file.name).toMatch(/^markups-\d{4}-\d{2}-\d{2}\.kml$/);
      expect(file.type).toBe('application/vnd.google-earth.kml+xml');
      const kml = new DOMParser().parseFromString(file.text, 'application/xml');
      expect(kml.querySelector('parsererror')).toBeNull();
      const [wellMark, fenceMark] = [...kml.querySelectorAll('Placemark')];
      expect(wellMark!.querySelector('name')!.textContent).toBe('Well');
      expect(wellMark!.querySelector('Point coordinates')!.textContent).toBe('-80.86,35.62');
      expect(fenceMark!.querySelector('LineString coordinates')!.textContent).toBe('-80.86,35.62 -80.859,35.62');
      // Drawn in their colours (KML's aabbggrr).
      expect(fenceMark!.querySelector('Style LineStyle color')!.textContent).toBe('ffc27119');
      expect(wellMark!.querySelector('Style IconStyle color')!.textContent).toBe('ff3131e0');
      expect(Object.fromEntries([...fenceMark!.querySelectorAll('Data')].map((d) => [d.getAttribute('name'), d.textContent]))).toEqual({
        name: 'Fence line',
        color: '#1971c2',
        visible: 'true',
        note: 'Along the creek',
        created_at: fence.created_at,
      });
    });
  });
});
