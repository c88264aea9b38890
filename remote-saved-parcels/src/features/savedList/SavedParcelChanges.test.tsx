// Saved parcels know (issue #43): a card says what changed since the parcel was saved — a sale with
// the owner it was from, a new owner, the parcel gone with its last known data — and the list can be
// filtered to the parcels changed since the user last looked, until they mark the changes seen.
import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { savedParcelsOpened } from '@parcel-map/shared';
import { renderWithStore, setupFakeNetwork } from '@parcel-map/shared/testing';
import { fakeSavedParcelsApi, savedRecord } from '../../test/fakeSavedParcelsApi.ts';
import { SavedParcels } from '../SavedParcels.tsx';

setupFakeNetwork();

const at = '2026-10-30T14:05:00.000Z';
const sold = savedRecord({
  id: 3,
  parcel_pin: '4634000003',
  parcel_owner_name: 'REID STEVEN M',
  changes: [
    { kind: 'owner', at, before: { Owner: 'Reid Steven M' }, after: { Owner: 'MORALES ANA' }, seen: false },
    { kind: 'sold', at, before: { 'Sale date': '05/03/2019', 'Sale price': 410000 }, after: { 'Sale date': '10/14/2026', 'Sale price': 612000 }, seen: false },
  ],
});
const newOwner = savedRecord({
  id: 2,
  parcel_pin: '4634000002',
  parcel_owner_name: 'ADAMS ANN',
  changes: [{ kind: 'owner', at, before: { Owner: 'ADAMS ANN' }, after: { Owner: 'ADAMS TRUST' }, seen: true }],
});
const gone = savedRecord({
  id: 1,
  parcel_pin: '4634000001',
  parcel_owner_name: 'BAKER BEN',
  changes: [{ kind: 'removed', at, before: { Address: '3 ELM ST', Owner: 'BAKER BEN', Acres: 0.118 }, after: null, seen: false }],
  gone: { since: at },
});
const unchanged = savedRecord({ id: 4, parcel_pin: '4634000004', parcel_owner_name: 'CLARK CARL' });

function openSheet() {
  const rendered = renderWithStore(<SavedParcels />);
  act(() => {
    rendered.store.dispatch(savedParcelsOpened());
  });
  return rendered;
}

const card = (owner: string) => screen.getByRole('listitem', { name: owner });
const pins = () => screen.getAllByRole('listitem').map((li) => within(li).getByText(/^PIN /).textContent);

describe('saved parcels that changed since they were saved', () => {
  it('says what changed on each card, and that a parcel gone is no longer in the data', async () => {
    fakeSavedParcelsApi([gone, newOwner, sold, unchanged]);
    openSheet();
    await screen.findAllByRole('listitem');
    const soldChanges = within(card('REID STEVEN M')).getByRole('group', { name: 'Changes to 4634000003' });
    expect(soldChanges).toHaveTextContent('Sold 10/14/2026 for $612,000 — was Reid Steven M');
    expect(within(soldChanges).getByText('New')).toBeInTheDocument();
    const ownerChanges = within(card('ADAMS ANN')).getByRole('group');
    expect(ownerChanges).toHaveTextContent('New owner ADAMS TRUST since 10/30/2026 — was ADAMS ANN');
    expect(within(ownerChanges).queryByText('New')).toBeNull();
    expect(within(card('BAKER BEN')).getByRole('group')).toHaveTextContent("No longer in the county's data since 10/30/2026. Last known: Address: 3 ELM ST; Owner: BAKER BEN; Acres: 0.118");
    // Nothing on the map to select: the card still lists it, without a way to a parcel that is not there.
    expect(within(card('BAKER BEN')).getByRole('button', { name: 'View on Map' })).toBeDisabled();
    expect(within(card('CLARK CARL')).queryByRole('group')).toBeNull();
    expect(within(card('CLARK CARL')).getByRole('button', { name: 'View on Map' })).toBeEnabled();
  });

  it('filters to the parcels changed since the user last looked, none once the changes are marked seen', async () => {
    const api = fakeSavedParcelsApi([gone, newOwner, sold, unchanged]);
    openSheet();
    await screen.findAllByRole('listitem');
    await userEvent.click(screen.getByLabelText('Changed since I last looked (2)'));
    expect(pins()).toEqual(['PIN 4634000003', 'PIN 4634000001']);
    await userEvent.click(screen.getByRole('button', { name: 'Mark changes seen' }));
    expect(await screen.findByLabelText('Changed since I last looked (0)')).toBeChecked();
    expect(api.count('POST', '/api/saved-parcels/changes/seen')).toBe(1);
    expect(screen.queryAllByRole('listitem')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Mark changes seen' })).toBeNull();
    await userEvent.click(screen.getByLabelText('Changed since I last looked (0)'));
    expect(pins()).toHaveLength(4);
  });
});
