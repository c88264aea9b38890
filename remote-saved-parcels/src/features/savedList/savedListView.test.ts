import type { SavedParcelRecord } from '@parcel-map/shared';
import { allTags, savedListView } from './savedListView.ts';

const record = (id: number, owner: string, address: string, createdAt: string, notes: string | null = null, tags: string[] = []): SavedParcelRecord => ({
  id,
  parcel_pin: `46050${id}`,
  parcel_owner_name: owner,
  parcel_address: address,
  parcel_centroid_lat: 35.6,
  parcel_centroid_lon: -80.8,
  notes,
  tags,
  created_at: createdAt,
});

const list = [
  record(1, 'smith john', '12 Oak St', '2026-01-02T00:00:00.000Z', 'creek frontage', ['Listing', 'Survey']),
  record(2, 'Adams Farm LLC', '3 Elm Rd', '2026-03-01T00:00:00.000Z', null, ['listing']),
  record(3, 'Brown Mary', '100 Ash Ave', '2026-02-01T00:00:00.000Z', 'Call owner'),
];
const ids = (records: SavedParcelRecord[]) => records.map((saved) => saved.id);

describe('saved list view', () => {
  it('sorts by saved date either way, by owner and by address, ignoring case', () => {
    expect(ids(savedListView(list, { text: '', sort: 'savedNewest' }))).toEqual([2, 3, 1]);
    expect(ids(savedListView(list, { text: '', sort: 'savedOldest' }))).toEqual([1, 3, 2]);
    expect(ids(savedListView(list, { text: '', sort: 'owner' }))).toEqual([2, 3, 1]);
    // Numbers in addresses compare as numbers: 3 before 12 before 100.
    expect(ids(savedListView(list, { text: '', sort: 'address' }))).toEqual([2, 1, 3]);
  });

  it('filters on every word in PIN, owner, address and notes', () => {
    expect(ids(savedListView(list, { text: 'CREEK', sort: 'savedNewest' }))).toEqual([1]);
    expect(ids(savedListView(list, { text: 'owner brown', sort: 'savedNewest' }))).toEqual([3]);
    expect(ids(savedListView(list, { text: '460502', sort: 'savedNewest' }))).toEqual([2]);
    expect(ids(savedListView(list, { text: 'nowhere', sort: 'savedNewest' }))).toEqual([]);
  });

  it('leaves the list it was given as it was', () => {
    const copy = [...list];
    savedListView(list, { text: '', sort: 'owner' });
    expect(list).toEqual(copy);
  });

  it('sorts by acres, largest first, with parcels of unknown acres last', () => {
    const acres = new Map<number, number | null>([
      [1, 2.5],
      [2, null],
      [3, 10],
    ]);
    expect(ids(savedListView(list, { text: '', sort: 'acres', acres }))).toEqual([3, 1, 2]);
    expect(ids(savedListView(list, { text: '', sort: 'acres' }))).toEqual([3, 2, 1]);
  });

  it('filters by tag in any case, and finds tags by text too', () => {
    expect(ids(savedListView(list, { text: '', sort: 'savedOldest', tag: 'LISTING' }))).toEqual([1, 2]);
    expect(ids(savedListView(list, { text: '', sort: 'savedOldest', tag: 'Survey' }))).toEqual([1]);
    expect(ids(savedListView(list, { text: 'survey', sort: 'savedOldest' }))).toEqual([1]);
  });

  it('lists every tag once, in its first spelling, A–Z', () => {
    expect(allTags(list)).toEqual(['Listing', 'Survey']);
  });
});
