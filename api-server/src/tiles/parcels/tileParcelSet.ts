// Parcels as tile builds read them: outlines already projected to Web Mercator (the unit square, y
// down) in a few flat typed arrays instead of GeoJSON's nested arrays, and what a tile shows of each
// parcel as UTF-8 text in one buffer rather than an object and five strings on the heap. A whole state
// then lives mostly outside V8's heap (300,000 parcels as objects held ~630 bytes of heap each: 3 GB
// for 5,000,000, near the heap's limit), cheap for the garbage collector, and no build projects a
// vertex again; a build decodes only its own parcels' texts.
import type { Position } from 'geojson';
import { concatenated, GrowableArray, GrowableText } from '../kit/growableArray.ts';
import type { ParcelKind } from '@parcel-map/shared/contracts';
import type { ParcelTileRow } from './parcelTilesRepository.ts';

/** What a tile shows of a parcel besides its outline. */
type TileParcelAttributes = Omit<ParcelTileRow, 'geometry'>;

export interface TileParcelSet {
  readonly size: number;
  /** Parcel p's attributes, decoded anew by each call (a tile build reads the arrays below instead). */
  attributesOf(p: number): TileParcelAttributes;
  readonly fids: Float64Array;
  /** Tax acres; NaN for none. */
  readonly acres: Float64Array;
  /** The texts, UTF-8: parcel p's field t (TEXT_FIELD) ends at textEnds[p * TEXT_FIELDS + t] and starts where the one before it ends. */
  readonly text: Uint8Array;
  readonly textEnds: Uint32Array;
  /** Bit t set where parcel p's field t is null. */
  readonly nullTexts: Uint8Array;
  /** x, y pairs of every ring's vertices, in the unit square. */
  readonly coords: Float64Array;
  /** Ring r's vertices are pairs ringStarts[r] to ringStarts[r + 1] - 1. */
  readonly ringStarts: Uint32Array;
  /** 1 where the ring is a polygon's outer ring, 0 for its holes. */
  readonly outerRings: Uint8Array;
  /** Parcel p's rings are parcelRings[p] to parcelRings[p + 1] - 1. */
  readonly parcelRings: Uint32Array;
}

/** Web Mercator to the unit square, as geojson-vt and Mapbox project. */
function projectToUnitSquare(lon: number, lat: number): [number, number] {
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  return [lon / 360 + 0.5, Math.min(1, Math.max(0, y))];
}

/** The text attributes, in the order each parcel's are stored; a parcel's kind is stored as null (most features are parcels). */
const TEXTS = ['pin', 'owner', 'name', 'add1', 'city', 'kind'] as const;
/** Each text attribute's place among a parcel's texts. */
export const TEXT_FIELD = Object.fromEntries(TEXTS.map((field, t) => [field, t])) as { readonly [F in (typeof TEXTS)[number]]: number };
export const TEXT_FIELDS = TEXTS.length;

/** Whether parcel p's text t is null. */
export function isNullText(nullTexts: Uint8Array, p: number, t: number): boolean {
  return (nullTexts[p]! & (1 << t)) !== 0;
}

/** Where parcel p's text t starts in the set's text: where the one before it ends. */
export function textStart(textEnds: Uint32Array, p: number, t: number): number {
  const i = p * TEXT_FIELDS + t;
  return i === 0 ? 0 : textEnds[i - 1]!;
}

export class TileParcelSetBuilder {
  #size = 0;
  readonly #fids = new GrowableArray(Float64Array);
  /** NaN for none. */
  readonly #acres = new GrowableArray(Float64Array);
  readonly #text = new GrowableText();
  /** Where parcel p's TEXTS[t] ends in #text: textEnds[p * TEXTS.length + t]. */
  readonly #textEnds = new GrowableArray(Uint32Array);
  /** Bit t set where parcel p's TEXTS[t] is null. */
  readonly #nullTexts = new GrowableArray(Uint8Array);
  readonly #coords = new GrowableArray(Float64Array);
  readonly #ringStarts = new GrowableArray(Uint32Array);
  readonly #outerRings = new GrowableArray(Uint8Array);
  readonly #parcelRings = new GrowableArray(Uint32Array);

  get size(): number {
    return this.#size;
  }

  /** Adds a parcel; its index in the set is the number added before it. Other geometry types get no rings. */
  add(parcel: ParcelTileRow): void {
    const { geometry } = parcel;
    this.#size += 1;
    this.#fids.push(parcel.fid);
    this.#acres.push(parcel.taxacres ?? Number.NaN);
    let nulls = 0;
    TEXTS.forEach((field, t) => {
      const value = field === 'kind' && parcel.kind === 'parcel' ? null : parcel[field];
      if (value === null) nulls |= 1 << t;
      this.#textEnds.push(this.#text.append(value ?? ''));
    });
    this.#nullTexts.push(nulls);
    this.#parcelRings.push(this.#outerRings.length);
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
    for (const polygon of polygons) polygon.forEach((ring, i) => this.#addRing(ring, i === 0));
  }

  #addRing(ring: Position[], outer: boolean): void {
    this.#ringStarts.push(this.#coords.length / 2);
    this.#outerRings.push(outer ? 1 : 0);
    for (const [lon, lat] of ring) {
      const [x, y] = projectToUnitSquare(lon!, lat!);
      this.#coords.push(x);
      this.#coords.push(y);
    }
  }

  /** The parcels added, as plain typed arrays (what a worker thread hands over). */
  finishArrays(): TileParcelArrays {
    this.#ringStarts.push(this.#coords.length / 2);
    this.#parcelRings.push(this.#outerRings.length);
    return {
      size: this.#size,
      fids: this.#fids.finish(),
      acres: this.#acres.finish(),
      text: this.#text.finish(),
      textEnds: this.#textEnds.finish(),
      nullTexts: this.#nullTexts.finish(),
      coords: this.#coords.finish(),
      ringStarts: this.#ringStarts.finish(),
      outerRings: this.#outerRings.finish(),
      parcelRings: this.#parcelRings.finish(),
    };
  }

  finish(): TileParcelSet {
    return tileParcelSetOf(this.finishArrays());
  }
}

/** A TileParcelSet's contents: parcel p's texts end at textEnds[p * TEXT_FIELDS + t] in `text` (TEXTS' order). */
export interface TileParcelArrays {
  size: number;
  fids: Float64Array;
  /** NaN for none. */
  acres: Float64Array;
  text: Uint8Array;
  textEnds: Uint32Array;
  /** Bit t set where parcel p's TEXTS[t] is null. */
  nullTexts: Uint8Array;
  coords: Float64Array;
  /** One more than the rings: the last is the number of vertices. */
  ringStarts: Uint32Array;
  outerRings: Uint8Array;
  /** One more than the parcels: the last is the number of rings. */
  parcelRings: Uint32Array;
}

export function tileParcelSetOf(arrays: TileParcelArrays): TileParcelSet {
  const { fids, acres, textEnds, nullTexts } = arrays;
  const text = Buffer.from(arrays.text.buffer, arrays.text.byteOffset, arrays.text.byteLength);
  const textOf = (p: number, t: number): string | null => {
    if (isNullText(nullTexts, p, t)) return null;
    return text.toString('utf8', textStart(textEnds, p, t), textEnds[p * TEXT_FIELDS + t]);
  };
  return {
    size: arrays.size,
    attributesOf: (p) => ({
      fid: fids[p]!,
      pin: textOf(p, 0)!,
      owner: textOf(p, 1),
      name: textOf(p, 2),
      add1: textOf(p, 3),
      city: textOf(p, 4),
      taxacres: Number.isNaN(acres[p]) ? null : acres[p]!,
      kind: (textOf(p, 5) ?? 'parcel') as ParcelKind,
    }),
    fids,
    acres,
    text: arrays.text,
    textEnds,
    nullTexts,
    coords: arrays.coords,
    ringStarts: arrays.ringStarts,
    outerRings: arrays.outerRings,
    parcelRings: arrays.parcelRings,
  };
}

/** The parcels of `parts`, one after another, as one set's arrays. */
export function concatTileParcelArrays(parts: readonly TileParcelArrays[]): TileParcelArrays {
  if (parts.length === 1) return parts[0]!;
  const sum = (length: (part: TileParcelArrays) => number) => parts.reduce((total, part) => total + length(part), 0);
  const rings = sum((part) => part.outerRings.length);
  const joined: TileParcelArrays = {
    size: sum((part) => part.size),
    fids: concatenated(parts.map((part) => part.fids), Float64Array),
    acres: concatenated(parts.map((part) => part.acres), Float64Array),
    text: concatenated(parts.map((part) => part.text), Uint8Array),
    textEnds: new Uint32Array(sum((part) => part.textEnds.length)),
    nullTexts: concatenated(parts.map((part) => part.nullTexts), Uint8Array),
    coords: concatenated(parts.map((part) => part.coords), Float64Array),
    ringStarts: new Uint32Array(rings + 1),
    outerRings: concatenated(parts.map((part) => part.outerRings), Uint8Array),
    parcelRings: new Uint32Array(sum((part) => part.size) + 1),
  };
  // The offsets into the joined arrays go on from the parts before.
  let parcels = 0;
  let textBytes = 0;
  let ringsBefore = 0;
  let verticesBefore = 0;
  for (const part of parts) {
    addInto(joined.textEnds, parcels * TEXTS.length, part.textEnds, textBytes);
    // Each part's last offset is its end, which the next part's first offset repeats.
    addInto(joined.ringStarts, ringsBefore, part.ringStarts, verticesBefore);
    addInto(joined.parcelRings, parcels, part.parcelRings, ringsBefore);
    parcels += part.size;
    textBytes += part.text.length;
    ringsBefore += part.outerRings.length;
    verticesBefore += part.coords.length / 2;
  }
  return joined;
}

/** target[at + i] = values[i] + offset. */
function addInto(target: Uint32Array, at: number, values: Uint32Array, offset: number): void {
  for (let i = 0; i < values.length; i++) target[at + i] = values[i]! + offset;
}

export function toTileParcelSet(rows: Iterable<ParcelTileRow>): TileParcelSet {
  const builder = new TileParcelSetBuilder();
  for (const row of rows) builder.add(row);
  return builder.finish();
}
