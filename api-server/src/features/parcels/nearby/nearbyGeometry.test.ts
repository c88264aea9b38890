import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { distanceFeet, flatFrame, flatRings } from './nearbyGeometry.ts';

const frame = flatFrame([-80.86, 35.62]);
const { lng: ftLng, lat: ftLat } = frame.degrees(1);
/** A square `size` feet wide whose south-west corner is `x`, `y` feet from the frame's origin. */
function square(x: number, y: number, size: number, hole?: [number, number, number]): Polygon {
  const ring = (rx: number, ry: number, s: number) => [
    [rx, ry], [rx + s, ry], [rx + s, ry + s], [rx, ry + s], [rx, ry],
  ].map(([fx, fy]) => [-80.86 + fx! * ftLng, 35.62 + fy! * ftLat]);
  return { type: 'Polygon', coordinates: hole ? [ring(x, y, size), ring(...hole)] : [ring(x, y, size)] };
}
const rings = (polygon: Polygon) => flatRings(polygon, frame);

describe('distanceFeet', () => {
  it('measures the gap between two parcels edge to edge in feet', () => {
    expect(distanceFeet(rings(square(0, 0, 100)), rings(square(400, 0, 100)))).toBeCloseTo(300, 1);
    expect(distanceFeet(rings(square(0, 0, 100)), rings(square(130, 140, 50)))).toBeCloseTo(50, 1);
  });

  it('is 0 for parcels that share an edge, cross, or hold one another', () => {
    expect(distanceFeet(rings(square(0, 0, 100)), rings(square(100, 0, 100)))).toBeLessThan(1e-6);
    expect(distanceFeet(rings(square(0, 0, 100)), rings(square(50, 50, 100)))).toBe(0);
    expect(distanceFeet(rings(square(0, 0, 300)), rings(square(100, 100, 50)))).toBe(0);
    expect(distanceFeet(rings(square(100, 100, 50)), rings(square(0, 0, 300)))).toBe(0);
  });

  it('measures to a parcel inside a hole from the hole\'s edge', () => {
    expect(distanceFeet(rings(square(0, 0, 300, [50, 50, 200])), rings(square(100, 100, 50)))).toBeCloseTo(50, 1);
  });
});
