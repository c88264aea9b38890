// A parcel tile's features as tests and benchmarks compare two encoders' tiles: id, properties, how
// many vertices, and whether the feature shows in the tile or lies wholly in the buffer around it.
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { PARCEL_SOURCE_LAYER } from '@parcel-map/shared/contracts';
import { EXTENT } from '../tiles/parcels/parcelTileEncoder.ts';

export interface DecodedParcelFeature {
  id: number | undefined;
  properties: Record<string, number | string | boolean>;
  vertices: number;
  /** Whether any of it reaches into the tile itself, not only into the buffer around it. */
  inTile: boolean;
}

/** The parcel layer's features of an MVT (uncompressed); none for no tile or a tile without the layer. */
export function decodedParcelFeatures(mvt: Uint8Array | undefined): DecodedParcelFeature[] {
  const layer = mvt && new VectorTile(new PbfReader(mvt)).layers[PARCEL_SOURCE_LAYER];
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, i) => {
    const feature = layer.feature(i);
    const points = feature.loadGeometry().flat();
    const xs = points.map(({ x }) => x);
    const ys = points.map(({ y }) => y);
    const inTile = Math.min(...xs) < EXTENT && Math.max(...xs) > 0 && Math.min(...ys) < EXTENT && Math.max(...ys) > 0;
    return { id: feature.id, properties: feature.properties, vertices: points.length, inTile };
  });
}
