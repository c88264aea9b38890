// Distances between parcels in feet, edge to edge, for nearby lists. Parcels
// within a mile of each other are measured on a local flat frame (an equirectangular projection at
// the subject's latitude: under 0.1 % off at that range), which turf's geodesic tools do not offer
// between two polygons.
//
// The subject's (or drawn area's) segments go into a spatial index once: each
// candidate segment is then measured only against the subject segments near it, not against all of
// them, so a complex subject costs about as much per candidate as a simple one.
import Flatbush from 'flatbush';
import type { MultiPolygon, Polygon, Position } from 'geojson';

export const FEET_PER_METRE = 3.28084;
const METRES_PER_DEGREE = 111_320;

type Pt = readonly [number, number];
type Ring = Pt[];

export interface FlatFrame {
  /** Feet east and north of the frame's origin. */
  toFeet(position: Position): Pt;
  /** The longitude and latitude `feet` east and north of the origin. */
  toPosition(feet: Pt): Position;
  /** Degrees of longitude and latitude that `feet` spans here. */
  degrees(feet: number): { lng: number; lat: number };
}

export function flatFrame(origin: Position): FlatFrame {
  const [lng0, lat0] = origin as [number, number];
  const cos = Math.cos((lat0 * Math.PI) / 180);
  const feetPerDegreeLat = METRES_PER_DEGREE * FEET_PER_METRE;
  return {
    toFeet: ([lng, lat]) => [(lng! - lng0) * cos * feetPerDegreeLat, (lat! - lat0) * feetPerDegreeLat],
    toPosition: ([x, y]) => [lng0 + x / (cos * feetPerDegreeLat), lat0 + y / feetPerDegreeLat],
    degrees: (feet) => ({ lng: feet / (cos * feetPerDegreeLat), lat: feet / feetPerDegreeLat }),
  };
}

/** The outer and inner rings of a polygon or multipolygon, in feet. */
export function flatRings(geometry: Polygon | MultiPolygon, frame: FlatFrame): Ring[][] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.map((rings) => rings.map((ring) => ring.map(frame.toFeet)));
}

export interface IndexedArea {
  /**
   * Edge-to-edge distance in feet from this area to `other`: 0 when they touch, cross or one holds
   * the other; Infinity when it is more than `limit` (the search looks no farther).
   */
  distanceTo(other: Ring[][], limit: number): number;
  /**
   * The same for one point (feet in the area's frame); once a segment lies within `closeEnough`, its
   * distance is answered without looking for a nearer one.
   */
  distanceFrom(point: Pt, limit: number, closeEnough: number): number;
}

/** The area's segments in a spatial index, ready to measure many others against. */
export function indexArea(area: Ring[][]): IndexedArea {
  const segments: { from: Pt; to: Pt; polygon: number }[] = [];
  area.forEach((polygon, index) => {
    for (const ring of polygon) for (let i = 0; i + 1 < ring.length; i += 1) segments.push({ from: ring[i]!, to: ring[i + 1]!, polygon: index });
  });
  if (segments.length === 0) return { distanceTo: () => Infinity, distanceFrom: () => Infinity };
  const tree = new Flatbush(segments.length);
  for (const { from, to } of segments) tree.add(Math.min(from[0], to[0]), Math.min(from[1], to[1]), Math.max(from[0], to[0]), Math.max(from[1], to[1]));
  tree.finish();

  const { _boxes: boxes, _indices: indices, _levelBounds: levelBounds, nodeSize } = tree;
  const leafEnd = segments.length * 4;
  /** Nodes still to visit, as (position, level, squared distance) triples: a tree of n items is log16(n) deep, 16 wide. */
  const stack = new Float64Array(3 * nodeSize * (levelBounds.length + 1));

  /**
   * The distance from p1–p2 to the nearest of the area's segments, or Infinity when none lies within
   * `limit`; the first found within `closeEnough` ends the search. A walk down the index's tree
   * (flatbush's search and neighbors measure boxes to a box or a point, not to a segment) that leaves
   * every node whose box lies farther than the best so far.
   */
  function nearestSegmentDistance(p1: Pt, p2: Pt, limit: number, closeEnough: number): number {
    const minX = Math.min(p1[0], p2[0]);
    const minY = Math.min(p1[1], p2[1]);
    const maxX = Math.max(p1[0], p2[0]);
    const maxY = Math.max(p1[1], p2[1]);
    let best = Infinity;
    let bound2 = limit * limit;
    let top = 0;
    stack[top++] = boxes.length - 4;
    stack[top++] = levelBounds.length - 1;
    stack[top++] = 0;
    while (top > 0) {
      const distance2 = stack[--top]!;
      const level = stack[--top]!;
      const node = stack[--top]!;
      if (distance2 > bound2) continue;
      const end = Math.min(node + nodeSize * 4, levelBounds[level]!);
      const ofNodes = node >= leafEnd;
      for (let pos = node; pos < end; pos += 4) {
        const dx = Math.max(boxes[pos]! - maxX, minX - boxes[pos + 2]!, 0);
        const dy = Math.max(boxes[pos + 1]! - maxY, minY - boxes[pos + 3]!, 0);
        const boxDistance2 = dx * dx + dy * dy;
        if (boxDistance2 > bound2) continue;
        const child = indices[pos >> 2]!;
        if (ofNodes) {
          stack[top++] = child;
          stack[top++] = level - 1;
          stack[top++] = boxDistance2;
        } else {
          const segment = segments[child]!;
          const d = segmentDistance(p1, p2, segment.from, segment.to);
          if (d < best) {
            best = d;
            if (best <= closeEnough) return best;
            bound2 = Math.min(bound2, d * d);
          }
        }
      }
    }
    return best <= limit ? best : Infinity;
  }

  /** Whether the point lies inside one of the area's polygons: crossings of a ray east, per polygon (holes count too). */
  function holds([x, y]: Pt): boolean {
    const crossings = new Uint32Array(area.length);
    tree.search(x, y, Infinity, y, (index) => {
      const segment = segments[index]!;
      if (crossesEastOf(segment.from, segment.to, x, y)) crossings[segment.polygon]! += 1;
      return false;
    });
    return crossings.some((count) => count % 2 === 1);
  }

  return {
    distanceTo(other, limit) {
      const first = area[0]?.[0]?.[0];
      if (other.some((polygon) => holds(polygon[0]![0]!)) || (first !== undefined && other.some((polygon) => contains(polygon, first)))) return 0;
      let best = limit;
      let found = false;
      for (const polygon of other) {
        for (const ring of polygon) {
          for (let i = 0; i + 1 < ring.length; i += 1) {
            const nearest = nearestSegmentDistance(ring[i]!, ring[i + 1]!, best, 0);
            if (nearest < best || (nearest === best && !found)) {
              best = nearest;
              found = true;
              if (best === 0) return 0;
            }
          }
        }
      }
      return found ? best : Infinity;
    },

    distanceFrom(point, limit, closeEnough) {
      const nearest = nearestSegmentDistance(point, point, limit, closeEnough);
      return nearest > closeEnough && holds(point) ? 0 : nearest;
    },
  };
}

/** Whether a ray from (x, y) eastward crosses the segment (the even-odd rule's half-open test). */
function crossesEastOf([xi, yi]: Pt, [xj, yj]: Pt, x: number, y: number): boolean {
  return yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi;
}

/** Whether the point lies inside the polygon (outer ring, not in a hole). */
function contains(polygon: Ring[], point: Pt): boolean {
  const [outer, ...holes] = polygon;
  return outer !== undefined && insideRing(outer, point) && !holes.some((hole) => insideRing(hole, point));
}

function insideRing(ring: Ring, [x, y]: Pt): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    if (crossesEastOf(ring[i]!, ring[j]!, x, y)) inside = !inside;
  }
  return inside;
}

function segmentDistance(p1: Pt, p2: Pt, q1: Pt, q2: Pt): number {
  if (segmentsCross(p1, p2, q1, q2)) return 0;
  // Squared until the end: Math.hypot cost more than the rest of a candidate's measuring.
  return Math.sqrt(Math.min(pointSegment2(p1, q1, q2), pointSegment2(p2, q1, q2), pointSegment2(q1, p1, p2), pointSegment2(q2, p1, p2)));
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

/** The squared distance from p to the segment a–b. */
function pointSegment2(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  const ex = p[0] - (a[0] + t * dx);
  const ey = p[1] - (a[1] + t * dy);
  return ex * ex + ey * ey;
}
