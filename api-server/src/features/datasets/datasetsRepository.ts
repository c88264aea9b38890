// SQL for datasets: where the parcel data came from and when; exactly one is current. Written by the
// county data tools (county-data/src/publish), read here.
import type { Queryable } from '@parcel-map/database';
import type { DatasetInfo } from '@parcel-map/shared/contracts';

/** The answer of GET /api/datasets/current, plus the id (the tiles' data version). */
export type DatasetRow = DatasetInfo & { id: number };

export function createDatasetsRepository(db: Queryable) {
  return {
    async current(): Promise<DatasetRow | undefined> {
      const { rows } = await db.query<DatasetRow>(
        `SELECT id, source_name, licence,
                to_char(imported_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS imported_at,
                to_char(as_of, 'YYYY-MM-DD') AS as_of, parcel_count
           FROM datasets WHERE is_current`,
      );
      return rows[0];
    },
  };
}

export type DatasetsRepository = ReturnType<typeof createDatasetsRepository>;
