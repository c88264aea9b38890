import { describe, expect, it, vi } from 'vitest';
import { createVersionedCache } from './versionedCache.ts';

/** A data version whose current value the test sets, known or not (LISTEN live or not). */
function testVersion(initial: number, live = true) {
  let value = initial;
  return {
    set: (next: number) => (value = next),
    current: vi.fn(async () => value),
    known: () => (live ? value : undefined),
  };
}

describe('createVersionedCache', () => {
  it('loads a key once per version, shares a pending load and passes the version to the loader', async () => {
    const version = testVersion(7);
    const cache = createVersionedCache<string>(version, 10);
    const load = vi.fn(async (v: number) => `tile of v${v}`);
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b]).toEqual(['tile of v7', 'tile of v7']);
    expect(await cache.get('k', load)).toBe('tile of v7');
    expect(load).toHaveBeenCalledTimes(1);
    // Known without a query: the database was not read.
    expect(version.current).not.toHaveBeenCalled();
  });

  it('drops every value of the old version when another becomes current', async () => {
    const version = testVersion(1);
    const cache = createVersionedCache<string>(version, 10);
    await cache.get('a', async (v) => `a${v}`);
    await cache.get('b', async (v) => `b${v}`);
    version.set(2);
    expect(cache.peek('a')).toBeUndefined();
    expect(await cache.get('a', async (v) => `a${v}`)).toBe('a2');
    expect(cache.peek('b')).toBeUndefined();
  });

  it('peeks only at loaded values of the version known to be current', async () => {
    const version = testVersion(3);
    const cache = createVersionedCache<string>(version, 10);
    let finish: (value: string) => void = () => {};
    const pending = cache.get('k', () => new Promise<string>((resolve) => (finish = resolve)));
    expect(cache.peek('k')).toBeUndefined();
    finish('done');
    await pending;
    expect(cache.peek('k')).toBe('done');

    const unknown = testVersion(3, false);
    const unwatched = createVersionedCache<string>(unknown, 10);
    await unwatched.get('k', async () => 'read');
    expect(unknown.current).toHaveBeenCalledTimes(1);
    expect(unwatched.peek('k')).toBeUndefined();
  });

  it('does not keep a failed load', async () => {
    const cache = createVersionedCache<string>(testVersion(1), 10);
    await expect(cache.get('k', async () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await cache.get('k', async () => 'second try')).toBe('second try');
  });

  it('forgets the least recently used key beyond its size', async () => {
    const cache = createVersionedCache<string>(testVersion(1), 2);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('c')).toBe('c');
  });
});
