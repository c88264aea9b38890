// Builds parcel vector tiles from the database: bbox query → geojson-vt → vt-pbf → gzip, cached.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import GeoJSONVT from 'geojson-vt';
import { fromGeojsonVt } from 'vt-pbf';
import type { ParcelsRepository, ParcelTileRow } from '../parcels/parcelsRepository.ts';
import { LruCache } from './tileCache.ts';
import { tileBounds } from './tileMath.ts';

export const PARCEL_SOURCE_LAYER = 'parcels';
const EXTENT = 4096;
const BUFFER = 64;
// Query a little more than geojson-vt's own buffer so clipped edges at tile borders are drawn.
const QUERY_BUFFER_FRACTION = (2 * BUFFER) / EXTENT;
// At the requested zoom geojson-vt does not simplify (it is maxZoom); this only matters when it drills down.
const TOLERANCE = 0.5;
const DEFAULT_CACHE_ENTRIES = 2048;

const gzipAsync = promisify(gzip);

/** A gzipped MVT with its ETag, or `empty` when no parcel touches the tile. */
export type ParcelTile = { kind: 'tile'; body: Buffer; etag: string } | { kind: 'empty' };

export function createTilesService(deps: { parcels: ParcelsRepository; cacheEntries?: number }) {
  // Promises are cached so concurrent requests for one tile build it once.
  const cache = new LruCache<string, Promise<ParcelTile>>(deps.cacheEntries ?? DEFAULT_CACHE_ENTRIES);

  async function build(z: number, x: number, y: number): Promise<ParcelTile> {
    const rows = await deps.parcels.findForTile(tileBounds(z, x, y, QUERY_BUFFER_FRACTION));
    if (rows.length === 0) return { kind: 'empty' };
    const index = new GeoJSONVT(toFeatureCollection(rows), {
      maxZoom: z,
      indexMaxZoom: z,
      tolerance: TOLERANCE,
      extent: EXTENT,
      buffer: BUFFER,
    });
    const tile = index.getTile(z, x, y);
    if (!tile || tile.features.length === 0) return { kind: 'empty' };
    const pbf = fromGeojsonVt({ [PARCEL_SOURCE_LAYER]: tile }, { version: 2, extent: EXTENT });
    const body = await gzipAsync(pbf);
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    return { kind: 'tile', body, etag };
  }

  return {
    getTile(z: number, x: number, y: number): Promise<ParcelTile> {
      const key = `${z}/${x}/${y}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const pending = build(z, x, y);
      cache.set(key, pending);
      pending.catch(() => cache.delete(key));
      return pending;
    },
    /** Forget every tile (after the parcel data changes). */
    clearCache(): void {
      cache.clear();
    },
  };
}

export type TilesService = ReturnType<typeof createTilesService>;

function toFeatureCollection(rows: readonly ParcelTileRow[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: rows.map((row): Feature<Geometry> => {
      const properties: Record<string, string | number> = { pin: row.pin, PIN: row.pin };
      const owner = row.owner ?? row.name;
      if (owner) properties.Name = owner;
      if (row.add1) properties.ADD1 = row.add1;
      if (row.city) properties.CITY = row.city;
      if (row.taxacres !== null && Number.isFinite(row.taxacres)) properties.TaxAcres = row.taxacres;
      return { type: 'Feature', properties, geometry: row.geometry };
    }),
  };
}
