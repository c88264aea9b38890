// Parcel tiles built by PostGIS, one ST_AsMVT statement each (parcelMvtRepository.ts), from the Web
// Mercator outlines the database stores (migration 030): nothing of the parcels is held here, so an
// instance's start-up and memory do not grow with them. A version needs only its extent (the empty
// tiles outside the data) and where the start-up builds its first tiles, read once when it is loaded.
import { PARCEL_SOURCE_LAYER } from '@parcel-map/shared/contracts';
import type { LonLatBox } from '../kit/tileMath.ts';
import { EXTENT } from './parcelTileEncoder.ts';
import { parcelTileRules, QUERY_BUFFER_FRACTION } from './parcelTileRules.ts';
import { createNewestLoad } from './newestLoad.ts';
import { WEB_MERCATOR_WIDTH, type MvtTileQuery, type ParcelMvtRepository } from './parcelMvtRepository.ts';
import type { ParcelTileSource, TileAddress } from './parcelTileSource.ts';

export interface PostgisTileSourceDeps {
  outlines: ParcelMvtRepository;
}

interface LoadedVersion {
  version: number;
  extent: LonLatBox | undefined;
  warmUpPosition: { x: number; y: number } | undefined;
}

export function createPostgisTileSource({ outlines }: PostgisTileSourceDeps): ParcelTileSource {
  async function readVersion(version: number): Promise<LoadedVersion> {
    const served = await outlines.servedExtent();
    if (served.version !== version) throw new Error(`data version ${version} is no longer current (the database serves ${served.version})`);
    const { extent } = served;
    const warmUpPosition = extent && (await outlines.parcelNear((extent.west + extent.east) / 2, (extent.south + extent.north) / 2));
    return { version, extent, warmUpPosition };
  }
  const versions = createNewestLoad(readVersion);

  return {
    // Whatever `version` is, the database builds from what it serves now: a tile built across a
    // publish is the new version's, and the tile cache drops it with the version it was asked under.
    async encode(_version, tile, kept) {
      const query = mvtTileQuery(tile);
      if (!kept) return outlines.tileMvt(tile, query);
      // The tile's feature ids first, so `kept` (a query's matches) never travels to the database whole.
      const fids = (await outlines.tileFids(tile, query)).filter((fid) => kept(fid));
      return fids.length === 0 ? undefined : outlines.tileMvt(tile, query, fids);
    },
    load: versions.load,
    loadedVersion: versions.loadedVersion,
    extent: (version) => versions.of(version)?.extent,
    warmUpPosition: (version) => versions.of(version)?.warmUpPosition,
  };
}

/** parcelTileRules.ts's rules for the tile as the statement takes them: the tolerance in metres. */
function mvtTileQuery({ z, x, y }: TileAddress): MvtTileQuery {
  const { minSize, options } = parcelTileRules(z, x, y);
  const metresPerTileUnit = WEB_MERCATOR_WIDTH / 2 ** z / EXTENT;
  return {
    layer: PARCEL_SOURCE_LAYER,
    margin: QUERY_BUFFER_FRACTION,
    minSize,
    tolerance: options.tolerance * metresPerTileUnit,
    fullProperties: options.fullProperties,
  };
}
