// One tile cut by geojson-vt from in-memory layers, encoded as a gzipped MVT with an ETag naming the
// data version it was cut for: the base map's and the overlays' tiles are made so.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type GeoJSONVT from 'geojson-vt';
import type { LegacyTile } from 'geojson-vt';
import { fromGeojsonVt } from 'vt-pbf';
import type { EncodedTile } from './tileSetRouter.ts';

/** The extent of every geojson-vt tile set. */
export const GEOJSON_VT_EXTENT = 4096;

const gzipAsync = promisify(gzip);

/**
 * The tile z/x/y of each named index (layer name → index), empty when none has a feature there.
 * `etagPrefix` tells the tile sets apart in ETags.
 */
export async function cutGeojsonVtTile(indexes: Iterable<[string, GeoJSONVT]>, version: number, etagPrefix: string, z: number, x: number, y: number): Promise<EncodedTile> {
  const present: [string, LegacyTile][] = [];
  for (const [layer, index] of indexes) {
    const tile = index.getTile(z, x, y);
    if (tile && tile.features.length > 0) present.push([layer, tile]);
  }
  if (present.length === 0) return { kind: 'empty', version };
  const body = await gzipAsync(fromGeojsonVt(Object.fromEntries(present), { version: 2, extent: GEOJSON_VT_EXTENT }));
  return { kind: 'tile', version, body, etag: `"${etagPrefix}${version}-${createHash('sha1').update(body).digest('base64url')}"` };
}
