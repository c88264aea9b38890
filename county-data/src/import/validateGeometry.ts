// Checks an imported parcel outline (already in lon/lat): Polygon or MultiPolygon, closed rings of
// at least four positions, finite lon/lat, no self-intersection, some area. Nothing is repaired here:
// a failure says whether repairing the outline could help (parcelOutlines.ts then tries).
import * as turf from '@turf/turf';
import type { Geometry, Position } from 'geojson';
import type { ParcelGeometry } from '../geometry/parcelGeometry.ts';

/** `repairable`: the outline is there but broken (crossing itself, an unclosed or short ring, no area). */
export type GeometryCheck = { ok: true; geometry: ParcelGeometry } | { ok: false; detail: string; repairable: boolean };

const unusable = (detail: string): GeometryCheck => ({ ok: false, detail, repairable: false });
const broken = (detail: string): GeometryCheck => ({ ok: false, detail, repairable: true });

export function validateParcelGeometry(geometry: Geometry | null): GeometryCheck {
  if (geometry === null) return unusable('no geometry');
  if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') return unusable(`${geometry.type} is not a Polygon or MultiPolygon`);
  const polygons: Position[][][] = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  if (!Array.isArray(polygons) || polygons.length === 0) return unusable('empty coordinates');
  for (const rings of polygons) {
    if (!Array.isArray(rings) || rings.length === 0) return unusable('polygon without rings');
    for (const ring of rings) {
      const ringProblem = checkRing(ring);
      if (ringProblem) return ringProblem;
    }
    // Per polygon: touching parts of one MultiPolygon are legal, a ring crossing itself or its holes is not.
    const crossing = findCrossing(rings);
    if (crossing) return broken(`self-intersection near ${crossing[0].toFixed(6)}, ${crossing[1].toFixed(6)}`);
  }
  if (!(turf.area(geometry) > 0)) return broken('zero area');
  return { ok: true, geometry };
}

function checkRing(ring: Position[]): GeometryCheck | undefined {
  if (!Array.isArray(ring)) return unusable('ring without positions');
  for (const position of ring) {
    const [lon, lat] = Array.isArray(position) ? position : [];
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) return unusable('non-numeric coordinate');
    if (Math.abs(lon!) > 180 || Math.abs(lat!) > 90) return unusable(`coordinate ${lon}, ${lat} outside lon/lat range (wrong CRS?)`);
  }
  if (ring.length < 4) return broken(`ring with ${ring.length} positions (at least 4 needed)`);
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  if (first[0] !== last[0] || first[1] !== last[1]) return broken('ring not closed');
  return undefined;
}

interface Segment {
  ax: number;
  ay: number;
  bx: number;
  by: number;
  minX: number;
  maxX: number;
  ring: number;
  index: number;
  ringSegments: number;
}

/**
 * Where two edges of one polygon (any of its rings) cross or overlap along a stretch, or undefined.
 * Edges that only touch at a point are allowed (a hole touching its shell). A sweep over x keeps it
 * near O(n log n); turf's kinks took 1.5 ms per small parcel, the whole budget of a fast import.
 */
function findCrossing(rings: Position[][]): [number, number] | undefined {
  const segments: Segment[] = [];
  rings.forEach((ring, r) => {
    for (let i = 0; i < ring.length - 1; i += 1) {
      const [ax, ay] = ring[i] as [number, number];
      const [bx, by] = ring[i + 1] as [number, number];
      segments.push({ ax, ay, bx, by, minX: Math.min(ax, bx), maxX: Math.max(ax, bx), ring: r, index: i, ringSegments: ring.length - 1 });
    }
  });
  segments.sort((s, t) => s.minX - t.minX);
  for (let i = 0; i < segments.length; i += 1) {
    const s = segments[i]!;
    for (let j = i + 1; j < segments.length && segments[j]!.minX <= s.maxX; j += 1) {
      const t = segments[j]!;
      if (s.ring === t.ring && adjacent(s.index, t.index, s.ringSegments)) continue;
      const hit = intersection(s, t);
      if (hit) return hit;
    }
  }
  return undefined;
}

function adjacent(i: number, j: number, count: number): boolean {
  const gap = Math.abs(i - j);
  return gap === 1 || gap === count - 1;
}

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));
}

function intersection(s: Segment, t: Segment): [number, number] | undefined {
  if (Math.max(s.ay, s.by) < Math.min(t.ay, t.by) || Math.max(t.ay, t.by) < Math.min(s.ay, s.by)) return undefined;
  const o1 = orient(s.ax, s.ay, s.bx, s.by, t.ax, t.ay);
  const o2 = orient(s.ax, s.ay, s.bx, s.by, t.bx, t.by);
  const o3 = orient(t.ax, t.ay, t.bx, t.by, s.ax, s.ay);
  const o4 = orient(t.ax, t.ay, t.bx, t.by, s.bx, s.by);
  if (o1 * o2 < 0 && o3 * o4 < 0) {
    // A proper crossing: report the crossing point.
    const denominator = (s.bx - s.ax) * (t.by - t.ay) - (s.by - s.ay) * (t.bx - t.ax);
    const u = ((t.ax - s.ax) * (t.by - t.ay) - (t.ay - s.ay) * (t.bx - t.ax)) / denominator;
    return [s.ax + u * (s.bx - s.ax), s.ay + u * (s.by - s.ay)];
  }
  if (o1 === 0 && o2 === 0 && o3 === 0 && o4 === 0) {
    // Collinear: an overlap of positive length is a doubled edge.
    const alongX = Math.abs(s.bx - s.ax) >= Math.abs(s.by - s.ay);
    const [s0, s1] = alongX ? [Math.min(s.ax, s.bx), Math.max(s.ax, s.bx)] : [Math.min(s.ay, s.by), Math.max(s.ay, s.by)];
    const [t0, t1] = alongX ? [Math.min(t.ax, t.bx), Math.max(t.ax, t.bx)] : [Math.min(t.ay, t.by), Math.max(t.ay, t.by)];
    if (Math.min(s1, t1) > Math.max(s0, t0)) return alongX ? [Math.max(s0, t0), s.ay] : [s.ax, Math.max(s0, t0)];
  }
  return undefined;
}
