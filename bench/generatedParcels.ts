// A synthetic county for the import benchmark: `count` lots on a grid of irregular quadrilaterals
// (corners jittered inside each cell, a gap between cells so lots never touch), written as one
// GeoJSON FeatureCollection (or GeoJSONSeq) with the importer's own field names. Deterministic (fixed
// seed). Each lot's record is a function of its index alone (generatedLot), so a benchmark can ask
// for a lot it did not read: owners from the demo county's names (a few companies, trusts and estates),
// a site address unique in its town (house number, street, town, ZIP code), an owner's mailing address
// (some elsewhere in the state, some out of it), acres, zoning, sale date and price, and a land use.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { COMPANY_KINDS, COMPANY_WORDS, FIRST_NAMES, RURAL_ROADS, SURNAMES, TOWN_STREETS } from '../county-data/src/demo/demoNames.ts';

const CELL_LON = 0.0004;
const CELL_LAT = 0.0003;
const ORIGIN = { lon: -81.0, lat: 35.5 };

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** How the features are written: a GeoJSON FeatureCollection, or GeoJSONSeq (one feature a line). */
export type GeneratedFormat = 'geojson' | 'geojsonseq';

/**
 * `origin`: the south-west corner of the grid (by default inside the demo county's extent). Written as
 * it is generated, so millions of lots take no more memory than one.
 */
export async function writeGeneratedParcels(file: string, count: number, origin: { lon: number; lat: number } = ORIGIN, format: GeneratedFormat = 'geojson'): Promise<void> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const next = random(7);
  const columns = gridColumns(count);
  await write(format === 'geojson' ? '{"type":"FeatureCollection","features":[\n' : '');
  for (let i = 0; i < count; i++) {
    const { west, south } = lotCorner(i, columns, origin);
    // Each corner moves within the inner 10–30 % band of its cell corner: convex, never crossing.
    const inset = (size: number) => size * (0.1 + 0.2 * next());
    const ring = [
      [west + inset(CELL_LON), south + inset(CELL_LAT)],
      [west + CELL_LON - inset(CELL_LON), south + inset(CELL_LAT)],
      [west + CELL_LON - inset(CELL_LON), south + CELL_LAT - inset(CELL_LAT)],
      [west + inset(CELL_LON), south + CELL_LAT - inset(CELL_LAT)],
    ].map(([lon, lat]) => [Math.round(lon! * 1e7) / 1e7, Math.round(lat! * 1e7) / 1e7]);
    const feature = {
      type: 'Feature',
      properties: {
        PIN: generatedPin(i),
        ...recordOf(generatedLot(i, count)),
      },
      geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] },
    };
    const separator = format === 'geojson' && i < count - 1 ? ',' : '';
    await write(`${JSON.stringify(feature)}${separator}\n`);
  }
  await write(format === 'geojson' ? ']}\n' : '');
  out.end();
  await finished(out);
}

/** Lots per row of the grid: a county a little wider than high. */
const gridColumns = (count: number) => Math.ceil(Math.sqrt(count * 1.6));

/** The south-west corner of lot `i`'s cell (0-based) in a grid of `columns` lots a row from `origin`. */
function lotCorner(i: number, columns: number, origin: { lon: number; lat: number }): { west: number; south: number } {
  return { west: origin.lon + (i % columns) * CELL_LON, south: origin.lat + Math.floor(i / columns) * CELL_LAT };
}

/** The centre of lot `i`'s cell (0-based) in a county of `count` lots whose south-west corner is `origin`. */
export function generatedLotCentre(i: number, count: number, origin: { lon: number; lat: number }): { lon: number; lat: number } {
  const { west, south } = lotCorner(i, gridColumns(count), origin);
  return { lon: west + CELL_LON / 2, lat: south + CELL_LAT / 2 };
}

/** What a lot holds, as a number: files kept between runs (the scale bench's) are named by it, so a change here makes them anew. */
export const GENERATED_LOTS_VERSION = 2;

/** The PIN of lot `i` (0-based). */
export const generatedPin = (i: number) => `G${String(i + 1).padStart(9, '0')}`;

/** The county's towns and their ZIP codes (Iredell's). */
const GENERATED_TOWNS = [
  { city: 'MOORESVILLE', zip: '28115' }, { city: 'STATESVILLE', zip: '28677' }, { city: 'TROUTMAN', zip: '28166' },
  { city: 'HARMONY', zip: '28634' }, { city: 'UNION GROVE', zip: '28689' }, { city: 'STONY POINT', zip: '28678' },
  { city: 'OLIN', zip: '28660' }, { city: 'MOUNT ULLA', zip: '28125' }, { city: 'CLEVELAND', zip: '27013' }, { city: 'TURNERSBURG', zip: '28688' },
] as const;
const STREET_NAMES = [...TOWN_STREETS, ...RURAL_ROADS].map((name) => name.toUpperCase());
const STREET_TYPES = ['ST', 'RD', 'LN', 'DR', 'CT'];
/** Lots per house number: every (town, street) pair once. */
const ADDRESS_SLOTS = GENERATED_TOWNS.length * STREET_NAMES.length * STREET_TYPES.length;

/**
 * Owners and streets no other lot has, each on one lot spread over the county (rareLotIndex): the
 * rare names a county has, which a search with a typo must still find (issue #42's examples). Their
 * surnames are left out of every other lot's owner.
 */
export const RARE_LOTS = [
  { owner: 'REID STEVEN', street: 'SADDLE LN' },
  { owner: 'PRESSLY CHARLES', street: 'KILLIAN FARM RD' },
  { owner: 'BROTHERTON MARGARET', street: 'BARKLEY CT' },
  { owner: 'STIKELEATHER DONALD', street: 'SHERRILL MILL RD' },
  { owner: 'HOLSHOUSER ASHLEY', street: 'LIPPARD DAIRY RD' },
  { owner: 'YOUNT TIMOTHY', street: 'WASHAM POND LN' },
] as const;
const RARE_SURNAMES = new Set(RARE_LOTS.map((lot) => lot.owner.split(' ')[0]!));
const COMMON_SURNAMES = SURNAMES.filter((name) => !RARE_SURNAMES.has(name));

/** Where the rare lot `k` lies in a county of `count` lots. */
export const rareLotIndex = (k: number, count: number) => Math.floor(((k + 0.5) / RARE_LOTS.length) * count);

const GENERATED_ZONING = ['R-20', 'R-20', 'R-20', 'RA', 'RA', 'R-8', 'RMH', 'CB', 'HB', 'GB', 'M-1', 'RU'] as const;
const GENERATED_LAND_USES = ['RESIDENTIAL', 'RESIDENTIAL', 'RESIDENTIAL', 'AGRICULTURAL', 'VACANT', 'COMMERCIAL', 'INDUSTRIAL', 'EXEMPT'] as const;
/** Owners who live elsewhere: in the state first, then out of it. */
const ELSEWHERE = [
  { city: 'CHARLOTTE', state: 'NC', zip: '28202' }, { city: 'RALEIGH', state: 'NC', zip: '27601' },
  { city: 'ATLANTA', state: 'GA', zip: '30303' }, { city: 'NAPLES', state: 'FL', zip: '34102' }, { city: 'NEW YORK', state: 'NY', zip: '10001' },
];

interface GeneratedLot {
  owner: string;
  /** House number and street, as the county writes them ("132 SADDLE LN"). */
  number: number;
  street: string;
  city: string;
  zip: string;
  acres: number;
  zoning: string;
  saleDate: string;
  salePrice: number;
  landUse: string;
  mail: { add1: string; city: string; state: string; zip: string };
}

/** A number in [0, 1) of lot `i` and `salt` (a 32-bit hash): each attribute its own, independent of the others. */
function unit(i: number, salt: number): number {
  let h = Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca77);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}
const pick = <T>(list: readonly T[], i: number, salt: number): T => list[Math.floor(unit(i, salt) * list.length)]!;

/** Lot `i` of a county of `count` lots. */
export function generatedLot(i: number, count: number): GeneratedLot {
  // The slot's town and street change fastest, so a (number, street, town) is the lot's alone.
  const town = GENERATED_TOWNS[i % GENERATED_TOWNS.length]!;
  const street = `${STREET_NAMES[Math.floor(i / GENERATED_TOWNS.length) % STREET_NAMES.length]} ${STREET_TYPES[Math.floor(i / (GENERATED_TOWNS.length * STREET_NAMES.length)) % STREET_TYPES.length]}`;
  const number = Math.floor(i / ADDRESS_SLOTS) + 1;
  const rare = RARE_LOTS.find((_, k) => rareLotIndex(k, count) === i);
  const surname = pick(COMMON_SURNAMES, i, 1);
  const kind = unit(i, 2);
  const owner = rare?.owner
    ?? (kind < 0.08 ? `${pick(COMPANY_WORDS, i, 3)} ${pick(COMPANY_KINDS, i, 4)}`
      : kind < 0.1 ? `${surname} ${pick(FIRST_NAMES, i, 5)} ESTATE`
      : `${surname} ${pick(FIRST_NAMES, i, 5)} ${String.fromCharCode(65 + Math.floor(unit(i, 6) * 26))}`);
  const away = unit(i, 7);
  const mail = away < 0.8 ? { add1: `${number} ${rare?.street ?? street}`, city: town.city, state: 'NC', zip: town.zip } : { add1: `PO BOX ${1 + Math.floor(unit(i, 8) * 9999)}`, ...ELSEWHERE[Math.floor(((away - 0.8) / 0.2) * ELSEWHERE.length)]! };
  const saleDay = Math.floor(unit(i, 9) * 35 * 365);
  return {
    owner,
    number,
    street: rare?.street ?? street,
    city: town.city,
    zip: town.zip,
    // Most lots under an acre or two, a few farms of tens.
    acres: Math.round(Math.exp(unit(i, 10) * 5 - 2.5) * 100) / 100,
    zoning: pick(GENERATED_ZONING, i, 11),
    saleDate: new Date(Date.UTC(1990, 0, 1) + saleDay * 86_400_000).toISOString().slice(0, 10),
    salePrice: 20_000 + Math.floor(unit(i, 12) * 980) * 1000,
    landUse: pick(GENERATED_LAND_USES, i, 13),
    mail,
  };
}

/** A lot's record in the importer's own field names; LANDUSE is kept as an attribute of its own. */
function recordOf(lot: GeneratedLot) {
  return {
    owner: lot.owner,
    ADD1: `${lot.number} ${lot.street}`,
    CITY: lot.city,
    STATE: 'NC',
    ZIP: lot.zip,
    TaxAcres: lot.acres,
    zoning: lot.zoning,
    sale_date: lot.saleDate,
    sales_price: lot.salePrice,
    mail_add1: lot.mail.add1,
    mail_city: lot.mail.city,
    mail_state: lot.mail.state,
    mail_zip: lot.mail.zip,
    LANDUSE: lot.landUse,
  };
}
