// Deterministic demo county around the SPEC's initial centre (-80.86, 35.62), built like a real one:
// the land is cut recursively by roads — highways, curving rural roads, town street grids
// (Mooresville, Troutman, Statesville), subdivision streets with cul-de-sacs — and each piece is cut
// into lots: town lots, wedge lots round cul-de-sacs, road-frontage acreage, farms of 100+ acres.
// Every cut is a half-plane cut of a convex piece, so the lots partition the land and never
// overlap; a smooth warp then bends straight roads into curves, and the real Lake Norman outline
// removes what lies in the water. No Math.random: the same seed gives the same county everywhere.
import type { LineString, Polygon, Position } from 'geojson';
import { areaAcres } from '../parcels/parcelGeometry.ts';
import { Lake, ringArea, ringBounds, type Bounds } from './lake.ts';
import { toLngLat, toMetres } from './localFrame.ts';
import * as names from './demoNames.ts';
import { area, centroid, chord, clipHalfPlane, densify, densifyOnGrid, extent, longAxis, splitPiece, type Cut, type Piece, type Pt } from './planar.ts';
import { createPrng, type Prng } from './prng.ts';

export { DEMO_CENTRE } from './localFrame.ts';
export const DEMO_SEED = 'iredell-demo-v2';
/** The parcel under the initial map centre keeps this PIN (tests and e2e click it). */
export const CENTRE_PIN = '4605050123';
export const DEMO_DATASET = {
  source_name: 'Parcel Map demo county (generated, Iredell-like)',
  licence: 'Generated data (CC0-1.0); Lake Norman outline © Mecklenburg County GIS (MIT)',
  as_of: '2025-07-01',
} as const;

/** The whole county, metres from the centre: lng ≈ -81.00…-80.70, lat ≈ 35.49…35.80. */
export const FULL_EXTENT: Bounds = { x0: -12_500, y0: -14_000, x1: 14_500, y1: 16_500 };
/** A 3 km square around the centre, for fast tests (a few thousand parcels). */
export const TEST_EXTENT: Bounds = { x0: -1_500, y0: -1_500, x1: 1_500, y1: 1_500 };

export interface DemoParcel {
  pin: string;
  owner: string;
  name: string;
  add1: string;
  add2: string | null;
  city: string;
  state: string;
  zip: string;
  taxacres: number;
  township: string;
  zoning: string;
  sale_date: string | null;
  sales_price: number | null;
  geometry: Polygon;
}

export interface DemoRoad {
  name: string;
  kind: 'major' | 'minor';
  geometry: LineString;
}

export interface DemoCounty {
  parcels: DemoParcel[];
  roads: DemoRoad[];
}

export interface DemoCountyOptions {
  seed?: string;
  /** Metres around the centre; defaults to FULL_EXTENT. */
  extent?: Bounds;
}

type Use = 'town' | 'suburb' | 'rural';
type RoadKind = 'highway' | 'rural' | 'street' | 'subdivision' | 'culdesac';

interface Town {
  name: string;
  x: number;
  y: number;
  radius: number;
  angle: number;
  zip: string;
}

interface Road {
  name: string;
  kind: RoadKind;
  /** Metres, before the warp. */
  pts: Pt[];
  closed: boolean;
}

type AddRoad = (kind: RoadKind, pts: Pt[], closed?: boolean, name?: string) => number;

interface Lot {
  pts: Pt[];
  road: number;
  use: Use;
  culDeSac: boolean;
}

const TOWNS: Town[] = [
  { name: 'MOORESVILLE', ...at(-80.81, 35.585), radius: 3000, angle: deg(22), zip: '28115' },
  { name: 'TROUTMAN', ...at(-80.888, 35.7), radius: 1500, angle: deg(-8), zip: '28166' },
  { name: 'STATESVILLE', ...at(-80.887, 35.783), radius: 2300, angle: deg(4), zip: '28677' },
];

// Lot edges get a point every this many metres (on a shared grid, so neighbours keep identical
// edges) before the warp bends them. Coarser steps save generation and load time but let a lot's
// straight chord and its neighbour's T-junction vertex drift apart on the curve: at 40 m the
// sampled-overlap test found overlapping lots, at 20 m the drift stays a few centimetres.
const LOT_EDGE_STEP_M = 20;
const ROAD_GAP: Record<RoadKind, number> = { highway: 9, rural: 6, street: 5, subdivision: 5, culdesac: 5 };
const ZONING: Record<Use | 'frontage', readonly string[]> = {
  town: ['R-8', 'R-8', 'R-8', 'R-12', 'R-12', 'R-12', 'R-20', 'R-O'],
  frontage: ['G-B', 'N-B', 'H-B', 'O-I', 'R-O', 'G-B'],
  suburb: ['R-20', 'R-20', 'R-20', 'RU-R', 'RU-R', 'R-R', 'R-A'],
  rural: ['R-A', 'R-A', 'A-C', 'A-C', 'RU-R', 'M-1', 'M-2'],
};

export function generateDemoCounty(options: DemoCountyOptions = {}): DemoCounty {
  const bounds = options.extent ?? FULL_EXTENT;
  const random = createPrng(options.seed ?? DEMO_SEED);
  const roads: Road[] = [];
  const lots: Lot[] = [];
  const phase = Array.from({ length: 6 }, () => random.next() * Math.PI * 2);

  const addRoad = (kind: RoadKind, pts: Pt[], closed = false, name = roadName(kind, pts, random)): number => {
    roads.push({ name, kind, pts, closed });
    return roads.length - 1;
  };

  /** Cuts a piece by a road through `at` (fraction along the axis) perpendicular to `angle`. */
  const cutByRoad = (piece: Piece, angle: number, fraction: number, kind: RoadKind): [Piece, Piece] | undefined => {
    const nx = Math.cos(angle);
    const ny = Math.sin(angle);
    const { min, max } = extent(piece.pts, nx, ny);
    const cut: Cut = { nx, ny, c: min + (max - min) * fraction };
    const course = chord(piece, cut);
    if (!course) return undefined;
    const label = addRoad(kind, [course[0], course[1]]);
    return splitPiece(piece, cut, ROAD_GAP[kind], label);
  };

  const partition = (piece: Piece, fallback: number, depth: number): void => {
    const a = area(piece.pts);
    if (a < 150 || piece.pts.length < 3) return;
    const c = centroid(piece.pts);
    const use = landUse(c, phase);
    const most = mostUrban(piece.pts, c, phase);
    const road = frontageRoad(piece, fallback);
    const axis = longAxis(piece.pts);
    const jitter = (spread: number) => 0.5 + (random.next() * 2 - 1) * spread;

    let kind: RoadKind | undefined;
    let angle = axis + (random.next() * 2 - 1) * deg(25);
    let fraction = jitter(0.18);
    if (a > 25e6) kind = 'highway';
    else if (most.use === 'town' && a > 45_000) {
      kind = a > 2e6 ? 'rural' : 'street';
      // Town streets follow the town's grid: cut across whichever grid direction is nearer the long axis.
      const grid = most.town!.angle;
      angle = Math.abs(Math.cos(axis - grid)) > Math.abs(Math.sin(axis - grid)) ? grid : grid + Math.PI / 2;
      fraction = jitter(0.08);
    } else if (most.use === 'suburb' && a > 140_000) kind = a > 2e6 ? 'rural' : 'subdivision';
    else if (use === 'rural' && a > 2_600_000) kind = 'rural';
    if (kind) {
      const halves = cutByRoad({ pts: piece.pts, edges: piece.edges }, angle, fraction, kind);
      if (halves) {
        for (const half of halves) partition(half, road, depth + 1);
        return;
      }
    }
    if (use === 'town') townBlock(piece, road, lots, random);
    else if (use === 'suburb') suburbTract(piece, road, lots, random, addRoad);
    else farmland(piece, road, lots, random, 'rural', drawFarmArea(random));
  };

  const county: Piece = {
    pts: [
      [bounds.x0, bounds.y0],
      [bounds.x1, bounds.y0],
      [bounds.x1, bounds.y1],
      [bounds.x0, bounds.y1],
    ],
    edges: [-1, -1, -1, -1],
  };
  partition(county, -1, 0);

  // --- Warp, place the centre lot, clip by the lake. ---------------------------------------------
  const warp = (p: Pt): Pt => warpPoint(p, phase);
  const warpedLots = lots.map((lot) => densifyOnGrid(lot.pts, LOT_EDGE_STEP_M).map(warp));
  const shift = centreShift(warpedLots);
  const lake = new Lake({ x0: bounds.x0 - 800, y0: bounds.y0 - 800, x1: bounds.x1 + 800, y1: bounds.y1 + 800 });

  const parcels: DemoParcel[] = [];
  const pinCounters = new Map<string, number>();
  let centreIndex = -1;
  for (let i = 0; i < lots.length; i += 1) {
    const lot = lots[i]!;
    let ring: Position[] = warpedLots[i]!.map((p) => [p[0] + shift[0], p[1] + shift[1]]);
    ring.push(ring[0]!);
    const box = ringBounds(ring);
    const { water, total } = lake.waterInBox(box);
    if (water > 0) {
      if (water >= total * 0.9) continue;
      const before = Math.abs(ringArea(ring));
      const land = lake.landPart(ring);
      if (!land || Math.abs(ringArea(land)) < Math.max(150, before * 0.3)) continue;
      ring = land;
    }
    if (ringArea(ring) < 0) ring = [...ring].reverse();
    const coordinates = dropRepeats(ring.map((p) => toLngLat(p[0]!, p[1]!)));
    if (coordinates.length < 4) continue;
    const geometry: Polygon = { type: 'Polygon', coordinates: [coordinates] };
    const c = centroid(ring.slice(0, -1).map((p) => [p[0]!, p[1]!] as Pt));
    const sheet = `${pad(clampInt((c[1] - bounds.y0) / 1000, 0, 99), 2)}${pad(clampInt((c[0] - bounds.x0) / 1000, 0, 99), 2)}`;
    const serial = (pinCounters.get(sheet) ?? 0) + 1;
    pinCounters.set(sheet, serial);
    const roadOf = roads[lot.road];
    const parcel = makeParcel({
      pin: `46${sheet}${pad(serial, 4)}`,
      geometry,
      use: lot.use,
      x: c[0],
      y: c[1],
      road: roadOf ? { name: roadOf.name, kind: roadOf.kind, pts: roadOf.pts.map(warp) } : undefined,
      culDeSac: lot.culDeSac,
      random,
    });
    if (insideRing([0, 0], ring)) centreIndex = parcels.length;
    parcels.push(parcel);
  }
  // The centre lot takes the well-known PIN; whoever had it takes the centre lot's.
  const centre = parcels[centreIndex];
  if (centre) {
    const holder = parcels.find((parcel) => parcel.pin === CENTRE_PIN);
    if (holder) holder.pin = centre.pin;
    centre.pin = CENTRE_PIN;
  }

  const demoRoads: DemoRoad[] = [];
  for (const road of roads) {
    const pts = densify(road.pts, 30, road.closed).map(warp);
    if (road.closed) pts.push(pts[0]!);
    let run: Position[] = [];
    const flush = () => {
      if (run.length >= 2) {
        demoRoads.push({
          name: road.name,
          kind: road.kind === 'highway' || road.kind === 'rural' ? 'major' : 'minor',
          geometry: { type: 'LineString', coordinates: run },
        });
      }
      run = [];
    };
    for (const p of pts) {
      const x = p[0] + shift[0];
      const y = p[1] + shift[1];
      if (lake.isWater(x, y)) flush();
      else run.push(toLngLat(x, y));
    }
    flush();
  }
  return { parcels, roads: demoRoads };
}

// --- Lots ------------------------------------------------------------------------------------------

/** Town block: two rows of narrow lots back to back along the block's long axis. */
function townBlock(piece: Piece, road: number, lots: Lot[], random: Prng): void {
  const axis = longAxis(piece.pts);
  const across = axis + Math.PI / 2;
  const { min, max } = extent(piece.pts, Math.cos(across), Math.sin(across));
  const rows: Piece[] =
    max - min > 70
      ? splitPiece(piece, { nx: Math.cos(across), ny: Math.sin(across), c: (min + max) / 2 + (random.next() - 0.5) * 8 }, 0, -1)
      : [piece];
  for (const row of rows) slice(row, axis, () => 14 + random.next() * 14, (lot) => pushLot(lots, lot, road, 'town', false));
}

/** Suburban tract: a cul-de-sac subdivision where there is room, else road-frontage acreage lots. */
function suburbTract(piece: Piece, road: number, lots: Lot[], random: Prng, addRoad: AddRoad): void {
  if (road >= 0 && random.chance(0.7) && culDeSac(piece, lots, random, addRoad)) return;
  const axis = frontageAxis(piece) ?? longAxis(piece.pts);
  slice(piece, axis, () => 28 + random.next() * 30, (strip) => {
    const across = axis + Math.PI / 2;
    const { min, max } = extent(strip.pts, Math.cos(across), Math.sin(across));
    if (max - min > 180) {
      for (const half of splitPiece(strip, { nx: Math.cos(across), ny: Math.sin(across), c: (min + max) / 2 }, 0, -1)) {
        pushLot(lots, half, frontageRoad(half, frontageRoad(strip, road)), 'suburb', false);
      }
    } else pushLot(lots, strip, frontageRoad(strip, road), 'suburb', false);
  });
}

/**
 * A stem street from the tract's road into the tract, ending in a turning circle: two rows of lots
 * along the stem and wedge-shaped lots round the circle (each wedge is a convex sector cut).
 */
function culDeSac(piece: Piece, lots: Lot[], random: Prng, addRoad: AddRoad): boolean {
  let best = -1;
  let bestLength = 0;
  for (let i = 0; i < piece.pts.length; i += 1) {
    if (piece.edges[i]! < 0) continue;
    const a = piece.pts[i]!;
    const b = piece.pts[(i + 1) % piece.pts.length]!;
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (length > bestLength) {
      bestLength = length;
      best = i;
    }
  }
  if (best < 0 || bestLength < 110) return false;
  const a = piece.pts[best]!;
  const b = piece.pts[(best + 1) % piece.pts.length]!;
  const u: Pt = [(b[0] - a[0]) / bestLength, (b[1] - a[1]) / bestLength];
  const v: Pt = [-u[1], u[0]]; // inward: the polygon is counter-clockwise
  const stemAt = 40 + random.next() * (bestLength - 80);
  const o: Pt = [a[0] + u[0] * stemAt, a[1] + u[1] * stemAt];
  const depth = extent(piece.pts, v[0], v[1]).max - (o[0] * v[0] + o[1] * v[1]);
  if (depth < 150) return false;
  const r = 15;
  const bulb = Math.min(depth - 55, 200 + random.next() * 200);
  const halfWidth = 60 + random.next() * 10;
  // Half-plane in the local frame: s·(p−o)·axis ≥ k.
  const plane = (axis: Pt, k: number, sign = 1): Cut => ({ nx: sign * axis[0], ny: sign * axis[1], c: sign * (axis[0] * o[0] + axis[1] * o[1]) + k });
  const local = (pu: number, pv: number): Pt => [o[0] + u[0] * pu + v[0] * pv, o[1] + u[1] * pu + v[1] * pv];
  const bulbCentre = local(0, bulb);
  const name = `${random.pick(names.SUBDIVISION_WORDS)} ${random.pick(names.CUL_DE_SAC_SUFFIXES)}`;
  const label = addRoad('culdesac', [local(0, 0), local(0, bulb - r + 5)], false, name);
  const ring: Pt[] = Array.from({ length: 16 }, (_, k) => {
    const t = (k / 16) * Math.PI * 2;
    return local(Math.cos(t) * (r - 5), bulb + Math.sin(t) * (r - 5));
  });
  addRoad('culdesac', ring, true, name);

  const clip = (p: Piece, cuts: Cut[], edge = -1) => cuts.reduce((acc, cut) => (acc.pts.length >= 3 ? clipHalfPlane(acc, cut, edge) : acc), p);
  const stemEnd = plane(v, -(bulb - r), -1); // v ≤ bulb − r
  for (const side of [1, -1]) {
    let strip = clip(piece, [stemEnd, plane(u, 5, side)], label); // |u| ≥ 5 on this side, stem road edge
    strip = clip(strip, [plane(u, -halfWidth, -side)]); // |u| ≤ halfWidth
    slice(strip, Math.atan2(v[1], v[0]), () => 24 + random.next() * 10, (lot) => pushLot(lots, lot, label, 'suburb', true));
    const rest = clip(piece, [plane(u, halfWidth, side)]);
    farmland(rest, frontageRoad(rest, label), lots, random, 'suburb', 4000 + random.next() * 6000);
  }
  const zone = clip(piece, [plane(v, bulb - r), plane(u, -halfWidth), plane(u, -halfWidth, -1), plane(v, -(bulb + 65), -1)]);
  const back = clip(piece, [plane(v, bulb + 65), plane(u, -halfWidth), plane(u, -halfWidth, -1)]);
  farmland(back, frontageRoad(back, label), lots, random, 'suburb', 5000 + random.next() * 8000);
  const wedges = random.int(5, 7);
  const start = -Math.PI / 2 + deg(30);
  const span = (2 * Math.PI - deg(60)) / wedges;
  for (let k = 0; k < wedges; k += 1) {
    const t0 = start + k * span;
    const t1 = t0 + span;
    const d0: Pt = [u[0] * Math.cos(t0) + v[0] * Math.sin(t0), u[1] * Math.cos(t0) + v[1] * Math.sin(t0)];
    const d1: Pt = [u[0] * Math.cos(t1) + v[0] * Math.sin(t1), u[1] * Math.cos(t1) + v[1] * Math.sin(t1)];
    const tm = (t0 + t1) / 2;
    const dm: Pt = [u[0] * Math.cos(tm) + v[0] * Math.sin(tm), u[1] * Math.cos(tm) + v[1] * Math.sin(tm)];
    const dot = (n: Pt) => n[0] * bulbCentre[0] + n[1] * bulbCentre[1];
    const left: Pt = [-d0[1], d0[0]];
    const right: Pt = [d1[1], -d1[0]];
    let wedge = clip(zone, [
      { nx: left[0], ny: left[1], c: dot(left) },
      { nx: right[0], ny: right[1], c: dot(right) },
    ]);
    wedge = clip(wedge, [{ nx: dm[0], ny: dm[1], c: dot(dm) + r * Math.cos(span / 2) }], label);
    pushLot(lots, wedge, label, 'suburb', true);
  }
  return true;
}

/** Rural land: split without roads into parcels around a target area (homesteads to 100+ acre farms). */
function farmland(piece: Piece, road: number, lots: Lot[], random: Prng, use: Use, target: number): void {
  if (piece.pts.length < 3) return;
  const a = area(piece.pts);
  if (a < 150) return;
  if (a < target * 1.6) {
    pushLot(lots, piece, frontageRoad(piece, road), use, false);
    return;
  }
  const axis = longAxis(piece.pts);
  const { min, max } = extent(piece.pts, Math.cos(axis), Math.sin(axis));
  const cut: Cut = { nx: Math.cos(axis), ny: Math.sin(axis), c: min + (max - min) * (0.3 + random.next() * 0.4) };
  const next = () => (random.chance(0.3) ? (use === 'rural' ? drawFarmArea(random) : target) : target);
  for (const half of splitPiece(piece, cut, 0, -1)) farmland(half, frontageRoad(half, road), lots, random, use, next());
}

function drawFarmArea(random: Prng): number {
  const roll = random.next();
  if (roll < 0.45) return 4000 + random.next() * 14_000; // homesteads, 1–4 acres
  if (roll < 0.8) return 20_000 + random.next() * 80_000; // 5–25 acres
  if (roll < 0.93) return 100_000 + random.next() * 150_000;
  return 300_000 + random.next() * 400_000; // 75–170 acre farms
}

/** Cuts a piece into parts of the given width along a direction (lot frontages). */
function slice(piece: Piece, angle: number, width: () => number, emit: (part: Piece) => void): void {
  const nx = Math.cos(angle);
  const ny = Math.sin(angle);
  let rest = piece;
  let guard = 0;
  while (rest.pts.length >= 3 && guard < 500) {
    guard += 1;
    const { min, max } = extent(rest.pts, nx, ny);
    const w = width();
    if (max - min < w * 1.5) break;
    const [front, back] = splitPiece(rest, { nx, ny, c: min + w }, 0, -1);
    emit(back);
    rest = front;
  }
  if (rest.pts.length >= 3) emit(rest);
}

function pushLot(lots: Lot[], piece: Piece, road: number, use: Use, culDeSac: boolean): void {
  if (piece.pts.length < 3 || area(piece.pts) < 150) return;
  // Thin slivers (a cut grazing a corner) are not lots.
  const axis = longAxis(piece.pts);
  const { min, max } = extent(piece.pts, Math.cos(axis + Math.PI / 2), Math.sin(axis + Math.PI / 2));
  if (max - min < 6) return;
  lots.push({ pts: piece.pts, road, use, culDeSac });
}

/** The road along the piece's longest road edge, else the fallback. */
function frontageRoad(piece: Piece, fallback: number): number {
  let best = fallback;
  let bestLength = 0;
  for (let i = 0; i < piece.pts.length; i += 1) {
    const label = piece.edges[i]!;
    if (label < 0) continue;
    const a = piece.pts[i]!;
    const b = piece.pts[(i + 1) % piece.pts.length]!;
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (length > bestLength) {
      bestLength = length;
      best = label;
    }
  }
  return best;
}

function frontageAxis(piece: Piece): number | undefined {
  let best: number | undefined;
  let bestLength = 0;
  for (let i = 0; i < piece.pts.length; i += 1) {
    if (piece.edges[i]! < 0) continue;
    const a = piece.pts[i]!;
    const b = piece.pts[(i + 1) % piece.pts.length]!;
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (length > bestLength) {
      bestLength = length;
      best = Math.atan2(b[1] - a[1], b[0] - a[0]);
    }
  }
  return best;
}

// --- Land use, warp, attributes ----------------------------------------------------------------------

function landUse(p: Pt, phase: readonly number[]): Use {
  return classify(p, phase).use;
}

function classify(p: Pt, phase: readonly number[]): { use: Use; town?: Town } {
  let score = 0;
  for (const town of TOWNS) {
    const d = Math.hypot(p[0] - town.x, p[1] - town.y);
    if (d < town.radius) return { use: 'town', town };
    score = Math.max(score, Math.exp(-(d - town.radius) / 2200));
  }
  score += 0.75 * Math.exp(-Math.hypot(p[0], p[1]) / 4500);
  score += 0.3 * Math.sin(p[0] / 1700 + phase[0]!) * Math.cos(p[1] / 1300 + phase[1]!);
  return { use: score > 0.3 ? 'suburb' : 'rural' };
}

function mostUrban(pts: readonly Pt[], c: Pt, phase: readonly number[]): { use: Use; town?: Town } {
  let best = classify(c, phase);
  for (const p of pts) {
    const here = classify(p, phase);
    if (here.use === 'town') return here;
    if (here.use === 'suburb') best = here;
  }
  return best;
}

/** Smooth displacement (≤ ~150 m, gradient well below 1, so it never folds); weaker inside towns. */
function warpPoint(p: Pt, phase: readonly number[]): Pt {
  let townness = 0;
  for (const town of TOWNS) {
    const d = Math.hypot(p[0] - town.x, p[1] - town.y) / town.radius;
    townness = Math.max(townness, 1 - smoothstep(0.7, 1.5, d));
  }
  const s = 1 - 0.8 * townness;
  const dx = 110 * Math.sin(p[1] / 620 + phase[2]!) + 12 * Math.sin((p[0] + p[1]) / 190 + phase[3]!);
  const dy = 110 * Math.sin(p[0] / 600 + phase[4]!) + 12 * Math.sin((p[0] - p[1]) / 200 + phase[5]!);
  return [p[0] + s * dx, p[1] + s * dy];
}

/** Moves the county so that a lot at least ~50 m across, near the centre, sits under the centre. */
function centreShift(lots: readonly Pt[][]): Pt {
  let best: Pt = [0, 0];
  let bestDistance = Infinity;
  for (const pts of lots) {
    const c = centroid(pts);
    const d = Math.hypot(c[0], c[1]);
    if (d > 800 || d >= bestDistance) continue;
    const a = area(pts);
    if (a < 2500 || a > 15_000) continue;
    const axis = longAxis(pts);
    const { min, max } = extent(pts, Math.cos(axis + Math.PI / 2), Math.sin(axis + Math.PI / 2));
    if (max - min < 50) continue;
    bestDistance = d;
    best = [-c[0], -c[1]];
  }
  return best;
}

interface ParcelInput {
  pin: string;
  geometry: Polygon;
  use: Use;
  x: number;
  y: number;
  road: { name: string; kind: RoadKind; pts: Pt[] } | undefined;
  culDeSac: boolean;
  random: Prng;
}

function makeParcel(input: ParcelInput): DemoParcel {
  const { random } = input;
  const taxacres = areaAcres(input.geometry);
  const owner = ownerName(random);
  const place = placeFor(input.x, input.y);
  const onMainRoad = input.road !== undefined && (input.road.kind === 'highway' || input.road.kind === 'rural');
  const zoningChoices = input.use !== 'rural' && onMainRoad && random.chance(0.45) ? ZONING.frontage : ZONING[input.use];
  let zoning = random.pick(zoningChoices);
  if (random.chance(0.05)) zoning = `${zoning}-CZ`;
  const sale = saleFor(taxacres, input.use, zoning, random);
  return {
    pin: input.pin,
    owner,
    name: owner,
    add1: address(input, random),
    add2: input.use === 'town' && random.chance(0.04) ? `UNIT ${random.int(1, 12)}` : null,
    city: place.city,
    state: 'NC',
    zip: place.zip,
    taxacres,
    township: place.township,
    zoning,
    sale_date: sale.date,
    sales_price: sale.price,
    geometry: input.geometry,
  };
}

/** House numbers grow along the road, 2 per 12 m, even on the left side, odd on the right. */
function address(input: ParcelInput, random: Prng): string {
  const road = input.road;
  if (!road) return `${random.int(100, 9999)} ${random.pick(names.RURAL_ROADS).toUpperCase()} RD`;
  const a = road.pts[0]!;
  const b = road.pts[road.pts.length > 2 ? Math.floor(road.pts.length / 2) : 1] ?? a;
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  const ux = (b[0] - a[0]) / length;
  const uy = (b[1] - a[1]) / length;
  const along = Math.max(0, (input.x - a[0]) * ux + (input.y - a[1]) * uy);
  const left = (input.y - a[1]) * ux - (input.x - a[0]) * uy > 0;
  const base = input.culDeSac ? 100 + Math.round(along / 8) * 2 : 100 + Math.round(along / 12) * 2;
  return `${base + (left ? 0 : 1)} ${road.name.toUpperCase()}`;
}

function roadName(kind: RoadKind, pts: readonly Pt[], random: Prng): string {
  switch (kind) {
    case 'highway':
      return random.pick(names.HIGHWAYS);
    case 'rural':
      return `${random.pick(names.RURAL_ROADS)} ${random.pick(names.RURAL_SUFFIXES)}`;
    case 'street': {
      const a = pts[0]!;
      const b = pts[pts.length - 1]!;
      const northSouth = Math.abs(b[1] - a[1]) > Math.abs(b[0] - a[0]);
      const prefix = northSouth ? (random.chance(0.3) ? 'N ' : random.chance(0.3) ? 'S ' : '') : random.chance(0.3) ? 'E ' : random.chance(0.3) ? 'W ' : '';
      return `${prefix}${random.pick(names.TOWN_STREETS)} ${northSouth ? 'St' : 'Ave'}`;
    }
    case 'subdivision':
      return `${random.pick(names.SUBDIVISION_WORDS)} ${random.pick(names.SUBDIVISION_ROAD_SUFFIXES)}`;
    case 'culdesac':
      return `${random.pick(names.SUBDIVISION_WORDS)} ${random.pick(names.CUL_DE_SAC_SUFFIXES)}`;
  }
}

function ownerName(random: Prng): string {
  if (random.chance(0.07)) return `${random.pick(names.COMPANY_WORDS)} ${random.pick(names.COMPANY_KINDS)}`;
  const middle = String.fromCharCode(65 + random.int(0, 25));
  const owner = `${random.pick(names.SURNAMES)} ${random.pick(names.FIRST_NAMES)} ${middle}`;
  return random.chance(0.12) ? `${owner} & ${random.pick(names.FIRST_NAMES)}` : owner;
}

/** Township and mailing city by location (an approximation of Iredell's southern townships). */
function placeFor(x: number, y: number): { city: string; zip: string; township: string } {
  let township: string;
  if (y >= 13_000) township = x < -6000 ? 'SHARPESBURG' : x < 4000 ? 'STATESVILLE' : 'CHAMBERSBURG';
  else if (y >= 5000) township = x < -6000 ? 'CONCORD' : x < 3000 ? 'FALLSTOWN' : 'SHILOH';
  else if (y >= -2000) township = x < 0 ? 'BARRINGER' : 'CODDLE CREEK';
  else township = x < -1000 ? 'DAVIDSON' : 'CODDLE CREEK';
  for (const town of TOWNS) {
    if (Math.hypot(x - town.x, y - town.y) < town.radius * 1.8) {
      const zip = town.name === 'MOORESVILLE' && x < town.x - 1500 ? '28117' : town.zip;
      return { city: town.name, zip, township };
    }
  }
  if (y >= 11_000) return { city: 'STATESVILLE', zip: '28625', township };
  if (y >= 4000) return { city: 'TROUTMAN', zip: '28166', township };
  return { city: 'MOORESVILLE', zip: x < -1000 ? '28117' : '28115', township };
}

function saleFor(acres: number, use: Use, zoning: string, random: Prng): { date: string | null; price: number | null } {
  if (random.chance(0.08)) return { date: null, price: null };
  const year = random.int(1985, 2025);
  const month = year === 2025 ? random.int(1, 6) : random.int(1, 12);
  const day = random.int(1, 28);
  const date = `${year}-${pad(month, 2)}-${pad(day, 2)}`;
  if (random.chance(0.06)) return { date, price: null }; // deed transfers without consideration
  const perAcre2025 = use === 'town' ? 450_000 : use === 'suburb' ? 120_000 : 15_000;
  const commercial = /^(G-B|H-B|N-B|O-I|M-)/.test(zoning) ? 1.6 : 1;
  const building = use === 'rural' ? random.int(0, 250_000) : random.int(120_000, 520_000);
  const inflation = Math.pow(1.045, year - 2025);
  const raw = (acres * perAcre2025 * commercial + building) * inflation * (0.8 + random.next() * 0.4);
  return { date, price: Math.max(500, Math.round(raw / 500) * 500) };
}

// --- Small helpers -----------------------------------------------------------------------------------

function at(lng: number, lat: number): { x: number; y: number } {
  const [x, y] = toMetres(lng, lat);
  return { x, y };
}

function deg(value: number): number {
  return (value * Math.PI) / 180;
}

function smoothstep(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
}

function insideRing(p: Pt, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function dropRepeats(ring: Position[]): Position[] {
  const out: Position[] = [];
  for (const p of ring) {
    const last = out[out.length - 1];
    if (last && last[0] === p[0] && last[1] === p[1]) continue;
    out.push(p);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) out.push(first);
  return out;
}

function clampInt(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.floor(value)));
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

