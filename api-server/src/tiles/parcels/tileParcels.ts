// The parcels a cold tile build needs, from memory: the current data version's tile rows are read once
// (page by page, so other queries interleave on PGlite's single session; on PostgreSQL in worker
// threads, a range of PINs each) and indexed by the same
// bounding boxes findForTile filters on with a flatbush R-tree. A build then needs no database
// round trip: on PGlite the tile query and its JSON hand-over were ~40% of a z14 build. Until a
// version is in memory (the first seconds after a start or an import) its tiles are read from the
// database, so a new data set is served at once.
import { availableParallelism } from 'node:os';
import Flatbush from 'flatbush';
import type { LonLatBox } from '../kit/tileMath.ts';
import type { ParcelTileRow, PinRange } from './parcelTilesRepository.ts';
import { ALL_PINS, pinRangesBetween, readTileParcelPart, type TileParcelPageSource, type TileParcelPart } from './tileParcelPages.ts';
import { createNewestLoad } from './newestLoad.ts';
import { tileParcelSetOf, toTileParcelSet, type TileParcelSet } from './tileParcelSet.ts';

/** Small pages on PGlite's one session, so the tiles and details asked for meanwhile are not kept waiting. */
const PAGE_SIZE = 1000;
/** One per core: parsing and packing the rows is the work (the database's share runs beside it). */
const WORKER_THREADS = Math.min(4, availableParallelism());
// PostgreSQL's geometric operators compare with this tolerance (EPSILON in geo_decls.h): `&&` also
// matches boxes this close to touching, so the index is searched with the box grown by it.
const PG_GEOMETRY_EPSILON = 1e-6;

interface TileParcelSource extends TileParcelPageSource {
  findForTile(box: LonLatBox, minSize: number): Promise<ParcelTileRow[]>;
  findPinSplits(parts: number): Promise<string[]>;
}

export interface TileParcelsDeps {
  parcels: TileParcelSource;
  /** The data version in the database now: a load that saw it change is thrown away. */
  readVersion: () => Promise<number>;
  /** Reads the ranges on other threads and joins them (tileParcelsInWorkers.ts); without it, every page is read on this one. */
  readInWorkers?: (ranges: readonly PinRange[]) => Promise<TileParcelPart>;
}

/** A tile's parcels: the set's parcels at `indices`, in findForTile's order. */
interface TileParcelSelection {
  parcels: TileParcelSet;
  indices: ArrayLike<number> & Iterable<number>;
}

export interface TileParcels {
  /** findForTile's parcels (the same ones, in the same order) for `version`, the current data version. */
  findForTile(version: number, box: LonLatBox, minSize: number): Promise<TileParcelSelection>;
  /** Resolves once `version` is in memory, or rejects if it is no longer current. */
  load(version: number): Promise<void>;
  /** The data version whose parcels are in memory, if any. */
  loadedVersion(): number | undefined;
  /**
   * The box findForTile finds `version`'s parcels in (their bounding boxes' union, grown as its search
   * is), if it is in memory and has parcels: a tile outside it has none.
   */
  extent(version: number): LonLatBox | undefined;
  /** A vertex of the middle parcel (in PIN order) of `version` (Web Mercator, the unit square), if it is in memory and has parcels. */
  parcelPosition(version: number): { x: number; y: number } | undefined;
}

interface Snapshot {
  version: number;
  parcels: TileParcelSet;
  /** west, south, east, north of each parcel, as findForTile filters on them. */
  boxes: Float64Array;
  index: Flatbush;
}

export function createTileParcels(deps: TileParcelsDeps): TileParcels {
  async function readSnapshot(version: number): Promise<Snapshot> {
    const { arrays, boxes } = deps.readInWorkers
      ? await deps.readInWorkers(pinRangesBetween(await deps.parcels.findPinSplits(WORKER_THREADS)))
      : await readTileParcelPart(deps.parcels, ALL_PINS, PAGE_SIZE);
    // Pages read across an import would mix two data sets; the import changes the version in the
    // same transaction, so an unchanged version means every page was of `version`.
    if ((await deps.readVersion()) !== version) throw new Error(`data version ${version} changed while it was loaded`);
    const index = new Flatbush(Math.max(1, arrays.size));
    for (let i = 0; i < boxes.length; i += 4) index.add(boxes[i]!, boxes[i + 1]!, boxes[i + 2]!, boxes[i + 3]!);
    if (arrays.size === 0) index.add(0, 0, 0, 0); // flatbush needs one item; never returned (no parcel)
    index.finish();
    return { version, parcels: tileParcelSetOf(arrays), boxes, index };
  }

  const snapshots = createNewestLoad(readSnapshot);

  return {
    async findForTile(version, box, minSize) {
      const snapshot = snapshots.of(version);
      if (!snapshot) {
        // A failed load is tried again by the next build; meanwhile the database answers (and any
        // failure of the database itself surfaces there).
        snapshots.load(version).catch(() => undefined);
        const rows = await deps.parcels.findForTile(box, minSize);
        return { parcels: toTileParcelSet(rows), indices: rows.map((_, i) => i) };
      }
      const { parcels, boxes, index } = snapshot;
      const indices = index.search(
        box.west - PG_GEOMETRY_EPSILON,
        box.south - PG_GEOMETRY_EPSILON,
        box.east + PG_GEOMETRY_EPSILON,
        box.north + PG_GEOMETRY_EPSILON,
        (i) => i < parcels.size && isLargeEnough(boxes, i, minSize),
      );
      // Parcels are in pin order, as the query's ORDER BY returns them (the tile's feature order).
      return { parcels, indices: Uint32Array.from(indices).sort() };
    },
    load: snapshots.load,
    loadedVersion: snapshots.loadedVersion,
    extent(version) {
      const snapshot = snapshots.of(version);
      if (!snapshot || snapshot.parcels.size === 0) return undefined;
      const { minX, minY, maxX, maxY } = snapshot.index;
      return { west: minX - PG_GEOMETRY_EPSILON, south: minY - PG_GEOMETRY_EPSILON, east: maxX + PG_GEOMETRY_EPSILON, north: maxY + PG_GEOMETRY_EPSILON };
    },
    parcelPosition(version) {
      const snapshot = snapshots.of(version);
      if (!snapshot || snapshot.parcels.coords.length === 0) return undefined;
      const { coords, ringStarts, parcelRings, size } = snapshot.parcels;
      // The first parcel with a ring from the middle on (a parcel without an outline has none).
      let p = Math.floor(size / 2);
      while (parcelRings[p] === parcelRings[p + 1]) p = (p + 1) % size;
      const vertex = ringStarts[parcelRings[p]!]!;
      return { x: coords[2 * vertex]!, y: coords[2 * vertex + 1]! };
    },
  };
}

/** findForTile's size filter: parcel i is at least `minSize` degrees wide or high (0: every parcel). */
function isLargeEnough(boxes: Float64Array, i: number, minSize: number): boolean {
  return minSize === 0 || boxes[4 * i + 2]! - boxes[4 * i]! >= minSize || boxes[4 * i + 3]! - boxes[4 * i + 1]! >= minSize;
}
