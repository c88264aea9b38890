// SQL for elevation_grids: the elevation models the county data tools wrote with each data set (the
// current versions' only).
import type { Queryable } from '@parcel-map/database';
import type { ElevationGrid } from '@parcel-map/shared/contracts';

interface ElevationGridRow {
  west: number;
  south: number;
  east: number;
  north: number;
  cols: number;
  rows: number;
  metres: Uint8Array;
}

export function createElevationGridRepository(db: Queryable) {
  return {
    async listAll(): Promise<ElevationGrid[]> {
      const { rows } = await db.query<ElevationGridRow>(`SELECT west, south, east, north, cols, rows, metres FROM elevation_grids
          WHERE dataset_id IN (SELECT id FROM datasets WHERE is_current) ORDER BY id`);
      return rows.map((row) => ({
        bounds: { west: row.west, south: row.south, east: row.east, north: row.north },
        cols: row.cols,
        rows: row.rows,
        // float32 little-endian, copied so the array starts on a 4-byte boundary.
        metres: new Float32Array(Uint8Array.from(row.metres).buffer),
      }));
    },
  };
}

export type ElevationGridRepository = ReturnType<typeof createElevationGridRepository>;
