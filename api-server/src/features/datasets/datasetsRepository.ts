// SQL for datasets: where the parcel data came from and when; exactly one is current.
import type { Queryable } from '@parcel-map/database';
import type { DatasetInfo } from '@parcel-map/shared/contracts';

export interface DatasetInsert {
  source_name: string;
  licence: string;
  as_of: string | null;
}

/** The answer of GET /api/datasets/current, plus the id (the tiles' data version). */
export type DatasetRow = DatasetInfo & { id: number };

export function createDatasetsRepository(db: Queryable) {
  return {
    async insert(dataset: DatasetInsert): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        'INSERT INTO datasets (source_name, licence, as_of) VALUES ($1, $2, $3) RETURNING id',
        [dataset.source_name, dataset.licence, dataset.as_of],
      );
      const id = rows[0]?.id;
      if (id === undefined) throw new Error('dataset insert returned no id');
      return id;
    },

    async setParcelCount(id: number, parcelCount: number): Promise<void> {
      await db.query('UPDATE datasets SET parcel_count = $2 WHERE id = $1', [id, parcelCount]);
    },

    /** Makes the data set the current one (inside the import's transaction). */
    async makeCurrent(id: number): Promise<void> {
      await db.query('UPDATE datasets SET is_current = false WHERE is_current AND id <> $1', [id]);
      await db.query('UPDATE datasets SET is_current = true WHERE id = $1', [id]);
    },

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
