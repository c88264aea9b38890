// Writes datasets rows: where a county's data came from and when; exactly one is current.
import type { Queryable } from '@parcel-map/database';

export interface DatasetInsert {
  source_name: string;
  licence: string;
  as_of: string | null;
}

export function createDatasetWriter(db: Queryable) {
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

    /** Makes the data set the current one (inside the writer's transaction). */
    async makeCurrent(id: number): Promise<void> {
      await db.query('UPDATE datasets SET is_current = false WHERE is_current AND id <> $1', [id]);
      await db.query('UPDATE datasets SET is_current = true WHERE id = $1', [id]);
    },

    /** The id of the data set with this source name, the newest first (undefined: none). */
    async findBySourceName(sourceName: string): Promise<number | undefined> {
      const { rows } = await db.query<{ id: number }>('SELECT id FROM datasets WHERE source_name = $1 ORDER BY id DESC LIMIT 1', [sourceName]);
      return rows[0]?.id;
    },
  };
}
