// Reads a range of the current parcels, by PIN, page by page into a tile parcel set's arrays
// (tileParcelSet.ts) and the bounding boxes findForTile filters on: on the API's own thread (PGlite,
// one session) or in worker threads, a range each (PostgreSQL, tileParcelsInWorkers.ts).
import { setImmediate as nextTurn } from 'node:timers/promises';
import { concatenated, GrowableArray } from '../kit/growableArray.ts';
import type { Geometry } from 'geojson';
import type { ParcelTileRow, PinRange } from './parcelTilesRepository.ts';
import { concatTileParcelArrays, TileParcelSetBuilder, type TileParcelArrays } from './tileParcelSet.ts';

export const ALL_PINS: PinRange = { after: null, through: null };

export interface TileParcelPageSource {
  /** Up to `limit` parcels of the range in PIN order. */
  findTilePage(range: PinRange, limit: number): Promise<ParcelTileRow[]>;
}

/** Parcels in PIN order and, for each, its west, south, east and north edges. */
export interface TileParcelPart {
  arrays: TileParcelArrays;
  boxes: Float64Array;
}

/** Ranges one after another covering every PIN, cut at `splits` (ascending). */
export function pinRangesBetween(splits: readonly string[]): PinRange[] {
  return [null, ...splits].map((after, i) => ({ after, through: splits[i] ?? null }));
}

export async function readTileParcelPart(source: TileParcelPageSource, range: PinRange, pageSize: number): Promise<TileParcelPart> {
  const builder = new TileParcelSetBuilder();
  const boxes = new GrowableArray(Float64Array);
  const add = (page: ParcelTileRow[]) => {
    for (const row of page) {
      builder.add(row);
      pushBox(boxes, row.geometry);
    }
  };
  for (let page = await source.findTilePage(range, pageSize); page.length > 0; ) {
    // The next page is asked for before this one is added: the database builds it (in its own
    // process, or PGlite's thread) while this thread parses and adds.
    const next = page.length < pageSize ? undefined : source.findTilePage({ ...range, after: page.at(-1)!.pin }, pageSize);
    next?.catch(() => undefined); // awaited below; a failure must not count as unhandled meanwhile
    add(page);
    if (!next) break;
    // Queries queued meanwhile (tiles, details) go first: without this turn PGlite handed the
    // session straight to the next page, and the first tiles after a start waited for every page.
    await nextTurn();
    page = await next;
  }
  return { arrays: builder.finishArrays(), boxes: boxes.finish() };
}

/**
 * The outline's west, south, east and north edges: every vertex's, as the importer derives the
 * parcel's bounding box (turf.bbox), so the same parcels match a tile as in the database.
 */
function pushBox(boxes: GrowableArray<Float64Array>, geometry: Geometry): void {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
  for (const polygon of polygons) {
    for (const ring of polygon) {
      for (const [lon, lat] of ring) {
        if (lon! < west) west = lon!;
        if (lon! > east) east = lon!;
        if (lat! < south) south = lat!;
        if (lat! > north) north = lat!;
      }
    }
  }
  boxes.push(west);
  boxes.push(south);
  boxes.push(east);
  boxes.push(north);
}

/** The buffers of a part's arrays, each owned by its array alone (GrowableArray and GrowableText finish into new ones): what moves between threads. */
export function tileParcelPartBuffers({ arrays, boxes }: TileParcelPart): ArrayBuffer[] {
  return [boxes, arrays.fids, arrays.acres, arrays.text, arrays.textEnds, arrays.nullTexts, arrays.coords, arrays.ringStarts, arrays.outerRings, arrays.parcelRings].map((array) => array.buffer as ArrayBuffer);
}

/** The parts' parcels one after another (the parts in PIN order, as pinRangesBetween cuts them). */
export function joinTileParcelParts(parts: readonly TileParcelPart[]): TileParcelPart {
  if (parts.length === 1) return parts[0]!;
  return { arrays: concatTileParcelArrays(parts.map((part) => part.arrays)), boxes: concatenated(parts.map((part) => part.boxes), Float64Array) };
}
