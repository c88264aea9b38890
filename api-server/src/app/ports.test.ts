// Where the product's servers listen (scripts/ports.mjs): an offset that would put one on a port
// browsers refuse is refused before anything starts, rather than leaving npm start waiting on it.
import { describe, expect, it } from 'vitest';
import { portsForOffset } from '../../../scripts/ports.mjs';

describe('portsForOffset', () => {
  it('refuses the offsets that put the API or local-identity on a port browsers refuse (4045, 4190)', () => {
    expect(() => portsForOffset(45)).toThrow(/port 4045, which browsers refuse/);
    expect(() => portsForOffset(90)).toThrow(/port 4190, which browsers refuse/);
  });

  it('gives every other offset seven distinct ports', () => {
    const allowed = Array.from({ length: 100 }, (_, offset) => offset).filter((offset) => offset !== 45 && offset !== 90);
    for (const offset of allowed) expect(new Set(Object.values(portsForOffset(offset))).size).toBe(7);
    expect(portsForOffset(5).api).toBe(4005);
  });
});
