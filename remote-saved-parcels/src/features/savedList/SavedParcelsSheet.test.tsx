import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addAppListener, savedParcelFocused, savedParcelsOpened, type SavedParcelRecord } from '@parcel-map/shared';
import { renderWithStore, setupFakeNetwork } from '@parcel-map/shared/testing';
import { fakeSavedParcelsApi, savedRecord } from '../../test/fakeSavedParcelsApi.ts';
import { SavedParcels } from '../SavedParcels.tsx';

setupFakeNetwork();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const lake = savedRecord({ id: 7, parcel_pin: '4634000007', parcel_owner_name: 'LAKE HOLDINGS LLC', notes: 'Dock rights' });
const hill = savedRecord({ id: 3, parcel_pin: '4634000003', parcel_owner_name: 'HILL MARY', parcel_address: '9 RIDGE CT', notes: null });

function openSheet(options: { signedIn?: boolean } = {}) {
  const rendered = renderWithStore(<SavedParcels />, options);
  act(() => {
    rendered.store.dispatch(savedParcelsOpened());
  });
  return { ...rendered, sheet: () => screen.getByRole('dialog', { name: 'My Saved Parcels' }) };
}

const item = (pin: string) => screen.getByRole('listitem', { name: new RegExp(pin === lake.parcel_pin ? 'LAKE' : 'HILL') });

describe("'My Saved Parcels' sheet", () => {
  it('asks for a sign-in without a session token and calls nothing', async () => {
    const api = fakeSavedParcelsApi([lake]);
    openSheet({ signedIn: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('You must be logged in to view saved parcels');
    expect(api.requests).toHaveLength(0);
  });

  it("lists the user's parcels with the bearer token, newest first", async () => {
    const api = fakeSavedParcelsApi([hill, lake]);
    openSheet();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => within(li).getByText(/^PIN /).textContent)).toEqual(['PIN 4634000007', 'PIN 4634000003']);
    expect(within(items[0]!).getByText('Dock rights')).toBeInTheDocument();
    expect(within(items[1]!).getByText('9 RIDGE CT')).toBeInTheDocument();
    expect(api.requests[0]!.headers).toMatchObject({ authorization: 'Bearer jwt-u1', 'x-session-token': 'jwt-u1' });
  });

  it('shows on each card the value the list is sorted by: acres when sorted by acres (issue #44)', async () => {
    fakeSavedParcelsApi([hill, lake]);
    openSheet();
    await screen.findAllByRole('listitem');
    expect(within(item(lake.parcel_pin)).queryByText(/acres$/)).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Acres (largest first)');
    // The fake server's parcel records have 1.25 acres per saved id.
    expect(await within(item(lake.parcel_pin)).findByText('8.75 acres')).toBeInTheDocument();
    expect(within(item(hill.parcel_pin)).getByText('3.75 acres')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => within(li).getByText(/^PIN /).textContent)).toEqual(['PIN 4634000007', 'PIN 4634000003']);
  });

  it('filters the list by text and sorts it by owner', async () => {
    fakeSavedParcelsApi([hill, lake]);
    openSheet();
    await screen.findAllByRole('listitem');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Owner (A–Z)');
    expect(screen.getAllByRole('listitem').map((li) => within(li).getByText(/^PIN /).textContent)).toEqual(['PIN 4634000003', 'PIN 4634000007']);
    await userEvent.type(screen.getByLabelText('Filter'), 'dock');
    expect(screen.getAllByRole('listitem').map((li) => within(li).getByText(/^PIN /).textContent)).toEqual(['PIN 4634000007']);
    expect(screen.getByText('1 of 2 saved')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Filter'), ' nothing');
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByText('No saved parcel matches the filter.')).toBeInTheDocument();
  });

  it('shows the empty state text and hint', async () => {
    fakeSavedParcelsApi([]);
    openSheet();
    expect(await screen.findByText('You have not saved any parcels yet.')).toBeInTheDocument();
    expect(screen.getByText('Select a parcel on the map and click the save icon to add it here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it("shows the load failure with 'Try Again', which loads the list", async () => {
    const api = fakeSavedParcelsApi([lake]);
    api.failNext('list', 'network-error');
    openSheet();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load saved parcels. Please check your connection and try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('PIN 4634000007')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('closes on Escape, on the close button and on a backdrop click, not on a click inside', async () => {
    fakeSavedParcelsApi([lake]);
    const { sheet, store } = openSheet();
    await screen.findByText('PIN 4634000007');
    await userEvent.click(screen.getByRole('heading', { name: 'My Saved Parcels' }));
    expect(sheet()).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => void store.dispatch(savedParcelsOpened()));
    await userEvent.click(await screen.findByRole('button', { name: 'Close saved parcels' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => void store.dispatch(savedParcelsOpened()));
    await userEvent.click(sheet().parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('takes focus when it opens and keeps Tab inside', async () => {
    fakeSavedParcelsApi([lake]);
    const { sheet } = openSheet();
    await screen.findByText('PIN 4634000007');
    expect(sheet()).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 8; i++) {
      await userEvent.tab();
      expect(sheet()).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it("'View on Map' sends the centroid to the map and closes the sheet", async () => {
    fakeSavedParcelsApi([lake]);
    const { store } = openSheet();
    const focused: unknown[] = [];
    store.dispatch(addAppListener({ actionCreator: savedParcelFocused, effect: (action) => void focused.push(action.payload) }));
    await userEvent.click(await screen.findByRole('button', { name: 'View on Map' }));
    expect(focused).toEqual([{ pin: '4634000007', lng: -80.86, lat: 35.62 }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  describe('notes editor', () => {
    it('edits a note inline, sends only the notes and shows the refreshed list', async () => {
      const api = fakeSavedParcelsApi([hill, lake]);
      openSheet();
      await userEvent.click(await screen.findByRole('button', { name: 'Edit notes for 4634000007' }));
      const editor = screen.getByLabelText('Notes');
      expect(editor).toHaveValue('Dock rights');
      expect(editor).toHaveFocus();
      expect(screen.getByText('11/256 characters')).toBeInTheDocument();
      await userEvent.clear(editor);
      await userEvent.type(editor, 'Dock rights, north shore');
      await userEvent.click(screen.getByRole('button', { name: 'Save Notes' }));
      await waitFor(() => expect(screen.queryByLabelText('Notes')).not.toBeInTheDocument());
      expect(within(item(lake.parcel_pin)).getByText('Dock rights, north shore')).toBeInTheDocument();
      expect(api.requests.find((r) => r.method === 'PUT')).toMatchObject({ path: '/api/saved-parcels/7', body: { notes: 'Dock rights, north shore' } });
    });

    it('keeps one editor open at a time', async () => {
      fakeSavedParcelsApi([hill, lake]);
      openSheet();
      await userEvent.click(await screen.findByRole('button', { name: 'Edit notes for 4634000007' }));
      await userEvent.click(screen.getByRole('button', { name: 'Edit notes for 4634000003' }));
      expect(screen.getAllByLabelText('Notes')).toHaveLength(1);
      expect(within(item(hill.parcel_pin)).getByLabelText('Notes')).toHaveValue('');
    });

    it('truncates the note to 256 characters', async () => {
      const api = fakeSavedParcelsApi([hill]);
      openSheet();
      await userEvent.click(await screen.findByRole('button', { name: 'Edit notes for 4634000003' }));
      const editor = screen.getByLabelText('Notes');
      await userEvent.click(editor);
      await userEvent.paste('n'.repeat(300));
      expect((editor as HTMLTextAreaElement).value).toHaveLength(256);
      expect(screen.getByText('256/256 characters')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Save Notes' }));
      await waitFor(() => expect(api.count('PUT', '/api/saved-parcels/3')).toBe(1));
      expect((api.requests.find((r) => r.method === 'PUT')!.body as { notes: string }).notes).toHaveLength(256);
    });

    it('closes without a call when the notes are unchanged', async () => {
      const api = fakeSavedParcelsApi([lake]);
      openSheet();
      await userEvent.click(await screen.findByRole('button', { name: 'Edit notes for 4634000007' }));
      await userEvent.click(screen.getByRole('button', { name: 'Save Notes' }));
      expect(screen.queryByLabelText('Notes')).not.toBeInTheDocument();
      expect(api.count('PUT', '/api/saved-parcels/7')).toBe(0);
    });

    it("alerts 'Could not save the new note.' when the update fails and keeps the editor", async () => {
      const api = fakeSavedParcelsApi([lake]);
      api.failNext('update', { status: 500, body: { message: 'Internal server error' } });
      const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
      openSheet();
      await userEvent.click(await screen.findByRole('button', { name: 'Edit notes for 4634000007' }));
      await userEvent.type(screen.getByLabelText('Notes'), '!');
      await userEvent.click(screen.getByRole('button', { name: 'Save Notes' }));
      await waitFor(() => expect(alert).toHaveBeenCalledWith('Could not save the new note.'));
      expect(screen.getByLabelText('Notes')).toHaveValue('Dock rights!');
    });

    it('leaves the editor on Escape without closing the sheet', async () => {
      fakeSavedParcelsApi([lake]);
      openSheet();
      await userEvent.click(await screen.findByRole('button', { name: 'Edit notes for 4634000007' }));
      await userEvent.keyboard('{Escape}');
      expect(screen.queryByLabelText('Notes')).not.toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'My Saved Parcels' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Edit notes for 4634000007' })).toHaveFocus();
    });
  });

  describe('delete', () => {
    it("asks inline, and 'Cancel' keeps the parcel without a call", async () => {
      const api = fakeSavedParcelsApi([lake]);
      openSheet();
      await userEvent.click(await screen.findByRole('button', { name: 'Delete 4634000007' }));
      const confirm = screen.getByRole('group', { name: 'Confirm delete of 4634000007' });
      expect(within(confirm).getByRole('button', { name: 'Yes, Delete' })).toHaveFocus();
      await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('group', { name: /Confirm delete/ })).not.toBeInTheDocument();
      expect(screen.getByText('PIN 4634000007')).toBeInTheDocument();
      expect(api.count('DELETE', '/api/saved-parcels/7')).toBe(0);
    });

    it("'Yes, Delete' sends the numeric id and the parcel leaves the list", async () => {
      const api = fakeSavedParcelsApi([hill, lake]);
      openSheet();
      await userEvent.click(await screen.findByRole('button', { name: 'Delete 4634000007' }));
      await userEvent.click(screen.getByRole('button', { name: 'Yes, Delete' }));
      await waitFor(() => expect(screen.queryByText('PIN 4634000007')).not.toBeInTheDocument());
      expect(screen.getByText('PIN 4634000003')).toBeInTheDocument();
      expect(api.count('DELETE', '/api/saved-parcels/7')).toBe(1);
    });

    it.each([
      [{ status: 500, body: { message: 'Database unavailable' } }, 'Failed to delete parcel: Database unavailable'],
      [{ status: 502 }, 'Failed to delete parcel: API error: 502'],
    ])('alerts the failure (%j)', async (answer, expected) => {
      const api = fakeSavedParcelsApi([lake]);
      api.failNext('delete', answer);
      const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
      openSheet();
      await userEvent.click(await screen.findByRole('button', { name: 'Delete 4634000007' }));
      await userEvent.click(screen.getByRole('button', { name: 'Yes, Delete' }));
      await waitFor(() => expect(alert).toHaveBeenCalledWith(expected));
      expect(screen.getByText('PIN 4634000007')).toBeInTheDocument();
    });

    it("alerts 'Unknown error' when the failure has no message", async () => {
      const api = fakeSavedParcelsApi([lake]);
      api.failNext('delete', { status: 500, body: { message: '' } });
      const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
      openSheet();
      await userEvent.click(await screen.findByRole('button', { name: 'Delete 4634000007' }));
      await userEvent.click(screen.getByRole('button', { name: 'Yes, Delete' }));
      await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to delete parcel: Unknown error'));
    });
  });

  describe('export', () => {
    async function exported(buttonName: string): Promise<{ name: string; type: string; text: string }> {
      const blobs: Blob[] = [];
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:test'), revokeObjectURL: () => {} }));
      let name = '';
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        name = this.download;
      });
      await userEvent.click(await screen.findByRole('button', { name: buttonName }));
      // The parcel records are fetched first.
      await waitFor(() => expect(blobs).toHaveLength(1));
      return { name, type: blobs[0]!.type, text: await blobs[0]!.text() };
    }

    const tricky: SavedParcelRecord = savedRecord({
      id: 9,
      parcel_pin: '4634000009',
      parcel_owner_name: '=HYPERLINK("http://x")',
      parcel_address: '1 MAIN ST, APT "B"',
      notes: 'line one\nline two',
      tags: ['Listing', 'Creek'],
    });
    // The fake server's parcel record for it (test/fakeSavedParcelsApi.ts).
    const outline = [[[-80.8605, 35.6195], [-80.8595, 35.6195], [-80.8595, 35.6205], [-80.8605, 35.6205], [-80.8605, 35.6195]]];
    const everyField = {
      pin: '4634000009',
      owner: '=HYPERLINK("http://x")',
      address: '1 MAIN ST, APT "B"',
      city: 'MOORESVILLE',
      acres: 11.25,
      zoning: 'R-20',
      township: 'DAVIDSON',
      sale_date: '2020-05-01',
      sale_price: 250009,
      notes: 'line one\nline two',
      tags: 'Listing; Creek',
      saved_at: '2025-01-31T12:00:00.000Z',
      centroid_lat: 35.62,
      centroid_lon: -80.86,
      mail_address: 'PO BOX 9',
      mail_city: 'RALEIGH',
      mail_state: 'NC',
      mail_zip: '27609',
      'Land use': 'THREE-FM-RES',
      'Appraised total value': 600009,
    };

    it('downloads the list as CSV with every field', async () => {
      fakeSavedParcelsApi([tricky]);
      openSheet();
      const file = await exported('Export CSV');
      expect(file.name).toMatch(/^saved-parcels-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(file.type).toBe('text/csv;charset=utf-8');
      expect(file.text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
        'pin,owner,address,city,acres,zoning,township,sale_date,sale_price,notes,tags,saved_at,centroid_lat,centroid_lon,mail_address,mail_city,mail_state,mail_zip,Land use,Appraised total value',
        `4634000009,"'=HYPERLINK(""http://x"")","1 MAIN ST, APT ""B""",MOORESVILLE,11.25,R-20,DAVIDSON,2020-05-01,250009,"line one\nline two","Listing; Creek",2025-01-31T12:00:00.000Z,35.62,-80.86,PO BOX 9,RALEIGH,NC,27609,THREE-FM-RES,600009`,
        '',
      ]);
    });

    it('downloads the list as GeoJSON parcel outlines with every field', async () => {
      fakeSavedParcelsApi([tricky]);
      openSheet();
      const file = await exported('Export GeoJSON');
      expect(file.name).toMatch(/^saved-parcels-\d{4}-\d{2}-\d{2}\.geojson$/);
      const collection = JSON.parse(file.text) as { features: { geometry: { coordinates: number[][][] } }[] };
      expect(collection).toMatchObject({
        type: 'FeatureCollection',
        features: [{ type: 'Feature', id: '4634000009', geometry: { type: 'Polygon' }, properties: everyField }],
      });
      collection.features[0]!.geometry.coordinates[0]!.forEach(([x, y], i) => {
        expect(x).toBeCloseTo(outline[0]![i]![0]!, 9);
        expect(y).toBeCloseTo(outline[0]![i]![1]!, 9);
      });
    });

    it('downloads the list as KML placemarks with the outline and every field', async () => {
      fakeSavedParcelsApi([tricky]);
      openSheet();
      const file = await exported('Export KML');
      expect(file.name).toMatch(/^saved-parcels-\d{4}-\d{2}-\d{2}\.kml$/);
      expect(file.type).toBe('application/vnd.google-earth.kml+xml');
      const kml = new DOMParser().parseFromString(file.text, 'application/xml');
      expect(kml.querySelector('parsererror')).toBeNull();
      const placemark = kml.querySelector('Placemark')!;
      expect(placemark.querySelector('name')!.textContent).toBe('=HYPERLINK("http://x") (PIN 4634000009)');
      const data = Object.fromEntries([...placemark.querySelectorAll('Data')].map((field) => [field.getAttribute('name'), field.textContent]));
      expect(data).toEqual(Object.fromEntries(Object.entries(everyField).map(([key, value]) => [key, String(value)])));
      const ring = placemark.querySelector('Polygon outerBoundaryIs coordinates')!.textContent!.split(' ').map((pair) => pair.split(',').map(Number));
      expect(ring).toHaveLength(5);
      expect(ring[0]![0]).toBeCloseTo(-80.8605, 9);
    });

    it('exports the filtered, sorted list the user sees, and says so (issue #44)', async () => {
      fakeSavedParcelsApi([hill, lake, savedRecord({ id: 5, parcel_pin: '4634000005', parcel_owner_name: 'ABBOT RUTH', notes: 'Dock rights too' })]);
      openSheet();
      await screen.findAllByRole('listitem');
      expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveAccessibleDescription('Exports the 3 parcels shown');
      await userEvent.type(screen.getByLabelText('Filter'), 'dock');
      await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Owner (A–Z)');
      expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveAccessibleDescription('Exports the 2 parcels shown');
      const file = await exported('Export CSV');
      expect(file.text.split('\r\n').slice(1, -1).map((row) => row.split(',')[0])).toEqual(['4634000005', '4634000007']);
    });

    it('exports nothing when the filter shows nothing', async () => {
      fakeSavedParcelsApi([hill, lake]);
      openSheet();
      await screen.findAllByRole('listitem');
      await userEvent.type(screen.getByLabelText('Filter'), 'nothing like it');
      expect(screen.getByRole('button', { name: 'Export KML' })).toBeDisabled();
      expect(screen.getByText('Exports the 0 parcels shown')).toBeInTheDocument();
    });

    it('says so when the parcel records cannot be fetched for an export', async () => {
      const api = fakeSavedParcelsApi([tricky]);
      api.failNext('details', 'network-error');
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
      openSheet();
      await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(alert).toHaveBeenCalledWith('Could not export the saved parcels. Please try again.'));
    });
  });

  describe('tags', () => {
    it('adds a tag, suggesting the tags already in use, shows it, filters by it and removes it', async () => {
      const api = fakeSavedParcelsApi([hill, savedRecord({ ...lake, tags: ['Listing'] })]);
      openSheet();
      const hillItem = await screen.findByRole('listitem', { name: /HILL/ });
      const input = within(hillItem).getByRole('combobox', { name: `Add tag to ${hill.parcel_pin}` });
      const suggestions = document.getElementById(input.getAttribute('list')!)!;
      expect([...suggestions.querySelectorAll('option')].map((option) => option.value)).toEqual(['Listing']);
      await userEvent.type(input, '  Creek  front {Enter}');
      const tagRequests = () => api.requests.filter((request) => request.method === 'PUT' && request.path === `/api/saved-parcels/${hill.id}/tags`);
      await waitFor(() => expect(tagRequests().map((request) => request.body)).toEqual([{ tags: ['Creek front'] }]));
      expect(await within(screen.getByRole('listitem', { name: /HILL/ })).findByText('Creek front')).toBeInTheDocument();

      await userEvent.selectOptions(screen.getByLabelText('Tag'), 'Listing');
      expect(screen.getAllByRole('listitem', { name: /HILL|LAKE/ }).map((li) => within(li).getByText(/^PIN /).textContent)).toEqual([`PIN ${lake.parcel_pin}`]);
      await userEvent.selectOptions(screen.getByLabelText('Tag'), 'All tags');

      await userEvent.click(screen.getByRole('button', { name: `Remove tag Creek front from ${hill.parcel_pin}` }));
      await waitFor(() => expect(tagRequests().map((request) => request.body)).toEqual([{ tags: ['Creek front'] }, { tags: [] }]));
      await waitFor(() => expect(within(screen.getByRole('listitem', { name: /HILL/ })).queryByText('Creek front')).toBeNull());
    });
  });
});
