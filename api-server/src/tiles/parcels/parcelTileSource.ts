// What parcel tiles are built from, as the tile service (parcelTilesService.ts) sees it: PostGIS
// (postgisTileSource.ts) or the parcels in memory (memoryTileSource.ts), chosen once per database
// (chooseParcelTileSource.ts). Either follows parcelTileRules.ts.
import type { LonLatBox } from '../kit/tileMath.ts';

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

export interface ParcelTileSource {
  /**
   * The tile's MVT (uncompressed) of `version`, the current data version, holding only the parcels
   * whose feature id `kept` keeps when it is given; undefined when no parcel shows in it.
   */
  encode(version: number, tile: TileAddress, kept?: (fid: number) => boolean): Promise<Uint8Array | undefined>;
  /** Resolves once `version`'s tiles are built as they will be from now on, or rejects if it is no longer current. */
  load(version: number): Promise<void>;
  /** The data version last loaded, if any. */
  loadedVersion(): number | undefined;
  /**
   * The box `version`'s parcels are found in (their boxes' union, grown as the search is), once it is
   * loaded and has parcels: a tile outside it has none.
   */
  extent(version: number): LonLatBox | undefined;
  /** Where the start-up's first builds go: a parcel in the middle of `version`'s data (Web Mercator, the unit square), once it is loaded and has parcels. */
  warmUpPosition(version: number): { x: number; y: number } | undefined;
}
