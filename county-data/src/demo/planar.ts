// Planar helpers for the demo county, in metres: convex polygons whose edges remember the road they
// lie on, cut by half-planes (Sutherland–Hodgman). Cutting a convex partition keeps it a partition,
// which is what guarantees that generated parcels never overlap.

export type Pt = readonly [number, number];

/** A convex polygon, counter-clockwise, not closed; `edges[i]` labels the edge pts[i] → pts[i+1]. */
export interface Piece {
  pts: Pt[];
  /** Index into the road list, or -1 for a lot line. */
  edges: number[];
}

/** A line n·p = c with a unit normal n. */
export interface Cut {
  nx: number;
  ny: number;
  c: number;
}

/** Keeps the part with n·p ≥ c; the new edge along the line gets `label`. */
export function clipHalfPlane(piece: Piece, cut: Cut, label: number): Piece {
  const { pts, edges } = piece;
  const outPts: Pt[] = [];
  const outEdges: number[] = [];
  const n = pts.length;
  for (let i = 0; i < n; i += 1) {
    const a = pts[i]!;
    const b = pts[(i + 1) % n]!;
    const fa = cut.nx * a[0] + cut.ny * a[1] - cut.c;
    const fb = cut.nx * b[0] + cut.ny * b[1] - cut.c;
    const edge = edges[i]!;
    if (fa >= 0) {
      outPts.push(a);
      if (fb >= 0) {
        outEdges.push(edge);
      } else {
        outEdges.push(edge);
        outPts.push(lerp(a, b, fa / (fa - fb)));
        outEdges.push(label);
      }
    } else if (fb >= 0) {
      outPts.push(lerp(a, b, fa / (fa - fb)));
      outEdges.push(edge);
    }
  }
  return dedupe({ pts: outPts, edges: outEdges });
}

/** Both sides of a cut, leaving a strip of `gap` metres on each side of the line (a road) empty. */
export function splitPiece(piece: Piece, cut: Cut, gap: number, label: number): [Piece, Piece] {
  const front = clipHalfPlane(piece, { nx: cut.nx, ny: cut.ny, c: cut.c + gap }, label);
  const back = clipHalfPlane(piece, { nx: -cut.nx, ny: -cut.ny, c: -(cut.c - gap) }, label);
  return [front, back];
}

/** The segment of the line inside the polygon (a road's course), or undefined. */
export function chord(piece: Piece, cut: Cut): [Pt, Pt] | undefined {
  const hits: Pt[] = [];
  const n = piece.pts.length;
  for (let i = 0; i < n; i += 1) {
    const a = piece.pts[i]!;
    const b = piece.pts[(i + 1) % n]!;
    const fa = cut.nx * a[0] + cut.ny * a[1] - cut.c;
    const fb = cut.nx * b[0] + cut.ny * b[1] - cut.c;
    if ((fa >= 0 && fb < 0) || (fa < 0 && fb >= 0)) hits.push(lerp(a, b, fa / (fa - fb)));
  }
  if (hits.length < 2) return undefined;
  return [hits[0]!, hits[1]!];
}

export function area(pts: readonly Pt[]): number {
  let sum = 0;
  for (let i = 0; i < pts.length; i += 1) {
    const a = pts[i]!;
    const b = pts[(i + 1) % pts.length]!;
    sum += a[0] * b[1] - b[0] * a[1];
  }
  return sum / 2;
}

export function centroid(pts: readonly Pt[]): Pt {
  let cx = 0;
  let cy = 0;
  let a2 = 0;
  for (let i = 0; i < pts.length; i += 1) {
    const a = pts[i]!;
    const b = pts[(i + 1) % pts.length]!;
    const cross = a[0] * b[1] - b[0] * a[1];
    a2 += cross;
    cx += (a[0] + b[0]) * cross;
    cy += (a[1] + b[1]) * cross;
  }
  if (Math.abs(a2) < 1e-9) return pts[0] ?? [0, 0];
  return [cx / (3 * a2), cy / (3 * a2)];
}

/** Extent of the polygon along the unit direction (ux, uy). */
export function extent(pts: readonly Pt[], ux: number, uy: number): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (const p of pts) {
    const d = p[0] * ux + p[1] * uy;
    if (d < min) min = d;
    if (d > max) max = d;
  }
  return { min, max };
}

/** A convex polygon's minimum-area bounding rectangle: the long side's direction (radians) and both sides' lengths. */
export function orientedBox(pts: readonly Pt[]): { axis: number; long: number; short: number } {
  let best = { axis: 0, long: 0, short: 0 };
  let bestArea = Infinity;
  // For a convex polygon one side of the minimum rectangle lies along an edge.
  for (let i = 0; i < pts.length; i += 1) {
    const a = pts[i]!;
    const b = pts[(i + 1) % pts.length]!;
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (length < 1e-6) continue;
    const ux = (b[0] - a[0]) / length;
    const uy = (b[1] - a[1]) / length;
    const along = extent(pts, ux, uy);
    const across = extent(pts, -uy, ux);
    const l1 = along.max - along.min;
    const l2 = across.max - across.min;
    if (l1 * l2 >= bestArea) continue;
    bestArea = l1 * l2;
    const angle = Math.atan2(uy, ux);
    best = l1 >= l2 ? { axis: angle, long: l1, short: l2 } : { axis: angle + Math.PI / 2, long: l2, short: l1 };
  }
  return best;
}

/** A piece's edge that lies on a road. */
export interface RoadEdge {
  /** The road's index (the edge's label). */
  road: number;
  a: Pt;
  b: Pt;
  length: number;
}

/** The piece's longest edge on a road (where its lots get their frontage), if any. */
export function longestRoadEdge(piece: Piece): RoadEdge | undefined {
  let best: RoadEdge | undefined;
  for (let i = 0; i < piece.pts.length; i += 1) {
    const road = piece.edges[i]!;
    if (road < 0) continue;
    const a = piece.pts[i]!;
    const b = piece.pts[(i + 1) % piece.pts.length]!;
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (!best || length > best.length) best = { road, a, b, length };
  }
  return best;
}

/**
 * Inserts points where edges cross a global grid of spacing `step` (before warping straight edges
 * into curves). Being global, two lots that share a stretch of boundary get the same inserted
 * points there, so their warped boundaries coincide instead of leaving chord-sized slivers.
 */
export function densifyOnGrid(pts: readonly Pt[], step: number): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i < pts.length; i += 1) {
    const a = pts[i]!;
    const b = pts[(i + 1) % pts.length]!;
    out.push(a);
    const ts: number[] = [];
    for (const axis of [0, 1] as const) {
      const from = a[axis];
      const to = b[axis];
      if (Math.abs(to - from) < 1e-9) continue;
      const lo = Math.min(from, to);
      const hi = Math.max(from, to);
      for (let k = Math.floor(lo / step) + 1; k * step < hi; k += 1) ts.push((k * step - from) / (to - from));
    }
    ts.sort((x, y) => x - y);
    for (const t of ts) if (t > 1e-6 && t < 1 - 1e-6) out.push(lerp(a, b, t));
  }
  return out;
}

/** Inserts points so no edge is longer than `step` (before warping straight edges into curves). */
export function densify(pts: readonly Pt[], step: number, closed: boolean): Pt[] {
  const out: Pt[] = [];
  const count = closed ? pts.length : pts.length - 1;
  for (let i = 0; i < count; i += 1) {
    const a = pts[i]!;
    const b = pts[(i + 1) % pts.length]!;
    out.push(a);
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const parts = Math.ceil(length / step);
    for (let k = 1; k < parts; k += 1) out.push(lerp(a, b, k / parts));
  }
  if (!closed) out.push(pts[pts.length - 1]!);
  return out;
}

function lerp(a: Pt, b: Pt, t: number): Pt {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

/** Drops repeated points (a cut through a vertex) so rings stay valid. */
function dedupe(piece: Piece): Piece {
  const pts: Pt[] = [];
  const edges: number[] = [];
  for (let i = 0; i < piece.pts.length; i += 1) {
    const p = piece.pts[i]!;
    const prev = pts[pts.length - 1];
    if (prev && Math.abs(prev[0] - p[0]) < 1e-6 && Math.abs(prev[1] - p[1]) < 1e-6) {
      edges[edges.length - 1] = piece.edges[i]!;
      continue;
    }
    pts.push(p);
    edges.push(piece.edges[i]!);
  }
  while (pts.length > 1) {
    const first = pts[0]!;
    const last = pts[pts.length - 1]!;
    if (Math.abs(first[0] - last[0]) < 1e-6 && Math.abs(first[1] - last[1]) < 1e-6) {
      pts.pop();
      edges.pop();
    } else break;
  }
  return { pts, edges };
}
