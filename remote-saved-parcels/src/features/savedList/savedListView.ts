// The saved list as the sheet shows it: filtered by text and tag, sorted by the user's choice.
import type { SavedParcelRecord } from '@parcel-map/shared';
import { hasNewChanges } from './savedParcelChanges.ts';

export const SAVED_SORTS = {
  savedNewest: 'Saved date (newest first)',
  savedOldest: 'Saved date (oldest first)',
  owner: 'Owner (A–Z)',
  address: 'Address (A–Z)',
  acres: 'Acres (largest first)',
} as const;
export type SavedSort = keyof typeof SAVED_SORTS;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

type Compare = (a: SavedParcelRecord, b: SavedParcelRecord) => number;

/** Largest first; a parcel without acres (none known yet, or not numeric) goes last. */
const byAcres =
  (acres: ReadonlyMap<number, number | null>): Compare =>
  (a, b) => {
    const [x, y] = [acres.get(a.id) ?? null, acres.get(b.id) ?? null];
    if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0) || b.id - a.id;
    return y - x || b.id - a.id;
  };

const COMPARE: Record<Exclude<SavedSort, 'acres'>, Compare> = {
  savedNewest: (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id,
  savedOldest: (a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id,
  owner: (a, b) => collator.compare(a.parcel_owner_name, b.parcel_owner_name) || a.id - b.id,
  address: (a, b) => collator.compare(a.parcel_address, b.parcel_address) || a.id - b.id,
};

/** Whether every word of the filter text is in the PIN, owner, address, notes or tags (any case). */
function matches(saved: SavedParcelRecord, words: string[]): boolean {
  const haystack = [saved.parcel_pin, saved.parcel_owner_name, saved.parcel_address, saved.notes ?? '', ...saved.tags].join('\n').toLocaleLowerCase('en');
  return words.every((word) => haystack.includes(word));
}

export interface SavedListOptions {
  text: string;
  sort: SavedSort;
  /** Only parcels with this tag (any case); '' for all. */
  tag?: string;
  /** Acres by saved id, for the acres sort. */
  acres?: ReadonlyMap<number, number | null>;
  /** Only parcels changed since the user last looked (a change not yet marked seen). */
  changedOnly?: boolean;
}

export function savedListView(parcels: readonly SavedParcelRecord[], { text, sort, tag = '', acres = new Map(), changedOnly = false }: SavedListOptions): SavedParcelRecord[] {
  const words = text.toLocaleLowerCase('en').split(/\s+/).filter(Boolean);
  const wanted = tag.toLocaleLowerCase('en');
  return parcels
    .filter((saved) => matches(saved, words) && (!wanted || saved.tags.some((own) => own.toLocaleLowerCase('en') === wanted)) && (!changedOnly || hasNewChanges(saved)))
    .sort(sort === 'acres' ? byAcres(acres) : COMPARE[sort]);
}

/**
 * What a card shows of the value its list is sorted by, when the card does not show it already (the
 * owner and address are its heading): its acres, or the day it was saved.
 */
export function sortedValue(sort: SavedSort, saved: SavedParcelRecord, acres: ReadonlyMap<number, number | null>): string | null {
  if (sort === 'acres') {
    const value = acres.get(saved.id) ?? null;
    return value === null ? 'Acres not known' : `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })} acres`;
  }
  if (sort === 'savedNewest' || sort === 'savedOldest') return `Saved ${new Date(saved.created_at).toLocaleDateString('en-US', { dateStyle: 'medium' })}`;
  return null;
}

/** Every tag the user uses, once (the first spelling), A–Z: the tag filter and the suggestions. */
export function allTags(parcels: readonly SavedParcelRecord[]): string[] {
  const seen = new Map<string, string>();
  for (const saved of parcels) for (const tag of saved.tags) if (!seen.has(tag.toLocaleLowerCase('en'))) seen.set(tag.toLocaleLowerCase('en'), tag);
  return [...seen.values()].sort(collator.compare);
}
