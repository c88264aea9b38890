// The imagery layers served now, as their tiles need them: each current version's file and zooms.
import type { Queryable } from '@parcel-map/database';
import type { ImageryTileFormat } from '@parcel-map/shared/contracts';

export interface ServedImagery {
  /** The version's row id: its tile URLs' `v`. */
  id: number;
  name: string;
  /** Relative to the imagery directory: the full resolution's COG, and the coarser ones below its zooms (migration 015). */
  file: string;
  lowerFiles: { file: string; minzoom: number; maxzoom: number }[];
  minzoom: number;
  maxzoom: number;
  tileFormat: ImageryTileFormat;
}

export function createImageryFilesRepository(db: Queryable) {
  return {
    async current(): Promise<Map<string, ServedImagery>> {
      const { rows } = await db.query<ServedImagery>('SELECT id, name, file, lower_files AS "lowerFiles", minzoom, maxzoom, tile_format AS "tileFormat" FROM imagery WHERE is_current');
      return new Map(rows.map((row) => [row.name, row]));
    },
  };
}

export type ImageryFilesRepository = ReturnType<typeof createImageryFilesRepository>;
