// Parcel details kept in memory for the current data version, in front of the database (issue #4
// point 6: details throughput ≥ half the cached tile route's). A parcel's record changes only when
// an import makes a new data set current (the parcels are replaced in the same transaction), so a
// detail read while version v was current stays right for as long as v is. The version comes from
// tiles/dataVersion.ts: known() only while this process LISTENs for the datasets NOTIFY, so an
// answer is served from memory only under the version the database last announced, and nothing is
// cached while that is not known (no LISTEN: every request goes to the database).
import { LruCache } from '../tiles/tileCache.ts';
import type { DataVersion } from '../tiles/dataVersion.ts';

/** ~1–3 KB each (the outline dominates): a few tens of MB at most. */
export const DETAILS_CACHE_ENTRIES = 10_000;

export interface ParcelDetailsCache<T> {
  /** The cached value for `key` under the current version, else `load()`'s (kept if still current). */
  through(key: string, load: () => Promise<T>): Promise<T>;
  /** The cached value when the current version is known without a query, else undefined. */
  peek(key: string): T | undefined;
}

export function createParcelDetailsCache<T>(dataVersion: Pick<DataVersion, 'known' | 'current'>, maxEntries = DETAILS_CACHE_ENTRIES): ParcelDetailsCache<T> {
  // Only ever values read while `entriesVersion` was current.
  const entries = new LruCache<string, T>(maxEntries);
  let entriesVersion: number | undefined;

  /** The entries when they belong to the version known to be current; a new version empties them. */
  function current(version: number | undefined): LruCache<string, T> | undefined {
    if (version === undefined) return undefined;
    if (version !== entriesVersion) {
      entries.clear();
      entriesVersion = version;
    }
    return entries;
  }

  return {
    async through(key, load) {
      let version = dataVersion.known();
      // Unknown after a change until someone reads it again; reading it here makes it known when LISTEN is live.
      if (version === undefined) {
        await dataVersion.current();
        version = dataVersion.known();
      }
      const hit = current(version)?.get(key);
      if (hit !== undefined) return hit;
      const value = await load();
      // A change announced while the query ran may mean the value is of either data set: not kept.
      if (dataVersion.known() === version) current(version)?.set(key, value);
      return value;
    },

    peek(key) {
      return current(dataVersion.known())?.get(key);
    },
  };
}
