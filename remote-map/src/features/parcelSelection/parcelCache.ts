// Parcel details kept in local storage across reloads (SPEC §3 'Cache entry', §9): key parcelCache,
// fresh for 10 minutes, at most 1000 entries with the oldest removed. Read or write failures are
// logged and the cache is then treated as empty (SPEC §8).
import type { ParcelDetails } from '@parcel-map/shared';

export const PARCEL_CACHE_KEY = 'parcelCache';
export const PARCEL_CACHE_MAX_AGE_MS = 10 * 60 * 1000;
export const PARCEL_CACHE_MAX_ENTRIES = 1000;

interface ParcelCacheEntry {
  data: ParcelDetails;
  timestamp: number;
}

export type ParcelCacheRecord = Record<string, ParcelCacheEntry>;

/** Local storage, or null where reaching it throws (privacy modes, sandboxed frames). */
function defaultStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function isEntry(value: unknown): value is ParcelCacheEntry {
  if (!value || typeof value !== 'object') return false;
  const { data, timestamp } = value as Partial<ParcelCacheEntry>;
  return typeof timestamp === 'number' && Number.isFinite(timestamp) && !!data && typeof data === 'object' && typeof data.pin === 'string';
}

/** Every well-formed entry in storage; {} when there is none or it cannot be read. */
export function readParcelCache(storage: Storage | null = defaultStorage()): ParcelCacheRecord {
  try {
    const raw = storage?.getItem(PARCEL_CACHE_KEY);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('parcel cache is not an object');
    const record: ParcelCacheRecord = {};
    for (const [pin, entry] of Object.entries(parsed as Record<string, unknown>)) {
      if (isEntry(entry) && entry.data.pin === pin) record[pin] = entry;
    }
    return record;
  } catch (error) {
    console.error('Parcel cache read failed; treating it as empty:', error);
    return {};
  }
}

/** The cached details for `pin` if they are less than 10 minutes old. */
export function cachedParcel(pin: string, now: number = Date.now(), storage: Storage | null = defaultStorage()): ParcelDetails | null {
  const entry = readParcelCache(storage)[pin];
  if (!entry) return null;
  const age = now - entry.timestamp;
  return age >= 0 && age < PARCEL_CACHE_MAX_AGE_MS ? entry.data : null;
}

/** Stores `details`, dropping stale entries and then the oldest beyond the limit. */
export function cacheParcel(details: ParcelDetails, now: number = Date.now(), storage: Storage | null = defaultStorage()): void {
  const record = readParcelCache(storage);
  record[details.pin] = { data: details, timestamp: now };
  const kept = Object.entries(record)
    .filter(([, entry]) => now - entry.timestamp < PARCEL_CACHE_MAX_AGE_MS)
    .sort(([, a], [, b]) => b.timestamp - a.timestamp)
    .slice(0, PARCEL_CACHE_MAX_ENTRIES);
  try {
    if (!storage) throw new Error('local storage is unavailable');
    storage.setItem(PARCEL_CACHE_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch (error) {
    console.error('Parcel cache write failed:', error);
  }
}

/** Forgets every cached parcel: a publish has made them the old data's (SPEC's 10 minutes would show it). */
export function clearParcelCache(storage: Storage | null = defaultStorage()): void {
  try {
    storage?.removeItem(PARCEL_CACHE_KEY);
  } catch (error) {
    console.error('Parcel cache clear failed:', error);
  }
}
