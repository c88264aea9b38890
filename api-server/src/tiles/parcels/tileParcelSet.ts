// Parcels as tile builds read them: outlines already projected to Web Mercator (the unit square, y
// down) in a few flat typed arrays instead of GeoJSON's nested arrays. A whole data set stays small
// and cheap for the garbage collector (the demo county's GeoJSON rows held ~260 MB of heap and made
// collections a large share of a build), and no build projects a vertex again.
import type { Position } from 'geojson';
import type { ParcelTileRow } from './parcelTilesRepository.ts';

/** What a tile shows of a parcel besides its outline. */
export type TileParcelAttributes = Omit<ParcelTileRow, 'geometry'>;

export interface TileParcelSet {
  readonly attributes: readonly TileParcelAttributes[];
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

export class TileParcelSetBuilder {
  readonly #attributes: TileParcelAttributes[] = [];
  readonly #coords: number[] = [];
  readonly #ringStarts: number[] = [];
  readonly #outerRings: number[] = [];
  readonly #parcelRings: number[] = [];

  get size(): number {
    return this.#attributes.length;
  }

  /** Adds a parcel; its index in the set is the number added before it. Other geometry types get no rings. */
  add({ geometry, ...attributes }: ParcelTileRow): void {
    this.#attributes.push(attributes);
    this.#parcelRings.push(this.#outerRings.length);
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
    for (const polygon of polygons) polygon.forEach((ring, i) => this.#addRing(ring, i === 0));
  }

  #addRing(ring: Position[], outer: boolean): void {
    this.#ringStarts.push(this.#coords.length / 2);
    this.#outerRings.push(outer ? 1 : 0);
    for (const [lon, lat] of ring) this.#coords.push(...projectToUnitSquare(lon!, lat!));
  }

  finish(): TileParcelSet {
    return {
      attributes: this.#attributes,
      coords: Float64Array.from(this.#coords),
      ringStarts: Uint32Array.from([...this.#ringStarts, this.#coords.length / 2]),
      outerRings: Uint8Array.from(this.#outerRings),
      parcelRings: Uint32Array.from([...this.#parcelRings, this.#outerRings.length]),
    };
  }
}

export function toTileParcelSet(rows: Iterable<ParcelTileRow>): TileParcelSet {
  const builder = new TileParcelSetBuilder();
  for (const row of rows) builder.add(row);
  return builder.finish();
}
