// Deterministic demo county around the SPEC's initial centre (-80.86, 35.62): a street grid of
// square "superblocks" with town lots near the centre, suburban lots around them and rural tracts
// further out. Names and codes follow shared/data/iredell-reference.md. No Math.random: the same
// seed gives byte-identical parcels on every machine.
import type { LineString, Polygon } from 'geojson';
import { areaAcres, round } from '../parcels/parcelGeometry.ts';
import { createPrng, type Prng } from './prng.ts';

export const DEMO_CENTRE = { lng: -80.86, lat: 35.62 } as const;
export const DEMO_SEED = 'iredell-demo-v1';
export const DEMO_DATASET = {
  source_name: 'Parcel Map demo county (generated, Iredell-like)',
  licence: 'Generated data; no rights reserved (CC0-1.0)',
  as_of: '2025-07-01',
} as const;

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
  /** Superblocks from the centre to the county edge (5: an 11 × 11 grid, about 10.5 km square). */
  rings?: number;
}

// --- Layout, in metres east (x) and north (y) of the centre. ---------------------------------
const SUPERBLOCK_M = 960;
const MAJOR_HALF_WIDTH_M = 10;
const MINOR_HALF_WIDTH_M = 6;
// The grid is shifted so the centre falls inside a town lot (block 1 column, 3 rows up, 70 m / 30 m in).
const GRID_ORIGIN_X_M = -(240 * 1 + 70);
const GRID_ORIGIN_Y_M = -(120 * 3 + 30);
const METRES_PER_DEGREE_LAT = 110_946;
const METRES_PER_DEGREE_LON = 111_320 * Math.cos((DEMO_CENTRE.lat * Math.PI) / 180);

type Zone = 'town' | 'suburban' | 'rural';

/** How a superblock of each zone is cut into blocks and lots. */
const ZONE_LAYOUT: Record<Zone, { blockCols: number; blockRows: number; lotsPerRow: [number, number]; rows: [number, number] }> = {
  town: { blockCols: 4, blockRows: 8, lotsPerRow: [5, 5], rows: [2, 2] },
  suburban: { blockCols: 2, blockRows: 2, lotsPerRow: [2, 4], rows: [2, 2] },
  rural: { blockCols: 1, blockRows: 1, lotsPerRow: [1, 3], rows: [1, 2] },
};

// --- Names (iredell-reference.md; surnames and streets are generic). ---------------------------
const SURNAMES = [
  'SMITH', 'JOHNSON', 'WILLIAMS', 'BROWN', 'JONES', 'MILLER', 'DAVIS', 'WILSON', 'MOORE', 'TAYLOR',
  'ANDERSON', 'THOMAS', 'JACKSON', 'WHITE', 'HARRIS', 'MARTIN', 'THOMPSON', 'GARCIA', 'CLARK', 'LEWIS',
  'ROBINSON', 'WALKER', 'YOUNG', 'ALLEN', 'KING', 'WRIGHT', 'SCOTT', 'GREEN', 'BAKER', 'ADAMS',
  'NELSON', 'HILL', 'CAMPBELL', 'MITCHELL', 'ROBERTS', 'CARTER', 'PHILLIPS', 'EVANS', 'TURNER', 'PARKER',
  'COLLINS', 'EDWARDS', 'STEWART', 'MORRIS', 'MURPHY', 'COOK', 'ROGERS', 'MORGAN', 'COOPER', 'PETERSON',
  'REID', 'SHERRILL', 'BROTHERTON', 'CAMERON', 'DEATON', 'GOODMAN', 'HOLSHOUSER', 'JOYNER', 'KISER', 'LIPPARD',
  'MCLELLAND', 'MORROW', 'OVERCASH', 'PRESSLY', 'SLOAN', 'STIKELEATHER', 'TEAGUE', 'WASHAM', 'WHITLEY', 'YOUNT',
];
const FIRST_NAMES = [
  'JAMES', 'MARY', 'JOHN', 'PATRICIA', 'ROBERT', 'JENNIFER', 'MICHAEL', 'LINDA', 'WILLIAM', 'ELIZABETH',
  'DAVID', 'BARBARA', 'RICHARD', 'SUSAN', 'JOSEPH', 'JESSICA', 'THOMAS', 'SARAH', 'CHARLES', 'KAREN',
  'CHRISTOPHER', 'NANCY', 'DANIEL', 'LISA', 'MATTHEW', 'BETTY', 'ANTHONY', 'MARGARET', 'MARK', 'SANDRA',
  'DONALD', 'ASHLEY', 'STEVEN', 'DOROTHY', 'PAUL', 'KIMBERLY', 'ANDREW', 'EMILY', 'JOSHUA', 'DONNA',
  'KENNETH', 'MICHELLE', 'KEVIN', 'CAROL', 'BRIAN', 'AMANDA', 'GEORGE', 'MELISSA', 'TIMOTHY', 'DEBORAH',
];
const COMPANY_WORDS = ['LAKE NORMAN', 'CODDLE CREEK', 'PIEDMONT', 'CAROLINA', 'IREDELL', 'CATAWBA', 'MAYWORTH', 'SOUTHERN PINES'];
const COMPANY_KINDS = ['PROPERTIES LLC', 'HOLDINGS LLC', 'INVESTMENTS LLC', 'LAND TRUST', 'DEVELOPMENT INC', 'FARMS LLC'];

const MAJOR_NORTH_SOUTH = [
  'Perth Rd', 'Mazeppa Rd', 'Talbert Rd', 'Charlotte Hwy', 'Williamson Rd', 'Brawley School Rd',
  'Fern Hill Rd', 'Old Mountain Rd', 'Wiggins Rd', 'Linwood Rd', 'Cornelius Rd', 'Shinnville Rd',
];
const MAJOR_EAST_WEST = [
  'Oak Ridge Farm Hwy', 'Mt Ulla Hwy', 'Coddle Creek Hwy', 'Triplett Rd', 'Harmony Hwy', 'Flower House Loop',
  'Doolie Rd', 'Brumley Rd', 'Overcash Rd', 'Houston Rd', 'Amity Hill Rd', 'Wallace Springs Rd',
];
const MINOR_NORTH_SOUTH = [
  'Oak', 'Maple', 'Cedar', 'Pine', 'Dogwood', 'Magnolia', 'Willow', 'Hickory', 'Poplar', 'Sycamore',
  'Chestnut', 'Walnut', 'Birch', 'Holly', 'Laurel', 'Redbud', 'Cypress', 'Juniper', 'Aspen', 'Spruce',
];
const MINOR_EAST_WEST = [
  'Church', 'Main', 'Academy', 'Center', 'Broad', 'Institute', 'Mill', 'Depot', 'Plaza', 'Summit',
  'Lakeview', 'Heritage', 'Meadow', 'Orchard', 'Harbor', 'Cove', 'Shady', 'Sunset', 'Vista', 'Ridge',
];
const MINOR_NS_SUFFIXES = ['St', 'Dr', 'Ct'];
const MINOR_EW_SUFFIXES = ['Ave', 'Ln', 'Way'];

const ZONING: Record<Zone | 'frontage', readonly string[]> = {
  town: ['R-8', 'R-8', 'R-8', 'R-12', 'R-12', 'R-12', 'R-20', 'R-O'],
  frontage: ['G-B', 'N-B', 'H-B', 'O-I', 'R-O', 'R-12'],
  suburban: ['R-20', 'R-20', 'RU-R', 'RU-R', 'R-A', 'R-R', 'M-1'],
  rural: ['R-A', 'R-A', 'A-C', 'A-C', 'RU-R', 'M-2'],
};

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface Frontage {
  road: string;
  /** Lots north of their road take even house numbers. */
  northSide: boolean;
}

export function generateDemoCounty(options: DemoCountyOptions = {}): DemoCounty {
  const rings = options.rings ?? 5;
  const random = createPrng(options.seed ?? DEMO_SEED);
  const parcels: DemoParcel[] = [];
  const roads: DemoRoad[] = [];
  const countyWestM = GRID_ORIGIN_X_M - rings * SUPERBLOCK_M;
  const countySouthM = GRID_ORIGIN_Y_M - rings * SUPERBLOCK_M;
  const countyEastM = GRID_ORIGIN_X_M + (rings + 1) * SUPERBLOCK_M;
  const countyNorthM = GRID_ORIGIN_Y_M + (rings + 1) * SUPERBLOCK_M;

  const majorNameX = (i: number) => MAJOR_NORTH_SOUTH[mod(i, MAJOR_NORTH_SOUTH.length)] ?? 'County Rd';
  const majorNameY = (j: number) => MAJOR_EAST_WEST[mod(j, MAJOR_EAST_WEST.length)] ?? 'County Rd';
  const minorNameX = (xM: number) => {
    const k = Math.round((xM - countyWestM) / 120);
    return `${MINOR_NORTH_SOUTH[mod(k, MINOR_NORTH_SOUTH.length)]} ${MINOR_NS_SUFFIXES[mod(Math.floor(k / MINOR_NORTH_SOUTH.length), MINOR_NS_SUFFIXES.length)]}`;
  };
  const minorNameY = (yM: number) => {
    const k = Math.round((yM - countySouthM) / 120);
    return `${MINOR_EAST_WEST[mod(k, MINOR_EAST_WEST.length)]} ${MINOR_EW_SUFFIXES[mod(Math.floor(k / MINOR_EAST_WEST.length), MINOR_EW_SUFFIXES.length)]}`;
  };

  // Major roads on every superblock edge, across the whole county.
  for (let i = -rings; i <= rings + 1; i += 1) {
    const x = GRID_ORIGIN_X_M + i * SUPERBLOCK_M;
    roads.push(road(majorNameX(i + rings), 'major', [x, countySouthM], [x, countyNorthM]));
  }
  for (let j = -rings; j <= rings + 1; j += 1) {
    const y = GRID_ORIGIN_Y_M + j * SUPERBLOCK_M;
    roads.push(road(majorNameY(j + rings), 'major', [countyWestM, y], [countyEastM, y]));
  }

  for (let j = -rings; j <= rings; j += 1) {
    for (let i = -rings; i <= rings; i += 1) {
      const ring = Math.max(Math.abs(i), Math.abs(j));
      const zone: Zone = ring <= 1 ? 'town' : ring <= 3 ? 'suburban' : 'rural';
      const layout = ZONE_LAYOUT[zone];
      const sx0 = GRID_ORIGIN_X_M + i * SUPERBLOCK_M;
      const sy0 = GRID_ORIGIN_Y_M + j * SUPERBLOCK_M;
      const blockW = SUPERBLOCK_M / layout.blockCols;
      const blockH = SUPERBLOCK_M / layout.blockRows;

      // Minor streets inside the superblock.
      for (let a = 1; a < layout.blockCols; a += 1) {
        const x = sx0 + a * blockW;
        roads.push(road(minorNameX(x), 'minor', [x, sy0], [x, sy0 + SUPERBLOCK_M]));
      }
      for (let b = 1; b < layout.blockRows; b += 1) {
        const y = sy0 + b * blockH;
        roads.push(road(minorNameY(y), 'minor', [sx0, y], [sx0 + SUPERBLOCK_M, y]));
      }

      let lotNumber = 0;
      for (let b = 0; b < layout.blockRows; b += 1) {
        for (let a = 0; a < layout.blockCols; a += 1) {
          const block: Rect = {
            x0: sx0 + a * blockW + (a === 0 ? MAJOR_HALF_WIDTH_M : MINOR_HALF_WIDTH_M),
            x1: sx0 + (a + 1) * blockW - (a === layout.blockCols - 1 ? MAJOR_HALF_WIDTH_M : MINOR_HALF_WIDTH_M),
            y0: sy0 + b * blockH + (b === 0 ? MAJOR_HALF_WIDTH_M : MINOR_HALF_WIDTH_M),
            y1: sy0 + (b + 1) * blockH - (b === layout.blockRows - 1 ? MAJOR_HALF_WIDTH_M : MINOR_HALF_WIDTH_M),
          };
          const southRoad = b === 0 ? majorNameY(j + rings) : minorNameY(sy0 + b * blockH);
          const northRoad = b === layout.blockRows - 1 ? majorNameY(j + 1 + rings) : minorNameY(sy0 + (b + 1) * blockH);
          const onMajorRoad = a === 0 || b === 0 || a === layout.blockCols - 1 || b === layout.blockRows - 1;

          const rowCount = random.int(layout.rows[0], layout.rows[1]);
          const rowEdges = splitEvenly(block.y0, block.y1, rowCount, 0.12, random);
          for (let row = 0; row < rowCount; row += 1) {
            const lotCount = random.int(layout.lotsPerRow[0], layout.lotsPerRow[1]);
            const lotEdges = mergeSome(splitEvenly(block.x0, block.x1, lotCount, 0.35, random), zone === 'town' ? 0.08 : 0, random);
            const frontage: Frontage = row === 0 ? { road: southRoad, northSide: true } : { road: northRoad, northSide: false };
            for (let k = 0; k + 1 < lotEdges.length; k += 1) {
              const rect: Rect = { x0: lotEdges[k]!, x1: lotEdges[k + 1]!, y0: rowEdges[row]!, y1: rowEdges[row + 1]! };
              parcels.push(
                makeParcel({
                  pin: pinFor(i + rings, j + rings, lotNumber),
                  rect,
                  zone,
                  onMajorRoad,
                  frontage,
                  countyWestM,
                  random,
                }),
              );
              lotNumber += 1;
            }
          }
        }
      }
    }
  }
  return { parcels, roads };
}

function makeParcel(input: {
  pin: string;
  rect: Rect;
  zone: Zone;
  onMajorRoad: boolean;
  frontage: Frontage;
  countyWestM: number;
  random: Prng;
}): DemoParcel {
  const { rect, zone, random } = input;
  const geometry = rectanglePolygon(rect);
  const taxacres = areaAcres(geometry);
  const centreX = (rect.x0 + rect.x1) / 2;
  const centreY = (rect.y0 + rect.y1) / 2;

  const owner = ownerName(random);
  // House numbers grow eastwards, 10 per 50 m; even on the north side of the road.
  const base = Math.max(1, Math.round((centreX - input.countyWestM) / 5));
  const houseNumber = base * 2 + (input.frontage.northSide ? 0 : 1);
  const add1 = `${houseNumber} ${input.frontage.road.toUpperCase()}`;

  const place = placeFor(centreX, centreY, zone);
  const zoningChoices = zone === 'town' && input.onMajorRoad && random.chance(0.5) ? ZONING.frontage : ZONING[zone];
  let zoning = random.pick(zoningChoices);
  if (random.chance(0.05)) zoning = `${zoning}-CZ`;

  const sale = saleFor(taxacres, zone, zoning, random);
  return {
    pin: input.pin,
    owner,
    name: owner,
    add1,
    add2: random.chance(0.04) ? `UNIT ${random.int(1, 12)}` : null,
    city: place.city,
    state: 'NC',
    zip: place.zip,
    taxacres,
    township: place.township,
    zoning,
    sale_date: sale.date,
    sales_price: sale.price,
    geometry,
  };
}

function ownerName(random: Prng): string {
  if (random.chance(0.07)) return `${random.pick(COMPANY_WORDS)} ${random.pick(COMPANY_KINDS)}`;
  const middle = String.fromCharCode(65 + random.int(0, 25));
  const owner = `${random.pick(SURNAMES)} ${random.pick(FIRST_NAMES)} ${middle}`;
  return random.chance(0.12) ? `${owner} & ${random.pick(FIRST_NAMES)}` : owner;
}

/** Mooresville south of the centre, Troutman north of it, Statesville at the far north. */
function placeFor(xM: number, yM: number, zone: Zone): { city: string; zip: string; township: string } {
  if (yM >= 3 * SUPERBLOCK_M && zone === 'rural') return { city: 'STATESVILLE', zip: '28677', township: 'STATESVILLE' };
  if (yM >= 0) return { city: 'TROUTMAN', zip: '28166', township: xM >= 0 ? 'FALLSTOWN' : 'BARRINGER' };
  return { city: 'MOORESVILLE', zip: xM >= 0 ? '28117' : '28115', township: xM >= 0 ? 'CODDLE CREEK' : 'DAVIDSON' };
}

function saleFor(acres: number, zone: Zone, zoning: string, random: Prng): { date: string | null; price: number | null } {
  if (random.chance(0.08)) return { date: null, price: null };
  const year = random.int(1985, 2025);
  const month = year === 2025 ? random.int(1, 6) : random.int(1, 12);
  const day = random.int(1, 28);
  const date = `${year}-${pad(month, 2)}-${pad(day, 2)}`;
  if (random.chance(0.06)) return { date, price: null }; // deed transfers without consideration
  const perAcre2025 = zone === 'town' ? 450_000 : zone === 'suburban' ? 90_000 : 18_000;
  const commercial = /^(G-B|H-B|N-B|O-I|M-)/.test(zoning) ? 1.6 : 1;
  const building = zone === 'rural' ? random.int(0, 250_000) : random.int(120_000, 420_000);
  const inflation = Math.pow(1.045, year - 2025);
  const raw = (acres * perAcre2025 * commercial + building) * inflation * (0.8 + random.next() * 0.4);
  return { date, price: Math.max(500, Math.round(raw / 500) * 500) };
}

/** 10-digit NC-style map number: 46, superblock row and column, lot within the superblock. */
function pinFor(column: number, row: number, lot: number): string {
  return `46${pad(row, 2)}${pad(column, 2)}${pad(lot, 4)}`;
}

/** Cuts [from, to] into `count` parts whose sizes vary by ±jitter around the mean. */
function splitEvenly(from: number, to: number, count: number, jitter: number, random: Prng): number[] {
  const weights = Array.from({ length: count }, () => 1 + jitter * (random.next() * 2 - 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const edges = [from];
  let acc = 0;
  for (const weight of weights) {
    acc += weight;
    edges.push(from + ((to - from) * acc) / total);
  }
  edges[edges.length - 1] = to;
  return edges;
}

/** Drops inner edges at random, so that some neighbours form one wider lot. */
function mergeSome(edges: number[], probability: number, random: Prng): number[] {
  if (probability <= 0) return edges;
  return edges.filter((_, index) => index === 0 || index === edges.length - 1 || !random.chance(probability));
}

function toLngLat(xM: number, yM: number): [number, number] {
  return [
    round(DEMO_CENTRE.lng + xM / METRES_PER_DEGREE_LON, 7),
    round(DEMO_CENTRE.lat + yM / METRES_PER_DEGREE_LAT, 7),
  ];
}

/** Counter-clockwise exterior ring (RFC 7946). Shared edges round to identical coordinates. */
function rectanglePolygon(rect: Rect): Polygon {
  const sw = toLngLat(rect.x0, rect.y0);
  const se = toLngLat(rect.x1, rect.y0);
  const ne = toLngLat(rect.x1, rect.y1);
  const nw = toLngLat(rect.x0, rect.y1);
  return { type: 'Polygon', coordinates: [[sw, se, ne, nw, sw]] };
}

function road(name: string, kind: 'major' | 'minor', from: [number, number], to: [number, number]): DemoRoad {
  return { name, kind, geometry: { type: 'LineString', coordinates: [toLngLat(...from), toLngLat(...to)] } };
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function mod(value: number, modulus: number): number {
  return ((value % modulus) + modulus) % modulus;
}
