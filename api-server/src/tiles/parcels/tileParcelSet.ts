// Parcels as tile builds read them: outlines already projected to Web Mercator (the unit square, y
// down) in a few flat typed arrays instead of GeoJSON's nested arrays, and what a tile shows of each
// parcel as UTF-8 text in one buffer rather than an object and five strings on the heap. A whole state
// then lives mostly outside V8's heap (300,000 parcels as objects held ~630 bytes of heap each: 3 GB
// for 5,000,000, near the heap's limit), cheap for the garbage collector, and no build projects a
// vertex again; a build decodes only its own parcels' texts.
import type { Position } from 'geojson';
import { GrowableArray, GrowableText } from '../kit/growableArray.ts';
import type { ParcelTileRow } from './parcelTilesRepository.ts';

/** What a tile shows of a parcel besides its outline. */
export type TileParcelAttributes = Omit<ParcelTileRow, 'geometry'>;

export interface TileParcelSet {
  readonly size: number;
  /** Parcel p's attributes, decoded anew by each call. */
  attributesOf(p: number): TileParcelAttributes;
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
export function projectToUnitSquare(lon: number, lat: number): [number, number] {
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  return [lon / 360 + 0.5, Math.min(1, Math.max(0, y))];
}

/** The text attributes, in the order each parcel's are stored. */
const TEXTS = ['pin', 'owner', 'name', 'add1', 'city'] as const;

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
      const value = parcel[field];
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

  finish(): TileParcelSet {
    this.#ringStarts.push(this.#coords.length / 2);
    this.#parcelRings.push(this.#outerRings.length);
    const fids = this.#fids.finish();
    const acres = this.#acres.finish();
    const text = this.#text.finish();
    const textEnds = this.#textEnds.finish();
    const nullTexts = this.#nullTexts.finish();
    const textOf = (p: number, t: number): string | null => {
      if ((nullTexts[p]! & (1 << t)) !== 0) return null;
      const i = p * TEXTS.length + t;
      return text.toString('utf8', i === 0 ? 0 : textEnds[i - 1], textEnds[i]);
    };
    return {
      size: this.#size,
      attributesOf: (p) => ({
        fid: fids[p]!,
        pin: textOf(p, 0)!,
        owner: textOf(p, 1),
        name: textOf(p, 2),
        add1: textOf(p, 3),
        city: textOf(p, 4),
        taxacres: Number.isNaN(acres[p]) ? null : acres[p]!,
      }),
      coords: this.#coords.finish(),
      ringStarts: this.#ringStarts.finish(),
      outerRings: this.#outerRings.finish(),
      parcelRings: this.#parcelRings.finish(),
    };
  }
}

export function toTileParcelSet(rows: Iterable<ParcelTileRow>): TileParcelSet {
  const builder = new TileParcelSetBuilder();
  for (const row of rows) builder.add(row);
  return builder.finish();
}
