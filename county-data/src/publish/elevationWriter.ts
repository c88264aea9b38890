// Writes an elevation grid (a digital elevation model) that comes with a county's data: the API's
// contour tiles are traced from it.
import type { Queryable } from '@parcel-map/database';
import type { ElevationGrid } from '@parcel-map/shared/contracts';

export function createElevationWriter(db: Queryable) {
  return {
    async insert(grid: ElevationGrid, datasetId: number): Promise<void> {
      const { west, south, east, north } = grid.bounds;
      const metres = Buffer.from(grid.metres.buffer, grid.metres.byteOffset, grid.metres.byteLength);
      await db.query(
        `INSERT INTO elevation_grids (west, south, east, north, cols, rows, metres, dataset_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [west, south, east, north, grid.cols, grid.rows, metres, datasetId],
      );
    },

    async exists(datasetId: number): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM elevation_grids WHERE dataset_id = $1 LIMIT 1', [datasetId]);
      return rows.length > 0;
    },
  };
}
