// SQL for saved_parcels. Every statement is scoped by user_id: a user never reaches another's rows.
import type { Queryable } from '../db/db.ts';
import type { SaveParcelInput, SavedParcelRecord } from './savedParcelsSchema.ts';

const RECORD_COLUMNS = `id, parcel_pin, parcel_owner_name, parcel_address, parcel_centroid_lat, parcel_centroid_lon, notes,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

export function createSavedParcelsRepository(db: Queryable) {
  return {
    /**
     * The user's records, newest first, as one JSON array built by the database: one value to
     * decode instead of ten thousand rows (PGlite decodes each field in WASM; issue #6 budget).
     */
    async listByUserAsJson(userId: string): Promise<string> {
      const { rows } = await db.query<{ json: string }>(
        `SELECT coalesce(json_agg(r), '[]')::text AS json
         FROM (SELECT ${RECORD_COLUMNS} FROM saved_parcels WHERE user_id = $1 ORDER BY id DESC) r`,
        [userId],
      );
      return rows[0]?.json ?? '[]';
    },

    /** undefined when the user already saved this parcel. */
    async insert(userId: string, input: SaveParcelInput): Promise<SavedParcelRecord | undefined> {
      const { rows } = await db.query<SavedParcelRecord>(
        `INSERT INTO saved_parcels (user_id, parcel_pin, parcel_owner_name, parcel_address,
                                    parcel_centroid_lat, parcel_centroid_lon, notes)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (user_id, parcel_pin) DO NOTHING
         RETURNING ${RECORD_COLUMNS}`,
        [
          userId,
          input.parcel_pin,
          input.parcel_owner_name,
          input.parcel_address,
          input.parcel_centroid_lat,
          input.parcel_centroid_lon,
          input.notes,
        ],
      );
      return rows[0];
    },

    async updateNotes(userId: string, id: number, notes: string | null): Promise<SavedParcelRecord | undefined> {
      const { rows } = await db.query<SavedParcelRecord>(
        `UPDATE saved_parcels SET notes = $3 WHERE user_id = $1 AND id = $2 RETURNING ${RECORD_COLUMNS}`,
        [userId, id, notes],
      );
      return rows[0];
    },

    async delete(userId: string, id: number): Promise<boolean> {
      const { rows } = await db.query('DELETE FROM saved_parcels WHERE user_id = $1 AND id = $2 RETURNING id', [userId, id]);
      return rows.length > 0;
    },
  };
}

export type SavedParcelsRepository = ReturnType<typeof createSavedParcelsRepository>;
