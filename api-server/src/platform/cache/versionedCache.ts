// Values that stay right for as long as one data version is current — parcel tiles, base map tiles,
// parcel details — kept in memory per key under that version (dataVersion.ts), and all dropped when
// another version becomes current, so a re-import never serves the replaced data set's answers.
import { LRUCache } from 'lru-cache';
import type { DataVersion } from './dataVersion.ts';

export interface VersionedCache<T> {
  /**
   * The value for `key` under the current data version: the cached one, else `load(version)`'s, which
   * concurrent callers share. A failed load is not kept: the next call tries again.
   */
  get(key: string, load: (version: number) => Promise<T>): Promise<T>;
  /** The loaded value when the current version is known without a query (the hot paths), else undefined. */
  peek(key: string): T | undefined;
}

interface Entry<T> {
  pending: Promise<T>;
  loaded?: { value: T };
}

/** `onLookup`: told whether each get() found its value (or its load under way) or loads it. */
export function createVersionedCache<T>(dataVersion: Pick<DataVersion, 'known' | 'current'>, maxEntries: number, onLookup?: (hit: boolean) => void): VersionedCache<T> {
  const entries = new LRUCache<string, Entry<T>>({ max: maxEntries });
  // The version every entry was loaded under.
  let entriesVersion: number | undefined;

  function entriesFor(version: number): LRUCache<string, Entry<T>> {
    if (version !== entriesVersion) {
      entries.clear();
      entriesVersion = version;
    }
    return entries;
  }

  return {
    async get(key, load) {
      // The version known while LISTEN is live, else read from the database.
      const version = dataVersion.known() ?? (await dataVersion.current());
      const cache = entriesFor(version);
      const cached = cache.get(key);
      onLookup?.(cached !== undefined);
      if (cached) return cached.pending;
      const entry: Entry<T> = { pending: load(version) };
      cache.set(key, entry);
      entry.pending.then(
        (value) => {
          entry.loaded = { value };
        },
        () => {
          if (cache.get(key) === entry) cache.delete(key);
        },
      );
      return entry.pending;
    },

    peek(key) {
      const version = dataVersion.known();
      if (version === undefined || version !== entriesVersion) return undefined;
      return entries.get(key)?.loaded?.value;
    },
  };
}
