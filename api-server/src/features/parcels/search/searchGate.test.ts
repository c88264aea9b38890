import { describe, expect, it } from 'vitest';
import { createSearchGate } from './searchGate.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('createSearchGate', () => {
  it('runs at most its slots at once and the rest in the order they came', async () => {
    const gate = createSearchGate(1);
    const started: number[] = [];
    const releases = [deferred(), deferred(), deferred()];
    const runs = releases.map((release, index) =>
      gate(async () => {
        started.push(index);
        await release.promise;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0]);
    releases[0]!.resolve();
    await runs[0];
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    releases[1]!.resolve();
    releases[2]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(started).toEqual([0, 1, 2]);
  });

  it('frees its slot when a search fails', async () => {
    const gate = createSearchGate(1);
    await expect(gate(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate(() => Promise.resolve('next'))).toBe('next');
  });
});
