// Vector tiles of the self-hosted base map (GET /basemap/{z}/{x}/{y}.pbf): layer 'roads' (name,
// kind) of the current data set and layer 'water' (Lake Norman). They replace two GeoJSON files
// the browser fetched whole — the demo county's roads alone were 4.5 MB (1.1 MB gzipped) — and
// indexed in mapbox-gl's workers while those workers should be cutting the first parcel tiles.
// Here geojson-vt indexes both once per data version and each request cuts one small tile.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FeatureCollection, Geometry } from 'geojson';
import GeoJSONVT, { type LegacyTile } from 'geojson-vt';
import { fromGeojsonVt } from 'vt-pbf';
import { lakeLngLat } from '../demo/lake.ts';
import type { DataVersion } from '../tiles/dataVersion.ts';
import type { EncodedTile } from '../tiles/tilesRouter.ts';
import { createVersionedCache } from '../tiles/versionedCache.ts';
import type { RoadsRepository } from './roadsRepository.ts';

export const ROADS_SOURCE_LAYER = 'roads';
export const WATER_SOURCE_LAYER = 'water';
export const MIN_BASEMAP_ZOOM = 0;
/** The client's source overzooms past this: road lines need no more detail than z14 tiles hold. */
export const MAX_BASEMAP_ZOOM = 14;
const EXTENT = 4096;
const CACHE_ENTRIES = 4096;

const gzipAsync = promisify(gzip);

function indexOf(collection: FeatureCollection<Geometry>): GeoJSONVT {
  return new GeoJSONVT(collection, { maxZoom: MAX_BASEMAP_ZOOM, extent: EXTENT });
}

export interface BaseMapTilesDeps {
  roads: RoadsRepository;
  dataVersion: DataVersion;
  cacheEntries?: number;
}

export function createBaseMapTiles(deps: BaseMapTilesDeps) {
  const cache = createVersionedCache<EncodedTile>(deps.dataVersion, deps.cacheEntries ?? CACHE_ENTRIES);
  let water: GeoJSONVT | undefined;
  let roads: { version: number; index: Promise<GeoJSONVT> } | undefined;

  function roadsIndex(version: number): Promise<GeoJSONVT> {
    if (roads?.version !== version) {
      const index = deps.roads.listAll().then((rows) =>
        indexOf({
          type: 'FeatureCollection',
          features: rows.map((road) => ({ type: 'Feature', id: road.id, properties: { name: road.name, kind: road.kind }, geometry: road.geometry })),
        }),
      );
      roads = { version, index };
      // A failed read is not kept: the next request tries again.
      index.catch(() => {
        if (roads?.index === index) roads = undefined;
      });
    }
    return roads.index;
  }

  async function build(version: number, z: number, x: number, y: number): Promise<EncodedTile> {
    water ??= indexOf(lakeLngLat());
    const layers = {
      [ROADS_SOURCE_LAYER]: (await roadsIndex(version)).getTile(z, x, y),
      [WATER_SOURCE_LAYER]: water.getTile(z, x, y),
    };
    const present = Object.entries(layers).filter((entry): entry is [string, LegacyTile] => !!entry[1] && entry[1].features.length > 0);
    if (present.length === 0) return { kind: 'empty' };
    const body = await gzipAsync(fromGeojsonVt(Object.fromEntries(present), { version: 2, extent: EXTENT }));
    return { kind: 'tile', body, etag: `"b${version}-${createHash('sha1').update(body).digest('base64url')}"` };
  }

  return {
    getTile(z: number, x: number, y: number): Promise<EncodedTile> {
      return cache.get(`${z}/${x}/${y}`, (version) => build(version, z, x, y));
    },
    /** Builds the current data set's index ahead of the first map (server start). */
    async warm(): Promise<void> {
      await roadsIndex(await deps.dataVersion.current());
    },
  };
}

export type BaseMapTiles = ReturnType<typeof createBaseMapTiles>;
