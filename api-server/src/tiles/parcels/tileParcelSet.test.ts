// A parcel set keeps what tiles show of each parcel as text in one buffer: every value, null and
// empty text apart, any script, comes back as it went in.
import { describe, expect, it } from 'vitest';
import { toTileParcelSet } from './tileParcelSet.ts';

const square = { type: 'Polygon' as const, coordinates: [[[-80.9, 35.6], [-80.89, 35.6], [-80.89, 35.61], [-80.9, 35.6]]] };

describe('tile parcel set', () => {
  it('gives back each parcel as added', () => {
    const rows = [
      { fid: 7, pin: '4605-05-0123', owner: 'DOE JANE', name: null, add1: '1 MAIN ST', city: 'MOORESVILLE', taxacres: 0.25 },
      { fid: 2_000_000_000, pin: 'Ä-1', owner: '', name: 'Café — 東京 🏠', add1: null, city: null, taxacres: null },
      { fid: 9, pin: 'Z', owner: null, name: null, add1: null, city: '', taxacres: 0 },
    ];
    const set = toTileParcelSet(rows.map((row) => ({ ...row, geometry: square })));
    expect(set.size).toBe(3);
    expect([0, 1, 2].map((p) => set.attributesOf(p))).toEqual(rows);
    expect(Array.from(set.parcelRings)).toEqual([0, 1, 2, 3]);
    expect(set.coords).toHaveLength(3 * 4 * 2);
  });
});
