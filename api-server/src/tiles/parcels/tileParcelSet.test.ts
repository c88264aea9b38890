// A parcel set keeps what tiles show of each parcel as text in one buffer: every value, null and
// empty text apart, any script, comes back as it went in; sets read in parts (worker threads) join
// into the set of all their parcels.
import { describe, expect, it } from 'vitest';
import { concatTileParcelArrays, TileParcelSetBuilder, tileParcelSetOf, toTileParcelSet } from './tileParcelSet.ts';

const square = { type: 'Polygon' as const, coordinates: [[[-80.9, 35.6], [-80.89, 35.6], [-80.89, 35.61], [-80.9, 35.6]]] };

describe('tile parcel set', () => {
  it('gives back each parcel as added', () => {
    const rows = [
      { fid: 7, pin: '4605-05-0123', owner: 'DOE JANE', name: null, add1: '1 MAIN ST', city: 'MOORESVILLE', taxacres: 0.25, kind: 'parcel' as const },
      { fid: 2_000_000_000, pin: 'Ä-1', owner: '', name: 'Café — 東京 🏠', add1: null, city: null, taxacres: null, kind: 'parcel' as const },
      { fid: 9, pin: 'ROAD', owner: null, name: null, add1: null, city: '', taxacres: 0, kind: 'road' as const },
    ];
    const set = toTileParcelSet(rows.map((row) => ({ ...row, geometry: square })));
    expect(set.size).toBe(3);
    expect([0, 1, 2].map((p) => set.attributesOf(p))).toEqual(rows);
    expect(Array.from(set.parcelRings)).toEqual([0, 1, 2, 3]);
    expect(set.coords).toHaveLength(3 * 4 * 2);
  });

  it('joins parts into the set their parcels make together', () => {
    const holed = { type: 'Polygon' as const, coordinates: [...square.coordinates, [[-80.899, 35.601], [-80.898, 35.601], [-80.898, 35.602], [-80.899, 35.601]]] };
    const twoSquares = { type: 'MultiPolygon' as const, coordinates: [square.coordinates, holed.coordinates] };
    const rows = [
      { fid: 1, pin: 'A', owner: 'ONE', name: null, add1: '1 MAIN ST', city: 'X', taxacres: 1, geometry: square, kind: 'parcel' as const },
      { fid: 2, pin: 'B', owner: null, name: 'Café', add1: null, city: null, taxacres: null, geometry: holed, kind: 'water' as const },
      { fid: 3, pin: 'C', owner: '東京', name: '', add1: '3 MAIN ST', city: 'Y', taxacres: 3, geometry: twoSquares, kind: 'parcel' as const },
      { fid: 4, pin: 'D', owner: 'FOUR', name: null, add1: null, city: 'Z', taxacres: 4, geometry: square, kind: 'right-of-way' as const },
    ];
    const partOf = (part: typeof rows) => {
      const builder = new TileParcelSetBuilder();
      for (const row of part) builder.add(row);
      return builder.finishArrays();
    };
    const whole = partOf(rows);
    const joined = concatTileParcelArrays([partOf(rows.slice(0, 1)), partOf([]), partOf(rows.slice(1, 3)), partOf(rows.slice(3))]);
    expect(joined).toEqual(whole);
    const set = tileParcelSetOf(joined);
    expect(rows.map((_, p) => set.attributesOf(p))).toEqual(rows.map(({ geometry: _geometry, ...attributes }) => attributes));
  });
});
