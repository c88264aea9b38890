import type { ParcelDetails } from '@parcel-map/shared';
import { cacheParcel, cachedParcel, PARCEL_CACHE_KEY, PARCEL_CACHE_MAX_AGE_MS, PARCEL_CACHE_MAX_ENTRIES, readParcelCache } from './parcelCache.ts';

const details = (pin: string): ParcelDetails => ({
  pin,
  dataset: 'demo',
  name: null,
  owner: 'ANN',
  add1: null,
  add2: null,
  city: null,
  state: null,
  zip: null,
  taxacres: 1,
  township: null,
  zoning: null,
  sale_date: null,
  sales_price: null,
  mail_add1: null,
  mail_city: null,
  mail_state: null,
  mail_zip: null,
  attributes: [],
  empty_fields: [],
  centroid: { lng: -80.8, lat: 35.6 },
  geometry: { type: 'Point', coordinates: [-80.8, 35.6] },
});

/** A Storage whose reads and writes can be made to throw. */
function memoryStorage({ failReads = false, failWrites = false } = {}): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => {
      if (failReads) throw new Error('read blocked');
      return items.get(key) ?? null;
    },
    setItem: (key, value) => {
      if (failWrites) throw new DOMException('quota', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key) => items.delete(key),
  };
}

describe('parcel cache', () => {
  afterEach(() => vi.restoreAllMocks());

  it('stores entries with a timestamp under parcelCache', () => {
    const storage = memoryStorage();
    cacheParcel(details('1'), 1000, storage);
    expect(JSON.parse(storage.getItem(PARCEL_CACHE_KEY)!)).toEqual({ '1': { data: details('1'), timestamp: 1000 } });
  });

  it('answers from the cache for less than 10 minutes', () => {
    const storage = memoryStorage();
    cacheParcel(details('1'), 0, storage);
    expect(cachedParcel('1', PARCEL_CACHE_MAX_AGE_MS - 1, storage)).toEqual(details('1'));
    expect(cachedParcel('1', PARCEL_CACHE_MAX_AGE_MS, storage)).toBeNull();
    expect(cachedParcel('2', 0, storage)).toBeNull();
  });

  it('keeps at most 1000 entries, removing the oldest', () => {
    const storage = memoryStorage();
    const full = Object.fromEntries(
      Array.from({ length: PARCEL_CACHE_MAX_ENTRIES }, (_, i) => [String(i), { data: details(String(i)), timestamp: 1000 + i }]),
    );
    storage.setItem(PARCEL_CACHE_KEY, JSON.stringify(full));
    cacheParcel(details(String(PARCEL_CACHE_MAX_ENTRIES)), 1000 + PARCEL_CACHE_MAX_ENTRIES, storage);
    const record = readParcelCache(storage);
    expect(Object.keys(record)).toHaveLength(PARCEL_CACHE_MAX_ENTRIES);
    expect(record['0']).toBeUndefined();
    expect(record['1']).toBeDefined();
    expect(record[String(PARCEL_CACHE_MAX_ENTRIES)]).toBeDefined();
  });

  it('drops stale entries when writing', () => {
    const storage = memoryStorage();
    cacheParcel(details('old'), 0, storage);
    cacheParcel(details('new'), PARCEL_CACHE_MAX_AGE_MS + 5, storage);
    expect(Object.keys(readParcelCache(storage))).toEqual(['new']);
  });

  it('logs a read failure and treats the cache as empty', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(cachedParcel('1', 0, memoryStorage({ failReads: true }))).toBeNull();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Parcel cache read failed'), expect.any(Error));
  });

  it('logs corrupt contents and treats the cache as empty', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = memoryStorage();
    storage.setItem(PARCEL_CACHE_KEY, '{not json');
    expect(readParcelCache(storage)).toEqual({});
    expect(error).toHaveBeenCalled();
  });

  it('ignores malformed entries', () => {
    const storage = memoryStorage();
    storage.setItem(PARCEL_CACHE_KEY, JSON.stringify({ '1': { data: details('2'), timestamp: 0 }, '3': { timestamp: 0 }, '4': { data: details('4'), timestamp: 0 } }));
    expect(Object.keys(readParcelCache(storage))).toEqual(['4']);
  });

  it('logs a write failure without throwing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => cacheParcel(details('1'), 0, memoryStorage({ failWrites: true }))).not.toThrow();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Parcel cache write failed'), expect.any(DOMException));
  });
});
