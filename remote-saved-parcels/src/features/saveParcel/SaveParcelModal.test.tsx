import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parcelSaveRequested, type Parcel } from '@parcel-map/shared';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { SavedParcels } from '../SavedParcels.tsx';

const parcel: Parcel = {
  pin: '4634123456', name: null, owner: 'SMITH JOHN A', add1: '12 LAKE RD', add2: null, city: 'MOORESVILLE', state: 'NC',
  zip: '28117', taxacres: 1.2, township: 'Davidson', zoning: 'R-20', sale_date: null, sales_price: null,
};

function serverAnswers(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

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
    const fetchMock = serverAnswers(201, { id: 1 });
    openModal();
    await userEvent.type(await screen.findByLabelText('Notes (optional)'), 'dock');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Saved parcel 4634123456.');
    const [, init] = fetchMock.mock.calls[0] as unknown as [URL, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      parcel_pin: '4634123456', parcel_owner_name: 'SMITH JOHN A', parcel_address: '12 LAKE RD',
      parcel_centroid_lat: 35.62, parcel_centroid_lon: -80.86, notes: 'dock',
    });
  });

  it('treats 409 as already saved and closes', async () => {
    serverAnswers(409, { message: 'duplicate' });
    openModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('This parcel is already in your saved list.');
  });

  it("shows other failures in the modal with the server's message", async () => {
    serverAnswers(400, { message: 'Parcel PIN is not a known parcel' });
    openModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Parcel PIN is not a known parcel');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
