// SQL for datasets: where the parcel data came from and when.
import type { Queryable } from '../db/db.ts';

export interface DatasetInsert {
  source_name: string;
  licence: string;
  as_of: string | null;
}

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
  };
}
