// The saved list as the sheet shows it: filtered by text and sorted by the user's choice.
import type { SavedParcelRecord } from '@parcel-map/shared';

export const SAVED_SORTS = {
  savedNewest: 'Saved date (newest first)',
  savedOldest: 'Saved date (oldest first)',
  owner: 'Owner (A–Z)',
  address: 'Address (A–Z)',
} as const;
export type SavedSort = keyof typeof SAVED_SORTS;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const COMPARE: Record<SavedSort, (a: SavedParcelRecord, b: SavedParcelRecord) => number> = {
  savedNewest: (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id,
  savedOldest: (a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id,
  owner: (a, b) => collator.compare(a.parcel_owner_name, b.parcel_owner_name) || a.id - b.id,
  address: (a, b) => collator.compare(a.parcel_address, b.parcel_address) || a.id - b.id,
};

/** Whether every word of the filter text is in the PIN, owner, address or notes (any case). */
function matches(saved: SavedParcelRecord, words: string[]): boolean {
  const haystack = [saved.parcel_pin, saved.parcel_owner_name, saved.parcel_address, saved.notes ?? ''].join('\n').toLocaleLowerCase('en');
  return words.every((word) => haystack.includes(word));
}

export function savedListView(parcels: readonly SavedParcelRecord[], { text, sort }: { text: string; sort: SavedSort }): SavedParcelRecord[] {
  const words = text.toLocaleLowerCase('en').split(/\s+/).filter(Boolean);
  return parcels.filter((saved) => matches(saved, words)).sort(COMPARE[sort]);
}
