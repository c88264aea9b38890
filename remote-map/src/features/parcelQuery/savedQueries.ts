// Queries saved by name, per user (issue #42). Kept in this browser's local storage under the user's
// id until the API keeps them: a saved query is its conditions, so it runs on whatever data is
// published when it is run again.
import type { QueryFilter } from '@parcel-map/shared';

export interface SavedQuery {
  name: string;
  q: string;
  filters: QueryFilter[];
}

const storageKey = (userId: string) => `parcelQueries:${userId}`;

export function loadSavedQueries(userId: string): SavedQuery[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isSavedQuery) : [];
  } catch {
    // Unreadable (written by hand, or cut short): as if none were saved.
    return [];
  }
}

/** The list with `query` saved: in place of one of the same name, else first. */
export function withSavedQuery(saved: readonly SavedQuery[], query: SavedQuery): SavedQuery[] {
  return [query, ...saved.filter((candidate) => candidate.name !== query.name)];
}

export function storeSavedQueries(userId: string, saved: readonly SavedQuery[]): void {
  localStorage.setItem(storageKey(userId), JSON.stringify(saved));
}

function isSavedQuery(value: unknown): value is SavedQuery {
  const candidate = value as Partial<SavedQuery> | null;
  return typeof candidate?.name === 'string' && typeof candidate.q === 'string' && Array.isArray(candidate.filters);
}
