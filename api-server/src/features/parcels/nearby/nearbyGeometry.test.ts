import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { flatFrame, flatRings, indexArea } from './nearbyGeometry.ts';

const frame = flatFrame([-80.86, 35.62]);
const { lng: ftLng, lat: ftLat } = frame.degrees(1);
const toDegrees = ([fx, fy]: number[]) => [-80.86 + fx! * ftLng, 35.62 + fy! * ftLat];
/** A square `size` feet wide whose south-west corner is `x`, `y` feet from the frame's origin. */
function square(x: number, y: number, size: number, hole?: [number, number, number]): Polygon {
  const ring = (rx: number, ry: number, s: number) => [
    [rx, ry], [rx + s, ry], [rx + s, ry + s], [rx, ry + s], [rx, ry],
  ].map(toDegrees);
  return { type: 'Polygon', coordinates: hole ? [ring(x, y, size), ring(...hole)] : [ring(x, y, size)] };
}
/** A star of `points` spikes round (x, y), from `inner` to `outer` feet out: many segments, none axis-aligned. */
function star(x: number, y: number, inner: number, outer: number, points: number): Polygon {
  const ring = Array.from({ length: points * 2 }, (_, i) => {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (i / (points * 2)) * 2 * Math.PI;
    return [x + radius * Math.cos(angle), y + radius * Math.sin(angle)];
  });
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!].map(toDegrees)] };
}
const rings = (polygon: Polygon) => flatRings(polygon, frame);
const distance = (a: Polygon, b: Polygon, limit = Infinity) => indexArea(rings(a)).distanceTo(rings(b), limit);

/** Reference for polygons that neither cross nor hold one another: the nearest vertex to edge, both ways. */
function vertexToEdgeDistance(a: Polygon, b: Polygon): number {
  const [ringA] = rings(a)[0]!;
  const [ringB] = rings(b)[0]!;
  const toEdges = (point: readonly [number, number], ring: (readonly [number, number])[]) =>
    Math.min(...ring.slice(1).map((end, i) => {
      const start = ring[i]!;
      const [dx, dy] = [end[0] - start[0], end[1] - start[1]];
      const t = Math.max(0, Math.min(1, ((point[0] - start[0]) * dx + (point[1] - start[1]) * dy) / (dx * dx + dy * dy)));
      return Math.hypot(point[0] - (start[0] + t * dx), point[1] - (start[1] + t * dy));
    }));
  return Math.min(...ringA!.map((point) => toEdges(point, ringB!)), ...ringB!.map((point) => toEdges(point, ringA!)));
}

describe('indexArea(…).distanceTo', () => {
  it('measures the gap between two parcels edge to edge in feet', () => {
    expect(distance(square(0, 0, 100), square(400, 0, 100))).toBeCloseTo(300, 1);
    expect(distance(square(0, 0, 100), square(130, 140, 50))).toBeCloseTo(50, 1);
  });

  it('is 0 for parcels that share an edge, cross, or hold one another', () => {
    expect(distance(square(0, 0, 100), square(100, 0, 100))).toBeLessThan(1e-6);
    expect(distance(square(0, 0, 100), square(50, 50, 100))).toBe(0);
    expect(distance(square(0, 0, 300), square(100, 100, 50))).toBe(0);
    expect(distance(square(100, 100, 50), square(0, 0, 300))).toBe(0);
  });

  it("measures to a parcel inside a hole from the hole's edge", () => {
    expect(distance(square(0, 0, 300, [50, 50, 200]), square(100, 100, 50))).toBeCloseTo(50, 1);
  });

  it('looks no farther than the limit: a parcel beyond it is Infinity, one at it is measured', () => {
    expect(distance(square(0, 0, 100), square(400, 0, 100), 299)).toBe(Infinity);
    expect(distance(square(0, 0, 100), square(400, 0, 100), 301)).toBeCloseTo(300, 1);
  });

  it('finds the nearest of many segments, as measuring every pair would', () => {
    const subject = star(0, 0, 400, 900, 500);
    for (const [x, y, size] of [[1000, 0, 80], [-700, 650, 40], [30, -1500, 300], [2500, 2500, 10], [640, 640, 25]] as const) {
      const other = square(x, y, size);
      expect(distance(subject, other)).toBeCloseTo(vertexToEdgeDistance(subject, other), 6);
      expect(distance(other, subject)).toBeCloseTo(vertexToEdgeDistance(subject, other), 6);
    }
  });

  it('counts a parcel inside one polygon of a multipolygon, or inside the other, as 0', () => {
    const multi = { type: 'MultiPolygon' as const, coordinates: [square(0, 0, 100).coordinates, square(1000, 0, 300, [1050, 50, 200]).coordinates] };
    const area = indexArea(flatRings(multi, frame));
    expect(area.distanceTo(rings(square(1010, 10, 20)), Infinity)).toBe(0);
    expect(area.distanceTo(rings(square(1100, 100, 50)), Infinity)).toBeCloseTo(50, 1);
    expect(area.distanceTo(rings(square(500, 0, 100)), Infinity)).toBeCloseTo(400, 1);
  });
});
