// Distances between parcels in feet, edge to edge, for nearby lists (issue #24 point 4). Parcels
// within a mile of each other are measured on a local flat frame (an equirectangular projection at
// the subject's latitude: under 0.1 % off at that range), which turf's geodesic tools do not offer
// between two polygons.
import type { MultiPolygon, Polygon, Position } from 'geojson';

export const FEET_PER_METRE = 3.28084;
const METRES_PER_DEGREE = 111_320;

type Pt = readonly [number, number];
type Ring = Pt[];

export interface FlatFrame {
  /** Feet east and north of the frame's origin. */
  toFeet(position: Position): Pt;
  /** Degrees of longitude and latitude that `feet` spans here. */
  degrees(feet: number): { lng: number; lat: number };
}

export function flatFrame(origin: Position): FlatFrame {
  const [lng0, lat0] = origin as [number, number];
  const cos = Math.cos((lat0 * Math.PI) / 180);
  const feetPerDegreeLat = METRES_PER_DEGREE * FEET_PER_METRE;
  return {
    toFeet: ([lng, lat]) => [(lng! - lng0) * cos * feetPerDegreeLat, (lat! - lat0) * feetPerDegreeLat],
    degrees: (feet) => ({ lng: feet / (cos * feetPerDegreeLat), lat: feet / feetPerDegreeLat }),
  };
}

/** The outer and inner rings of a polygon or multipolygon, in feet. */
export function flatRings(geometry: Polygon | MultiPolygon, frame: FlatFrame): Ring[][] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.map((rings) => rings.map((ring) => ring.map(frame.toFeet)));
}

/** Edge-to-edge distance between two (multi)polygons in feet: 0 when they touch, cross or one holds the other. */
export function distanceFeet(a: Ring[][], b: Ring[][]): number {
  if (a.some((polygon) => b.some((other) => contains(other, polygon[0]![0]!))) || b.some((polygon) => a.some((other) => contains(other, polygon[0]![0]!)))) return 0;
  let best = Infinity;
  for (const ringA of a.flat()) {
    for (const ringB of b.flat()) {
      for (let i = 0; i + 1 < ringA.length; i += 1) {
        for (let j = 0; j + 1 < ringB.length; j += 1) {
          const d = segmentDistance(ringA[i]!, ringA[i + 1]!, ringB[j]!, ringB[j + 1]!);
          if (d < best) {
            best = d;
            if (best === 0) return 0;
          }
        }
      }
    }
  }
  return best;
}

/** Whether the point lies inside the polygon (outer ring, not in a hole). */
function contains(polygon: Ring[], point: Pt): boolean {
  const [outer, ...holes] = polygon;
  return outer !== undefined && insideRing(outer, point) && !holes.some((hole) => insideRing(hole, point));
}

function insideRing(ring: Ring, [x, y]: Pt): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function segmentDistance(p1: Pt, p2: Pt, q1: Pt, q2: Pt): number {
  if (segmentsCross(p1, p2, q1, q2)) return 0;
  return Math.min(pointSegment(p1, q1, q2), pointSegment(p2, q1, q2), pointSegment(q1, p1, p2), pointSegment(q2, p1, p2));
}

function cross(o: Pt, a: Pt, b: Pt): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

function segmentsCross(p1: Pt, p2: Pt, q1: Pt, q2: Pt): boolean {
  const d1 = cross(q1, q2, p1);
  const d2 = cross(q1, q2, p2);
  const d3 = cross(p1, p2, q1);
  const d4 = cross(p1, p2, q2);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

function pointSegment(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}
