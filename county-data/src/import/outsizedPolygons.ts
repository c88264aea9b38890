// The spatial rule for features that are not parcels: a polygon whose outline encloses many other
// parcels is a right-of-way, a road network or a water body drawn as one feature (Cambridge's "ROAD"
// rows enclose thousands of lots, its street blocks cut out as holes), not someone's lot. Holes do not
// count: the parcels a right-of-way surrounds lie in its holes.
import type { Position } from 'geojson';
import type { ParcelGeometry } from '../geometry/parcelGeometry.ts';

/** A polygon enclosing at least this many other parcels' centres is reported, unless the mapping says otherwise. */
const DEFAULT_MIN_COVERED = 20;
/**
 * Only the polygons with the largest bounding boxes are tested against every parcel's centre, so the
 * rule costs one pass over the centres per candidate, whatever the file's size.
 */
const CANDIDATES = 64;

interface OutsizedPolygon {
  feature: number;
  pin: string;
  /** How many other parcels' centres its outline encloses. */
  covers: number;
}

interface Candidate {
  feature: number;
  pin: string;
  index: number;
  geometry: ParcelGeometry;
  box: [number, number, number, number];
  boxArea: number;
}

export function createOutsizedPolygonFinder(minCovered = DEFAULT_MIN_COVERED) {
  let centres = new Float64Array(2048);
  let count = 0;
  /** The largest boxes so far, smallest first. */
  const candidates: Candidate[] = [];

  return {
    /** Records a kept parcel: its centre (a point inside it), its bounding box and outline. */
    add(feature: number, pin: string, geometry: ParcelGeometry, centre: [number, number], box: [number, number, number, number]): void {
      if (count * 2 === centres.length) {
        const grown = new Float64Array(centres.length * 2);
        grown.set(centres);
        centres = grown;
      }
      centres[count * 2] = centre[0];
      centres[count * 2 + 1] = centre[1];
      const candidate = { feature, pin, index: count, geometry, box, boxArea: (box[2] - box[0]) * (box[3] - box[1]) };
      count += 1;
      if (candidates.length === CANDIDATES && candidate.boxArea <= candidates[0]!.boxArea) return;
      if (candidates.length === CANDIDATES) candidates.shift();
      const at = candidates.findIndex((other) => other.boxArea > candidate.boxArea);
      candidates.splice(at === -1 ? candidates.length : at, 0, candidate);
    },

    /** The polygons enclosing at least `minCovered` other parcels' centres, in file order. */
    find(): OutsizedPolygon[] {
      const found: OutsizedPolygon[] = [];
      for (const candidate of candidates) {
        if (centresInBox(candidate, centres, count) < minCovered) continue;
        const covers = coveredCentres(candidate, centres, count);
        if (covers >= minCovered) found.push({ feature: candidate.feature, pin: candidate.pin, covers });
      }
      return found.sort((a, b) => a.feature - b.feature);
    },
  };
}

function centresInBox({ box }: Candidate, centres: Float64Array, count: number): number {
  let inBox = 0;
  for (let i = 0; i < count; i += 1) {
    const x = centres[i * 2]!;
    const y = centres[i * 2 + 1]!;
    if (x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3]) inBox += 1;
  }
  return inBox;
}

function coveredCentres({ geometry, box, index }: Candidate, centres: Float64Array, count: number): number {
  const outers = (geometry.type === 'Polygon' ? [geometry.coordinates[0]!] : geometry.coordinates.map((polygon) => polygon[0]!)).map(bandedRing);
  let covers = 0;
  for (let i = 0; i < count; i += 1) {
    if (i === index) continue;
    const x = centres[i * 2]!;
    const y = centres[i * 2 + 1]!;
    if (x < box[0] || x > box[2] || y < box[1] || y > box[3]) continue;
    if (outers.some((ring) => ring.contains(x, y))) covers += 1;
  }
  return covers;
}

/** Horizontal bands a ring's edges are sorted into, so a point is tested against its band's edges only (a right-of-way's outline has thousands). */
const BANDS = 1024;

/** Even–odd ray casting over the edges crossing the point's band. */
function bandedRing(ring: readonly Position[]) {
  let south = Infinity;
  let north = -Infinity;
  for (const [, y] of ring) {
    south = Math.min(south, y!);
    north = Math.max(north, y!);
  }
  const height = (north - south) / BANDS || 1;
  const bandOf = (y: number) => Math.min(BANDS - 1, Math.max(0, Math.floor((y - south) / height)));
  const bands: number[][] = Array.from({ length: BANDS }, () => []);
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [ya, yb] = [ring[i]![1]!, ring[j]![1]!];
    for (let band = bandOf(Math.min(ya, yb)); band <= bandOf(Math.max(ya, yb)); band += 1) bands[band]!.push(i);
  }
  return {
    contains(x: number, y: number): boolean {
      if (y < south || y > north) return false;
      let inside = false;
      for (const i of bands[bandOf(y)]!) {
        const [xi, yi] = ring[i]!;
        const [xj, yj] = ring[i === 0 ? ring.length - 1 : i - 1]!;
        if (yi! > y !== yj! > y && x < ((xj! - xi!) * (y - yi!)) / (yj! - yi!) + xi!) inside = !inside;
      }
      return inside;
    },
  };
}
