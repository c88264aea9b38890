// The parcels a cold tile build needs, from memory: the current data version's tile rows are read once
// (page by page, so other queries interleave on PGlite's single session) and indexed by the same
// bounding boxes findForTile filters on with a flatbush R-tree. A build then needs no database
// round trip: on PGlite the tile query and its JSON hand-over were ~40% of a z14 build. Until a
// version is in memory (the first seconds after a start or an import) its tiles are read from the
// database, so a new data set is served at once.
import { setImmediate as nextTurn } from 'node:timers/promises';
import Flatbush from 'flatbush';
import { GrowableArray } from '../kit/growableArray.ts';
import type { LonLatBox } from '../kit/tileMath.ts';
import type { ParcelTileBoxRow, ParcelTileRow } from './parcelTilesRepository.ts';
import { TileParcelSetBuilder, toTileParcelSet, type TileParcelSet } from './tileParcelSet.ts';

const PAGE_SIZE = 1000;
// PostgreSQL's geometric operators compare with this tolerance (EPSILON in geo_decls.h): `&&` also
// matches boxes this close to touching, so the index is searched with the box grown by it.
const PG_GEOMETRY_EPSILON = 1e-6;

export interface TileParcelSource {
  findForTile(box: LonLatBox, minSize: number): Promise<ParcelTileRow[]>;
  findTilePage(afterPin: string | null, limit: number): Promise<ParcelTileBoxRow[]>;
}

export interface TileParcelsDeps {
  parcels: TileParcelSource;
  /** The data version in the database now: a load that saw it change is thrown away. */
  readVersion: () => Promise<number>;
}

/** A tile's parcels: the set's parcels at `indices`, in findForTile's order. */
export interface TileParcelSelection {
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
}

interface Snapshot {
  version: number;
  parcels: TileParcelSet;
  /** west, south, east, north of each parcel, as findForTile filters on them. */
  boxes: Float64Array;
  index: Flatbush;
}

export function createTileParcels(deps: TileParcelsDeps): TileParcels {
  let snapshot: Snapshot | undefined;
  let loading: { version: number; done: Promise<void> } | undefined;

  async function readSnapshot(version: number): Promise<Snapshot> {
    const builder = new TileParcelSetBuilder();
    const growingBoxes = new GrowableArray(Float64Array);
    const add = (page: ParcelTileBoxRow[]) => {
      for (const row of page) {
        builder.add(row);
        growingBoxes.push(row.min_lon);
        growingBoxes.push(row.min_lat);
        growingBoxes.push(row.max_lon);
        growingBoxes.push(row.max_lat);
      }
    };
    for (let page = await deps.parcels.findTilePage(null, PAGE_SIZE); page.length > 0; ) {
      // The next page is asked for before this one is added: the database builds it (in its own
      // process, or PGlite's thread) while this thread parses and adds.
      const next = page.length < PAGE_SIZE ? undefined : deps.parcels.findTilePage(page.at(-1)!.pin, PAGE_SIZE);
      next?.catch(() => undefined); // awaited below; a failure must not count as unhandled meanwhile
      add(page);
      if (!next) break;
      // Queries queued meanwhile (tiles, details) go first: without this turn PGlite handed the
      // session straight to the next page, and the first tiles after a start waited for every page.
      await nextTurn();
      page = await next;
    }
    // Pages read across an import would mix two data sets; the import changes the version in the
    // same transaction, so an unchanged version means every page was of `version`.
    if ((await deps.readVersion()) !== version) throw new Error(`data version ${version} changed while it was loaded`);
    const boxes = growingBoxes.finish();
    const index = new Flatbush(Math.max(1, builder.size));
    for (let i = 0; i < boxes.length; i += 4) index.add(boxes[i]!, boxes[i + 1]!, boxes[i + 2]!, boxes[i + 3]!);
    if (builder.size === 0) index.add(0, 0, 0, 0); // flatbush needs one item; never returned (no parcel)
    index.finish();
    return { version, parcels: builder.finish(), boxes, index };
  }

  function load(version: number): Promise<void> {
    if (snapshot?.version === version) return Promise.resolve();
    if (loading?.version === version) return loading.done;
    const done = readSnapshot(version).then(
      (loaded) => {
        // A newer version may have been asked for meanwhile; keep the newest.
        if (snapshot === undefined || snapshot.version < loaded.version) snapshot = loaded;
      },
    ).finally(() => {
      if (loading?.done === done) loading = undefined;
    });
    loading = { version, done };
    return done;
  }

  return {
    async findForTile(version, box, minSize) {
      if (snapshot?.version !== version) {
        // A failed load is tried again by the next build; meanwhile the database answers (and any
        // failure of the database itself surfaces there).
        load(version).catch(() => undefined);
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
    load,
    loadedVersion: () => snapshot?.version,
  };
}

/** findForTile's size filter: parcel i is at least `minSize` degrees wide or high (0: every parcel). */
function isLargeEnough(boxes: Float64Array, i: number, minSize: number): boolean {
  return minSize === 0 || boxes[4 * i + 2]! - boxes[4 * i]! >= minSize || boxes[4 * i + 3]! - boxes[4 * i + 1]! >= minSize;
}
