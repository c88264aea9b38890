// Vector tiles of the overlays (GET /tiles/overlays/{name}/{z}/{x}/{y}.pbf?v=<data version>): one
// layer, `features`, holding the overlay's features with their properties (those its mapping shows,
// else every one, and the one that names them on the map), which the map shows on a click. As the base
// map's: geojson-vt indexes an overlay's features once per data version, the first time one of its
// tiles is asked for, and each request cuts one small tile, kept per data version. The names served
// are read once per data version too (an overlay published, rolled back or removed changes it): a tile
// of any other name is a 404 without a query or a cache entry.
import type { Feature, Geometry } from 'geojson';
import GeoJSONVT from 'geojson-vt';
import { isOverlayLabel, OVERLAY_SOURCE_LAYER, OVERLAY_TILE_ZOOMS } from '@parcel-map/shared/contracts';
import type { DataVersion } from '../../platform/cache/dataVersion.ts';
import { loadPerVersion } from '../../platform/cache/perVersion.ts';
import { createVersionedCache } from '../../platform/cache/versionedCache.ts';
import { NotFoundError } from '../../platform/http/httpErrors.ts';
import { cutGeojsonVtTile, GEOJSON_VT_EXTENT } from '../kit/geojsonVtTile.ts';
import { buildNow, type EncodedTile, type ScheduleBuild } from '../kit/tileSetRouter.ts';
import type { CurrentOverlayFeatures, OverlayFeaturesRepository } from './overlayFeaturesRepository.ts';

const CACHE_ENTRIES = 4096;

export interface OverlayTilesDeps {
  features: OverlayFeaturesRepository;
  dataVersion: DataVersion;
  cacheEntries?: number;
}

export function createOverlayTiles(deps: OverlayTilesDeps) {
  const cache = createVersionedCache<EncodedTile>(deps.dataVersion, deps.cacheEntries ?? CACHE_ENTRIES);
  // Per data version, each overlay's index by name (undefined: no such overlay), built when first asked for.
  const indexesFor = loadPerVersion(async () => new Map<string, Promise<GeoJSONVT | undefined>>());
  const namesFor = loadPerVersion(() => deps.features.currentNames());

  async function indexOf(version: number, name: string): Promise<GeoJSONVT | undefined> {
    const indexes = await indexesFor(version);
    let index = indexes.get(name);
    if (!index) {
      index = deps.features.current(name).then((current) => current && buildIndex(current));
      indexes.set(name, index);
      // Neither a failed read (the next request tries again) nor an unknown name (any name can be asked for) is kept.
      index.then((found) => found ?? indexes.delete(name), () => indexes.delete(name));
    }
    return index;
  }

  return {
    /** `schedule`: when the cut of a tile not cached may run (the asking address's turn, tiles/kit/tileSetRouter.ts). */
    async getTile(z: number, x: number, y: number, name: string, schedule: ScheduleBuild = buildNow): Promise<EncodedTile> {
      const names = await namesFor(deps.dataVersion.known() ?? (await deps.dataVersion.current()));
      if (!names.has(name)) throw new NotFoundError('Overlay not found');
      return cache.get(`${name}/${z}/${x}/${y}`, (version) =>
        schedule(async () => {
          // Removed since the names were read.
          const index = await indexOf(version, name);
          if (!index) throw new NotFoundError('Overlay not found');
          return cutGeojsonVtTile([[OVERLAY_SOURCE_LAYER, index]], version, 'o', z, x, y);
        }),
      );
    },
  };
}

/**
 * The properties a feature's tiles carry: those its mapping shows (else every one), and the one that
 * names it on the map (the styles' labels) whatever the mapping shows, left out where it holds no name
 * ('<Null>' and the like), so that a style draws every value it finds.
 */
function tileProperties(properties: Record<string, unknown>, shownAttributes: string[] | null, labelAttribute: string | null): Record<string, unknown> {
  const keys = shownAttributes && labelAttribute && !shownAttributes.includes(labelAttribute) ? [...shownAttributes, labelAttribute] : shownAttributes;
  const carried = keys ? Object.fromEntries(keys.filter((key) => key in properties).map((key) => [key, properties[key]])) : { ...properties };
  if (labelAttribute && labelAttribute in carried && !isOverlayLabel(carried[labelAttribute])) delete carried[labelAttribute];
  return carried;
}

function buildIndex({ shownAttributes, labelAttribute, features }: CurrentOverlayFeatures): GeoJSONVT {
  const collection: Feature<Geometry>[] = features.map((row) => ({
    type: 'Feature',
    id: row.feature,
    properties: tileProperties(row.properties, shownAttributes, labelAttribute),
    geometry: row.geometry,
  }));
  return new GeoJSONVT({ type: 'FeatureCollection', features: collection }, { maxZoom: OVERLAY_TILE_ZOOMS.max, extent: GEOJSON_VT_EXTENT });
}
