// Lots of the demo county: how a block of land between roads is platted, the way real counties
// look — rows of lots fronting each road, deeper than wide (narrow town lots, wider suburban ones,
// acreage along rural roads, wider still far from town), the back land behind the rows split into
// tracts (farm and forest far out), and cul-de-sac subdivisions. Every cut is a half-plane cut of a
// convex piece, so the lots partition the block and never overlap.
import * as names from './demoNames.ts';
import { area, centroid, chord, clipHalfPlane, extent, longestRoadEdge, orientedBox, splitPiece, type Cut, type Piece, type Pt, type RoadEdge } from './planar.ts';
import type { Prng } from './prng.ts';

export type Use = 'town' | 'suburb' | 'rural';
export type RoadKind = 'highway' | 'rural' | 'street' | 'subdivision' | 'culdesac';
export type AddRoad = (kind: RoadKind, pts: Pt[], closed?: boolean, name?: string) => number;

export interface Lot {
  pts: Pt[];
  /** The road the lot fronts (its address), or -1. */
  road: number;
  use: Use;
  culDeSac: boolean;
}

/** What platting a block needs from the county being generated. */
export interface Platting {
  lots: Lot[];
  random: Prng;
  addRoad: AddRoad;
  /** 0 near a town, growing to 2 far out in the country: rural lots and farms grow with it. */
  remoteness(p: Pt): number;
}

interface LotSizes {
  /** Frontage of the next lot along a road, metres. */
  width(): number;
  /** Depth of a row of lots from its road, metres. */
  depth(): number;
  /** Area of the next tract of back land (land no row of lots reaches), m². */
  backArea(): number;
}

// Rows of lots end after this many roads of a block; what is left is back land.
const MAX_ROWS = 6;
// Lot lines are not ruled: side lines lean up to this much, back lines up to BACK_TILT.
const SIDE_TILT = deg(3);
const BACK_TILT = deg(4);
const BACK_LAND_MAX_ASPECT = 4;

function lotSizes(use: Use, remoteness: number, random: Prng): LotSizes {
  const between = (lo: number, hi: number) => lo + random.next() * (hi - lo);
  switch (use) {
    case 'town':
      // 0.15–0.5 acre; now and then a double lot.
      return {
        width: () => between(17, 28) * (random.chance(0.07) ? 2 : 1),
        depth: () => between(38, 58),
        backArea: () => between(1200, 2600),
      };
    case 'suburb':
      return {
        width: () => between(26, 46) * (random.chance(0.1) ? 2 : 1),
        depth: () => between(55, 80),
        backArea: () => between(5000, 20_000),
      };
    case 'rural': {
      // 1–10 acre homesites along the road, a few wide road-front fields; all larger far from town.
      const scale = Math.sqrt(1 + remoteness);
      return {
        width: () => (random.chance(0.88) ? between(40, 115) : between(170, 300)) * scale,
        depth: () => between(130, 220) * scale,
        backArea: () => farmArea(random) * (1 + remoteness),
      };
    }
  }
}

/** Target area of a farm or forest tract behind the road-front lots (splits land it at 0.5–1.3×). */
function farmArea(random: Prng): number {
  const roll = random.next();
  if (roll < 0.5) return 120_000 + random.next() * 130_000;
  if (roll < 0.85) return 250_000 + random.next() * 200_000;
  return 450_000 + random.next() * 350_000;
}

/** Suburban tract: a cul-de-sac subdivision where there is room, else rows of lots on its roads. */
export function suburbTract(piece: Piece, fallback: number, plat: Platting): void {
  if (fallback >= 0 && plat.random.chance(0.6) && culDeSac(piece, plat)) return;
  frontageLots(piece, fallback, 'suburb', plat);
}

/**
 * Plats a block: a row of lots along its longest road edge (cut perpendicular to that road at lot
 * widths, as deep as the use's lots, or half the block where another road runs behind), then the
 * rest of the block the same way, and what no road reaches as back land.
 */
export function frontageLots(piece: Piece, fallback: number, use: Use, plat: Platting, rows = 0): void {
  if (piece.pts.length < 3 || area(piece.pts) < 150) return;
  const { random } = plat;
  const sizes = lotSizes(use, plat.remoteness(centroid(piece.pts)), random);
  const edge = longestRoadEdge(piece);
  if (!edge || rows >= MAX_ROWS || edge.length < sizes.width() * 0.8) {
    backLand(piece, edge?.road ?? fallback, use, sizes, plat, sizes.backArea());
    return;
  }
  const { u, v } = edgeFrame(edge);
  const base = dot(v, edge.a);
  const reach = extent(piece.pts, v[0], v[1]).max - base;
  let depth = sizes.depth();
  if (reach < depth * 1.6) depth = reach;
  else if (reach < depth * 2.6 && hasRoadBeyond(piece, v, base + reach * 0.7)) depth = reach / 2; // back to back with the far road's row
  let row = piece;
  let rest: Piece | undefined;
  if (depth < reach - 1) {
    // The back line through the point `depth` in from the middle of the frontage, leaning a little
    // (never so much that it reaches the road at either end).
    const lean = Math.min(BACK_TILT, Math.atan((0.3 * depth) / (edge.length / 2)));
    const n = rotate(v, (random.next() * 2 - 1) * lean);
    const middle: Pt = [(edge.a[0] + edge.b[0]) / 2 + v[0] * depth, (edge.a[1] + edge.b[1]) / 2 + v[1] * depth];
    const c = dot(n, middle);
    row = clipHalfPlane(piece, { nx: -n[0], ny: -n[1], c: -c }, -1);
    rest = clipHalfPlane(piece, { nx: n[0], ny: n[1], c }, -1);
  }
  lotsAlong(row, u, v, () => sizes.width(), (lot) => pushLot(plat.lots, lot, edge.road, use, false), random);
  if (rest) frontageLots(rest, edge.road, use, plat, rows + 1);
}

/** Land behind the rows of lots: split across its long side into tracts around the target area. */
function backLand(piece: Piece, road: number, use: Use, sizes: LotSizes, plat: Platting, target: number): void {
  if (piece.pts.length < 3 || area(piece.pts) < 150) return;
  const box = orientedBox(piece.pts);
  // Small enough, and not a ribbon (the strip left between two rows of lots is cut across).
  if (area(piece.pts) < target * 1.3 && box.long < BACK_LAND_MAX_ASPECT * box.short) {
    pushLot(plat.lots, piece, longestRoadEdge(piece)?.road ?? road, use, false);
    return;
  }
  const { random } = plat;
  const nx = Math.cos(box.axis);
  const ny = Math.sin(box.axis);
  const { min, max } = extent(piece.pts, nx, ny);
  const cut: Cut = { nx, ny, c: min + (max - min) * (0.4 + random.next() * 0.2) };
  for (const half of splitPiece(piece, cut, 0, -1)) backLand(half, road, use, sizes, plat, random.chance(0.3) ? sizes.backArea() : target);
}

/** Cuts a row into lots of the given frontage along u, side lines roughly perpendicular to the road. */
function lotsAlong(row: Piece, u: Pt, v: Pt, width: () => number, emit: (lot: Piece) => void, random: Prng): void {
  if (row.pts.length < 3) return;
  const across = extent(row.pts, v[0], v[1]);
  const mid = (across.min + across.max) / 2;
  let rest = row;
  for (let guard = 0; rest.pts.length >= 3 && guard < 2000; guard += 1) {
    const { min, max } = extent(rest.pts, u[0], u[1]);
    const w = width();
    if (max - min < w * 1.5) break;
    const n = rotate(u, (random.next() * 2 - 1) * SIDE_TILT);
    const through: Pt = [u[0] * (min + w) + v[0] * mid, u[1] * (min + w) + v[1] * mid];
    const [front, back] = splitPiece(rest, { nx: n[0], ny: n[1], c: dot(n, through) }, 0, -1);
    emit(back);
    rest = front;
  }
  if (rest.pts.length >= 3) emit(rest);
}

/**
 * A stem street from the tract's road into the tract, ending in a turning circle: two rows of lots
 * along the stem and wedge-shaped lots round the circle (each wedge is a convex sector cut).
 */
function culDeSac(piece: Piece, plat: Platting): boolean {
  const { random, lots } = plat;
  const edge = longestRoadEdge(piece);
  if (!edge || edge.length < 110) return false;
  const { u, v } = edgeFrame(edge);
  const stemAt = 40 + random.next() * (edge.length - 80);
  const o: Pt = [edge.a[0] + u[0] * stemAt, edge.a[1] + u[1] * stemAt];
  // How far the stem can run inside the tract (not just the tract's depth: it may be a trapezoid).
  const course = chord(piece, { nx: u[0], ny: u[1], c: dot(u, o) });
  const depth = course ? Math.max(dot(v, course[0]), dot(v, course[1])) - dot(v, o) : 0;
  if (depth < 150) return false;
  const r = 15;
  const bulb = Math.min(depth - 55, 200 + random.next() * 200);
  const halfWidth = 60 + random.next() * 10;
  // Half-plane in the local frame: s·(p−o)·axis ≥ k.
  const plane = (axis: Pt, k: number, sign = 1): Cut => ({ nx: sign * axis[0], ny: sign * axis[1], c: sign * dot(axis, o) + k });
  const local = (pu: number, pv: number): Pt => [o[0] + u[0] * pu + v[0] * pv, o[1] + u[1] * pu + v[1] * pv];
  const bulbCentre = local(0, bulb);
  const name = `${random.pick(names.SUBDIVISION_WORDS)} ${random.pick(names.CUL_DE_SAC_SUFFIXES)}`;
  const label = plat.addRoad('culdesac', [local(0, 0), local(0, bulb - r + 5)], false, name);
  const ring: Pt[] = Array.from({ length: 16 }, (_, k) => {
    const t = (k / 16) * Math.PI * 2;
    return local(Math.cos(t) * (r - 5), bulb + Math.sin(t) * (r - 5));
  });
  plat.addRoad('culdesac', ring, true, name);

  const clip = (p: Piece, cuts: Cut[], edgeLabel = -1) => cuts.reduce((acc, cut) => (acc.pts.length >= 3 ? clipHalfPlane(acc, cut, edgeLabel) : acc), p);
  const stemEnd = plane(v, -(bulb - r), -1); // v ≤ bulb − r
  for (const side of [1, -1]) {
    let strip = clip(piece, [stemEnd, plane(u, 5, side)], label); // |u| ≥ 5 on this side, stem road edge
    strip = clip(strip, [plane(u, -halfWidth, -side)]); // |u| ≤ halfWidth
    lotsAlong(strip, v, [side * u[0], side * u[1]], () => 24 + random.next() * 10, (lot) => pushLot(lots, lot, label, 'suburb', true), random);
    frontageLots(clip(piece, [plane(u, halfWidth, side)]), label, 'suburb', plat);
  }
  const zone = clip(piece, [plane(v, bulb - r), plane(u, -halfWidth), plane(u, -halfWidth, -1), plane(v, -(bulb + 65), -1)]);
  frontageLots(clip(piece, [plane(v, bulb + 65), plane(u, -halfWidth), plane(u, -halfWidth, -1)]), label, 'suburb', plat);
  const wedges = random.int(5, 7);
  const start = -Math.PI / 2 + deg(30);
  const span = (2 * Math.PI - deg(60)) / wedges;
  for (let k = 0; k < wedges; k += 1) {
    const t0 = start + k * span;
    const t1 = t0 + span;
    const direction = (t: number): Pt => [u[0] * Math.cos(t) + v[0] * Math.sin(t), u[1] * Math.cos(t) + v[1] * Math.sin(t)];
    const d0 = direction(t0);
    const d1 = direction(t1);
    const dm = direction((t0 + t1) / 2);
    const left: Pt = [-d0[1], d0[0]];
    const right: Pt = [d1[1], -d1[0]];
    let wedge = clip(zone, [
      { nx: left[0], ny: left[1], c: dot(left, bulbCentre) },
      { nx: right[0], ny: right[1], c: dot(right, bulbCentre) },
    ]);
    wedge = clip(wedge, [{ nx: dm[0], ny: dm[1], c: dot(dm, bulbCentre) + r * Math.cos(span / 2) }], label);
    pushLot(lots, wedge, label, 'suburb', true);
  }
  return true;
}

function pushLot(lots: Lot[], piece: Piece, road: number, use: Use, culDeSac: boolean): void {
  if (piece.pts.length < 3 || area(piece.pts) < 150) return;
  // Thin slivers (a cut grazing a corner) are not lots.
  if (orientedBox(piece.pts).short < 6) return;
  lots.push({ pts: piece.pts, road, use, culDeSac });
}

/** Unit vectors along a road edge and into the piece (pieces are counter-clockwise). */
function edgeFrame(edge: RoadEdge): { u: Pt; v: Pt } {
  const u: Pt = [(edge.b[0] - edge.a[0]) / edge.length, (edge.b[1] - edge.a[1]) / edge.length];
  return { u, v: [-u[1], u[0]] };
}

/** Whether a road edge of the piece lies beyond the line v·p = at (another road behind the row). */
function hasRoadBeyond(piece: Piece, v: Pt, at: number): boolean {
  for (let i = 0; i < piece.pts.length; i += 1) {
    if (piece.edges[i]! < 0) continue;
    const a = piece.pts[i]!;
    const b = piece.pts[(i + 1) % piece.pts.length]!;
    if ((dot(v, a) + dot(v, b)) / 2 > at) return true;
  }
  return false;
}

function rotate(p: Pt, angle: number): Pt {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [p[0] * c - p[1] * s, p[0] * s + p[1] * c];
}

function dot(a: Pt, b: Pt): number {
  return a[0] * b[0] + a[1] * b[1];
}

export function deg(value: number): number {
  return (value * Math.PI) / 180;
}
