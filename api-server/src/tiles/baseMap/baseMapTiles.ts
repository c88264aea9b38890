// Vector tiles of the self-hosted base map (GET /basemap/{z}/{x}/{y}.pbf): layers 'roads' (name,
// kind) and 'water' (name, kind) from the features the county data tools wrote (basemap_features), and
// 'places': a point per town of the current data sets' parcels (their city), so that a zoomed-out
// view of any imported county has names on it; 'streets': street names from the parcels' site
// addresses where a data set brings no roads. Town and street names are public geography, served with
// the rest.
// They replace GeoJSON files the browser fetched whole — the demo county's roads alone were 4.5 MB
// (1.1 MB gzipped) — and indexed in mapbox-gl's workers while those workers should be cutting the
// first parcel tiles. Here geojson-vt indexes each layer once per data version and each request
// cuts one small tile.
import type { Feature, Geometry } from 'geojson';
import GeoJSONVT from 'geojson-vt';
import { BASEMAP_LAYERS, BASEMAP_PLACES_LAYER, BASEMAP_STREETS_LAYER, BASEMAP_TILE_ZOOMS, type BaseMapLayer } from '@parcel-map/shared/contracts';
import type { DataVersion } from '../../platform/cache/dataVersion.ts';
import { loadPerVersion } from '../../platform/cache/perVersion.ts';
import { createVersionedCache } from '../../platform/cache/versionedCache.ts';
import { cutGeojsonVtTile, GEOJSON_VT_EXTENT } from '../kit/geojsonVtTile.ts';
import { buildNow, type EncodedTile, type ScheduleBuild } from '../kit/tileSetRouter.ts';
import type { BaseMapFeaturesRepository, StreetRunRow, TownRow } from './baseMapFeaturesRepository.ts';

const CACHE_ENTRIES = 4096;

type TileLayer = BaseMapLayer | typeof BASEMAP_PLACES_LAYER | typeof BASEMAP_STREETS_LAYER;
type LayerIndexes = Map<TileLayer, GeoJSONVT>;

export interface BaseMapTilesDeps {
  features: BaseMapFeaturesRepository;
  dataVersion: DataVersion;
  cacheEntries?: number;
  /** Told about each tile cache lookup (metrics). */
  onCacheLookup?: (hit: boolean) => void;
}

export function createBaseMapTiles(deps: BaseMapTilesDeps) {
  const cache = createVersionedCache<EncodedTile>(deps.dataVersion, deps.cacheEntries ?? CACHE_ENTRIES, deps.onCacheLookup);

  async function readIndexes(): Promise<LayerIndexes> {
    const byLayer = new Map<TileLayer, Feature<Geometry>[]>(BASEMAP_LAYERS.map((layer) => [layer, []]));
    for (const row of await deps.features.listAll()) {
      byLayer.get(row.layer)?.push({ type: 'Feature', id: row.id, properties: { name: row.name, kind: row.kind }, geometry: row.geometry });
    }
    byLayer.set(BASEMAP_PLACES_LAYER, townFeatures(await deps.features.listTowns()));
    byLayer.set(BASEMAP_STREETS_LAYER, streetFeatures(await deps.features.listStreetRuns()));
    const indexes: LayerIndexes = new Map();
    for (const [layer, features] of byLayer) {
      if (features.length > 0) indexes.set(layer, new GeoJSONVT({ type: 'FeatureCollection', features }, { maxZoom: BASEMAP_TILE_ZOOMS.max, extent: GEOJSON_VT_EXTENT }));
    }
    return indexes;
  }

  const indexesFor = loadPerVersion(readIndexes);

  return {
    /** `schedule`: when the cut of a tile not cached may run (the asking address's turn, tiles/kit/tileSetRouter.ts). */
    getTile(z: number, x: number, y: number, schedule: ScheduleBuild = buildNow): Promise<EncodedTile> {
      return cache.get(`${z}/${x}/${y}`, (version) => schedule(async () => cutGeojsonVtTile(await indexesFor(version), version, 'b', z, x, y)));
    },
    /** Builds the current data set's indexes ahead of the first map (server start). */
    async warm(): Promise<void> {
      await indexesFor(await deps.dataVersion.current());
    },
  };
}

/** The towns as points, ranked by their parcels (1: most), named in title case where the data shouts ('CAMBRIDGE'). */
function townFeatures(towns: readonly TownRow[]): Feature<Geometry>[] {
  return [...towns]
    .sort((a, b) => b.parcels - a.parcels || a.name.localeCompare(b.name))
    .map((town, i) => ({
      type: 'Feature',
      id: i + 1,
      properties: { name: town.name === town.name.toUpperCase() ? titleCase(town.name) : town.name, kind: 'town', rank: i + 1 },
      geometry: { type: 'Point', coordinates: [town.lon, town.lat] },
    }));
}

/**
 * Each run of a street's parcels as a point at their mean — on the street where it has parcels on
 * both sides, a parcel's depth off it where only one — turned along the run's main axis (its
 * centroids' principal component, lon scaled by cos(lat) as Web Mercator draws it); level where the
 * parcels spread as much across as along.
 */
function streetFeatures(runs: readonly StreetRunRow[]): Feature<Geometry>[] {
  return runs.map((run, i) => {
    const k = Math.cos((run.lat * Math.PI) / 180);
    const [vx, vy, cxy] = [run.varLon * k * k, run.varLat, run.covar * k];
    const spread = Math.sqrt(((vx - vy) / 2) ** 2 + cxy ** 2);
    const [major, minor] = [(vx + vy) / 2 + spread, (vx + vy) / 2 - spread];
    // Counter-clockwise from east; the label's rotation is clockwise, kept within ±90° to read left to right.
    const axis = (Math.atan2(2 * cxy, vx - vy) / 2) * (180 / Math.PI);
    const rotate = major > 0 && minor / major < 0.25 ? Math.round(-axis) : 0;
    return {
      type: 'Feature',
      id: i + 1,
      properties: { name: titleCase(run.name), kind: 'street', rotate: rotate === -90 ? 90 : rotate },
      geometry: { type: 'Point', coordinates: [run.lon, run.lat] },
    };
  });
}

const titleCase = (name: string) => name.toLowerCase().replace(/(^|[\s-])\p{L}/gu, (start) => start.toUpperCase());

export type BaseMapTiles = ReturnType<typeof createBaseMapTiles>;
