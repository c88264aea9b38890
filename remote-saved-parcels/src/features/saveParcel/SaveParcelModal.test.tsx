import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parcelSaveRequested, type Parcel } from '@parcel-map/shared';
import { SAVED_PARCELS_FULL_MESSAGE, savedParcelsApi, SERVER_UNREACHABLE_MESSAGE, TOO_MANY_REQUESTS_MESSAGE } from '@parcel-map/shared/api';
import { renderWithStore, setupFakeNetwork } from '@parcel-map/shared/testing';
import { fakeSavedParcelsApi } from '../../test/fakeSavedParcelsApi.ts';
import { SavedParcels } from '../SavedParcels.tsx';

const parcel: Parcel = {
  pin: '4634123456', name: null, owner: 'SMITH JOHN A', add1: '12 LAKE RD', add2: null, city: 'MOORESVILLE', state: 'NC',
  zip: '28117', taxacres: 1.2, township: 'Davidson', zoning: 'R-20', sale_date: null, sales_price: null,
};

setupFakeNetwork();

const request = { parcel, centroid: { lng: -80.86, lat: 35.62 } };

function openModal() {
  const rendered = renderWithStore(<SavedParcels />);
  act(() => {
    rendered.store.dispatch(parcelSaveRequested({ parcel, centroid: { lng: -80.86, lat: 35.62 } }));
  });
  return rendered;
}

describe('Save Parcel Location modal', () => {
  it('opens with a cleared note and counts characters up to 256', async () => {
    openModal();
    expect(await screen.findByRole('dialog', { name: 'Save Parcel Location' })).toBeInTheDocument();
    expect(screen.getByText('0/256 characters')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Notes (optional)'), 'Lake lot');
    expect(screen.getByText('8/256 characters')).toBeInTheDocument();
  });

  it('posts the spec body, closes and notifies on success', async () => {
    const api = fakeSavedParcelsApi();
    openModal();
    await userEvent.type(await screen.findByLabelText('Notes (optional)'), 'dock');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Saved parcel 4634123456.');
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      parcel_pin: '4634123456', parcel_owner_name: 'SMITH JOHN A', parcel_address: '12 LAKE RD',
      parcel_centroid_lat: 35.62, parcel_centroid_lon: -80.86, notes: 'dock',
    });
  });

  it('saves the tags typed in the dialog with the parcel (issue #44)', async () => {
    const api = fakeSavedParcelsApi();
    openModal();
    await userEvent.type(await screen.findByLabelText('Tags (optional)'), ' Listing, Creek front ,, ');
    expect(screen.getByLabelText('Tags (optional)')).toHaveAccessibleDescription('Separate tags with commas, at most 10.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ parcel_pin: '4634123456', notes: null, tags: ['Listing', 'Creek front'] });
  });

  it('treats 409 as already saved and closes', async () => {
    fakeSavedParcelsApi().failNext('create', { status: 409, body: { message: 'duplicate' } });
    openModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('This parcel is already in your saved list.');
  });

  it("shows other failures in the modal with the server's message", async () => {
    fakeSavedParcelsApi().failNext('create', { status: 400, body: { message: 'Parcel PIN is not a known parcel' } });
    openModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Parcel PIN is not a known parcel');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it.each([
    ['a full saved list (403)', 403, SAVED_PARCELS_FULL_MESSAGE],
    ['a save burst beyond the rate limit (429)', 429, TOO_MANY_REQUESTS_MESSAGE],
  ])("shows %s in the modal with the API's message, and keeps the note for a later try", async (_label, status, message) => {
    fakeSavedParcelsApi().failNext('create', { status, body: { message } });
    openModal();
    await userEvent.type(await screen.findByLabelText('Notes (optional)'), 'dock');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByLabelText('Notes (optional)')).toHaveValue('dock');
  });

  it('clears the note each time it opens', async () => {
    fakeSavedParcelsApi();
    const { store } = openModal();
    await userEvent.type(await screen.findByLabelText('Notes (optional)'), 'draft');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    act(() => void store.dispatch(parcelSaveRequested(request)));
    expect(await screen.findByLabelText('Notes (optional)')).toHaveValue('');
    expect(screen.getByText('0/256 characters')).toBeInTheDocument();
  });

  it('never holds more than 256 characters', async () => {
    fakeSavedParcelsApi();
    openModal();
    const notes = await screen.findByLabelText('Notes (optional)');
    await userEvent.click(notes);
    await userEvent.paste('a'.repeat(300));
    expect(notes).toHaveValue('a'.repeat(256));
    expect(screen.getByText('256/256 characters')).toBeInTheDocument();
  });

  it("shows 'Saving...' and refuses a second save while the first is in flight", async () => {
    const api = fakeSavedParcelsApi();
    api.failNext('create', 'hang');
    openModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const saving = await screen.findByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    await userEvent.click(saving);
    expect(api.count('POST')).toBe(1);
  });

  it('refreshes the saved list after a save and after a 409', async () => {
    const api = fakeSavedParcelsApi();
    const { store } = openModal();
    // Someone (the map) is watching the list, as in the product.
    const watcher = store.dispatch(savedParcelsApi.endpoints.listSavedParcels.initiate());
    await waitFor(() => expect(api.count('GET')).toBe(1));
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.count('GET')).toBe(2));
    act(() => void store.dispatch(parcelSaveRequested(request)));
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('This parcel is already in your saved list.'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.count('GET')).toBe(3));
    watcher.unsubscribe();
  });

  it("falls back to 'An unknown error occurred while saving.' when the failure has no message", async () => {
    const api = fakeSavedParcelsApi();
    api.failNext('create', { status: 500, body: { message: '' } });
    openModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An unknown error occurred while saving.');
  });

  it('shows a network failure in the modal and lets the user retry', async () => {
    const api = fakeSavedParcelsApi();
    api.failNext('create', 'network-error');
    openModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_UNREACHABLE_MESSAGE);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.records()).toHaveLength(1);
  });

  it('is a keyboard dialog: focus starts in the note, Tab stays inside, Escape closes and focus returns', async () => {
    fakeSavedParcelsApi();
    const rendered = renderWithStore(
      <>
        <button type="button">Save parcel</button>
        <SavedParcels />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Save parcel' });
    opener.focus();
    act(() => void rendered.store.dispatch(parcelSaveRequested(request)));
    const dialog = await screen.findByRole('dialog', { name: 'Save Parcel Location' });
    expect(screen.getByLabelText('Notes (optional)')).toHaveFocus();
    for (let i = 0; i < 5; i++) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on a backdrop click', async () => {
    fakeSavedParcelsApi();
    openModal();
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(dialog);
    expect(dialog).toBeInTheDocument();
    await userEvent.click(dialog.parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
