// Deterministic demo county around the SPEC's initial centre (-80.86, 35.62), built like a real one:
// the land is cut recursively by roads — highways across the county, rural roads, town street
// grids (Mooresville, Troutman, Statesville), subdivision streets — into blocks, and each block is
// platted (demoLots.ts): rows of lots fronting its roads, back land and farms behind, cul-de-sac
// subdivisions. Every cut is a half-plane cut of a convex piece, so the lots partition the land and
// never overlap; a smooth warp then bends straight roads into curves, and the real Lake Norman
// outline removes what lies in the water. No Math.random: the same seed gives the same county.
import type { LineString, Polygon, Position } from 'geojson';
import { areaAcres } from '../geometry/parcelGeometry.ts';
import { Lake, ringArea, ringBounds, type Bounds } from './lake.ts';
import { toLngLat, toMetres } from './localFrame.ts';
import { deg, frontageLots, suburbTract, type AddRoad, type Lot, type Platting, type RoadKind, type Use } from './demoLots.ts';
import { createMailingAddresses, type MailingAddress } from './demoMailing.ts';
import * as names from './demoNames.ts';
import { area, centroid, chord, densify, densifyOnGrid, extent, longestRoadEdge, orientedBox, splitPiece, type Cut, type Piece, type Pt } from './planar.ts';
import { createPrng, type Prng } from './prng.ts';

export { DEMO_CENTRE } from './localFrame.ts';
const DEMO_SEED = 'iredell-demo-v2';
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

export interface DemoParcel extends MailingAddress {
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

interface DemoRoad {
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

export interface DemoCountyStream {
  roads: DemoRoad[];
  /** The parcels, made one at a time, so that the seed inserts some while the rest are being made. */
  parcels: Generator<DemoParcel>;
}

export function generateDemoCounty(options: DemoCountyOptions = {}): DemoCounty {
  const { roads, parcels } = streamDemoCounty(options);
  return { roads, parcels: [...parcels] };
}

/** Plans the county (roads, lots) at once, then makes its parcels lazily in a fixed order. */
export function streamDemoCounty(options: DemoCountyOptions = {}): DemoCountyStream {
  const bounds = options.extent ?? FULL_EXTENT;
  const random = createPrng(options.seed ?? DEMO_SEED);
  const roads: Road[] = [];
  const lots: Lot[] = [];
  const phase = Array.from({ length: 6 }, () => random.next() * Math.PI * 2);

  const addRoad: AddRoad = (kind, pts, closed = false, name = roadName(kind, pts, random)) => {
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

  const plat: Platting = { lots, random, addRoad, remoteness: (p) => Math.min(2, Math.max(0, townDistance(p) - 1500) / 5000) };

  const partition = (piece: Piece, fallback: number): void => {
    const a = area(piece.pts);
    if (a < 150 || piece.pts.length < 3) return;
    const c = centroid(piece.pts);
    const use = landUse(c, phase);
    const most = mostUrban(piece.pts, c, phase);
    const road = longestRoadEdge(piece)?.road ?? fallback;
    const box = orientedBox(piece.pts);
    const jitter = (spread: number) => 0.5 + (random.next() * 2 - 1) * spread;

    // Roads cross a block's long side, so blocks stay rectangular-ish rather than shattering.
    let kind: RoadKind | undefined;
    let angle = box.axis + (random.next() * 2 - 1) * deg(12);
    let fraction = jitter(0.15);
    if (a > 25e6) {
      kind = 'highway';
      angle = box.axis + (random.next() * 2 - 1) * deg(30);
    } else if (most.use === 'town' && (box.long > 240 || box.short > 120)) {
      kind = a > 2e6 ? 'rural' : 'street';
      // Town streets follow the town's grid: cut across whichever grid direction is nearer the long axis.
      const grid = most.town!.angle;
      angle = Math.abs(Math.cos(box.axis - grid)) > Math.abs(Math.sin(box.axis - grid)) ? grid : grid + Math.PI / 2;
      fraction = jitter(0.08);
    } else if (most.use === 'suburb' && (box.long > 560 || box.short > 320)) kind = a > 2e6 ? 'rural' : 'subdivision';
    else if (use === 'rural' && a > 2_600_000) kind = 'rural';
    if (kind) {
      const halves = cutByRoad(piece, angle, fraction, kind);
      if (halves) {
        for (const half of halves) partition(half, road);
        return;
      }
    }
    if (use === 'suburb') suburbTract(piece, road, plat);
    else frontageLots(piece, road, use, plat);
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
  partition(county, -1);

  // --- Warp, place the centre lot, clip by the lake. ---------------------------------------------
  const warp = (p: Pt): Pt => warpPoint(p, phase);
  const centre = centreLot(lots, warp);
  const shift = centre.shift;
  const lake = new Lake({ x0: bounds.x0 - 800, y0: bounds.y0 - 800, x1: bounds.x1 + 800, y1: bounds.y1 + 800 });

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

  function* parcels(): Generator<DemoParcel> {
    const mailing = createMailingAddresses(options.seed ?? DEMO_SEED);
    const pinCounters = new Map<string, number>();
    for (let i = 0; i < lots.length; i += 1) {
      const lot = lots[i]!;
      let ring: Position[] = densifyOnGrid(lot.pts, LOT_EDGE_STEP_M).map((p) => {
        const w = warp(p);
        return [w[0] + shift[0], w[1] + shift[1]];
      });
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
      const pin = `46${sheet}${pad(serial, 4)}`;
      const roadOf = roads[lot.road];
      yield makeParcel({
        // The lot under the centre takes the well-known PIN; a lot that would have had it takes its
        // sheet's serial 0000, which no other lot uses (serials start at 1).
        pin: i === centre.index ? CENTRE_PIN : pin === CENTRE_PIN ? `46${sheet}0000` : pin,
        geometry,
        use: lot.use,
        x: c[0],
        y: c[1],
        road: roadOf ? { name: roadOf.name, kind: roadOf.kind, pts: roadOf.pts.map(warp) } : undefined,
        culDeSac: lot.culDeSac,
        random,
        mailing,
      });
    }
  }
  return { roads: demoRoads, parcels: parcels() };
}

// --- Land use, warp, attributes ----------------------------------------------------------------------

/** Metres from the nearest town's edge (0 inside a town). */
function townDistance(p: Pt): number {
  return Math.max(0, Math.min(...TOWNS.map((town) => Math.hypot(p[0] - town.x, p[1] - town.y) - town.radius)));
}

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
  return { use: score > 0.36 ? 'suburb' : 'rural' };
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

/**
 * The lot that goes under the map centre — one near it, at least ~50 m across — and the shift that
 * puts its (warped) centroid there. Only lots near the centre are warped to look.
 */
function centreLot(lots: readonly Lot[], warp: (p: Pt) => Pt): { index: number; shift: Pt } {
  let best = { index: -1, shift: [0, 0] as Pt };
  let bestDistance = Infinity;
  for (let i = 0; i < lots.length; i += 1) {
    const raw = centroid(lots[i]!.pts);
    if (Math.hypot(raw[0], raw[1]) > 1200) continue; // the warp moves points ≤ ~150 m
    const pts = densifyOnGrid(lots[i]!.pts, LOT_EDGE_STEP_M).map(warp);
    const c = centroid(pts);
    const d = Math.hypot(c[0], c[1]);
    if (d > 800 || d >= bestDistance) continue;
    const a = area(pts);
    if (a < 2500 || a > 15_000) continue;
    if (orientedBox(pts).short < 50) continue;
    bestDistance = d;
    best = { index: i, shift: [-c[0], -c[1]] };
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
  mailing: ReturnType<typeof createMailingAddresses>;
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
  const add1 = address(input, random);
  const add2 = input.use === 'town' && random.chance(0.04) ? `UNIT ${random.int(1, 12)}` : null;
  const company = names.COMPANY_KINDS.some((kind) => owner.endsWith(` ${kind}`));
  return {
    pin: input.pin,
    owner,
    name: owner,
    add1,
    add2,
    city: place.city,
    state: 'NC',
    zip: place.zip,
    ...input.mailing({ owner, add1, add2, city: place.city, zip: place.zip, company }),
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

function smoothstep(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
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

