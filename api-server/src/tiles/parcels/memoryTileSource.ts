// Parcel tiles from the parcels in memory (tileParcels.ts) and the own encoder (parcelTileEncoder.ts):
// the source where the database has no PostGIS (chooseParcelTileSource.ts).
import { PARCEL_SOURCE_LAYER } from '@parcel-map/shared/contracts';
import { encodeParcelTile } from './parcelTileEncoder.ts';
import { parcelTileRules } from './parcelTileRules.ts';
import type { ParcelTileSource } from './parcelTileSource.ts';
import { createTileParcels, type TileParcelsDeps } from './tileParcels.ts';

export function createMemoryTileSource(deps: TileParcelsDeps): ParcelTileSource {
  const tileParcels = createTileParcels(deps);
  return {
    async encode(version, { z, x, y }, kept) {
      const { bounds, minSize, options } = parcelTileRules(z, x, y);
      const { parcels, indices: found } = await tileParcels.findForTile(version, bounds, minSize);
      const indices = kept ? Uint32Array.from(found).filter((p) => kept(parcels.fids[p]!)) : found;
      return encodeParcelTile(PARCEL_SOURCE_LAYER, parcels, indices, { z, x, y }, options);
    },
    load: tileParcels.load,
    loadedVersion: tileParcels.loadedVersion,
    extent: tileParcels.extent,
    warmUpPosition: tileParcels.parcelPosition,
  };
}
