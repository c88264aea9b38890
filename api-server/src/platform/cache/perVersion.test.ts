import { describe, expect, it } from 'vitest';
import { loadPerVersion } from './perVersion.ts';

describe('loadPerVersion', () => {
  it('reads once per version, again for a new version, and again after a failed read', async () => {
    let reads = 0;
    let fail = false;
    const valueFor = loadPerVersion(async () => {
      reads += 1;
      if (fail) throw new Error('database gone');
      return `read ${reads}`;
    });
    expect(await Promise.all([valueFor(1), valueFor(1)])).toEqual(['read 1', 'read 1']);
    expect(await valueFor(2)).toBe('read 2');
    fail = true;
    await expect(valueFor(3)).rejects.toThrow('database gone');
    fail = false;
    expect(await valueFor(3)).toBe('read 4');
    expect(reads).toBe(4);
  });
});
