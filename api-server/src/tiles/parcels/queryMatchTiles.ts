// A query's matches as parcel tiles (issue #42 point 4), `/tiles/query/{key}/{z}/{x}/{y}.pbf`: the
// parcel tiles' own build (parcelTileSource.ts), keeping only the parcels whose feature id the query
// registered under `key` matched (features/parcels/query/queryMatches.ts). A tile costs what a parcel
// tile does plus a binary search per parcel in it (with PostGIS, and a query of the tile's feature
// ids first), whatever the number of matches, and a map draws every match without a list of them
// reaching the browser. A key names one data version, so its tiles never change: cached per data
// version, bounded like the parcel tiles' cache.
import type { DataVersion } from '../../platform/cache/dataVersion.ts';
import { createVersionedCache } from '../../platform/cache/versionedCache.ts';
import { NotFoundError } from '../../platform/http/httpErrors.ts';
import { buildNow, type EncodedTile, type NamedTileSets } from '../kit/tileSetRouter.ts';
import type { ParcelTilesService } from './parcelTilesService.ts';

const DEFAULT_CACHE_ENTRIES = 2048;

interface QueryMatchTilesDeps {
  parcelTiles: Pick<ParcelTilesService, 'buildKept'>;
  /** The matches' feature ids (ascending) of the query registered under `key`, on the data version it names; undefined when none is or that version is gone. */
  matchesOf(key: string): Promise<{ version: number; fids: Int32Array } | undefined>;
  dataVersion: Pick<DataVersion, 'known' | 'current'>;
  cacheEntries?: number;
}

export function createQueryMatchTiles(deps: QueryMatchTilesDeps): Pick<NamedTileSets, 'getTile'> {
  const cache = createVersionedCache<EncodedTile>(deps.dataVersion, deps.cacheEntries ?? DEFAULT_CACHE_ENTRIES);
  return {
    getTile(z, x, y, key, schedule = buildNow) {
      return cache.get(`${key}/${z}/${x}/${y}`, async (version) => {
        // Read before the build's turn: a query's matches read again (pushed out of memory) wait at the
        // gate of heavy reads, not in the asking address's line of tile builds.
        const matches = await deps.matchesOf(key);
        if (matches?.version !== version) throw new NotFoundError('no query is registered under this key on the data served now');
        return schedule(() => deps.parcelTiles.buildKept(version, z, x, y, (fid) => includes(matches.fids, fid)));
      });
    },
  };
}

/** Whether the ascending `sorted` holds `value`. */
function includes(sorted: Int32Array, value: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = sorted[middle]!;
    if (at < value) low = middle + 1;
    else if (at > value) high = middle - 1;
    else return true;
  }
  return false;
}
