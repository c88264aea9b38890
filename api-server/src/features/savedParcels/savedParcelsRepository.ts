// SQL for saved_parcels. Every statement is scoped by user_id: a user never reaches another's rows.
import type { Db } from '@parcel-map/database';
import { SAVED_PARCELS_MAX_PER_USER, type SaveParcelBody, type SavedParcelDetails, type SavedParcelRecord } from '@parcel-map/shared/contracts';
import { insertWithinQuota, QUOTA_FULL } from '../../platform/userQuota.ts';
import type { StoredAttributes } from '../parcels/parcelAttributes.ts';

// Each row carries its API record as JSON text, written by a trigger (migration 003): the list joins
// finished records, and every statement answers with the same record.
const parseRecord = (rows: { record_json: string }[]): SavedParcelRecord | undefined =>
  rows[0] && (JSON.parse(rows[0].record_json) as SavedParcelRecord);

export function createSavedParcelsRepository(db: Db) {
  return {
    /**
     * The user's records, newest first, as one JSON array joined by the database: one value to
     * decode instead of ten thousand rows (PGlite decodes each field in WASM).
     */
    async listByUserAsJson(userId: string): Promise<string> {
      const { rows } = await db.query<{ json: string }>(
        // Ordered by the subquery, read backwards along the (user_id, id) index, not sorted again.
        `SELECT '[' || coalesce(string_agg(record_json, ','), '') || ']' AS json
         FROM (SELECT record_json FROM saved_parcels WHERE user_id = $1 ORDER BY id DESC) newest_first`,
        [userId],
      );
      return rows[0]?.json ?? '[]';
    },

    /**
     * undefined when the user already saved this parcel; QUOTA_FULL when the user keeps
     * SAVED_PARCELS_MAX_PER_USER already.
     */
    insert(userId: string, input: SaveParcelBody): Promise<SavedParcelRecord | undefined | typeof QUOTA_FULL> {
      return insertWithinQuota(db, { table: 'saved_parcels', max: SAVED_PARCELS_MAX_PER_USER }, userId, async (tx) => {
        const { rows } = await tx.query<{ record_json: string }>(
          `INSERT INTO saved_parcels (user_id, parcel_pin, parcel_owner_name, parcel_address,
                                      parcel_centroid_lat, parcel_centroid_lon, notes, tags)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text[])
           ON CONFLICT (user_id, parcel_pin) DO NOTHING
           RETURNING record_json`,
          [
            userId,
            input.parcel_pin,
            input.parcel_owner_name,
            input.parcel_address,
            input.parcel_centroid_lat,
            input.parcel_centroid_lon,
            input.notes,
            input.tags ?? [],
          ],
        );
        return parseRecord(rows);
      });
    },

    async updateNotes(userId: string, id: number, notes: string | null): Promise<SavedParcelRecord | undefined> {
      const { rows } = await db.query<{ record_json: string }>(
        `UPDATE saved_parcels SET notes = $3 WHERE user_id = $1 AND id = $2 RETURNING record_json`,
        [userId, id, notes],
      );
      return parseRecord(rows);
    },

    async updateTags(userId: string, id: number, tags: string[]): Promise<SavedParcelRecord | undefined> {
      const { rows } = await db.query<{ record_json: string }>(
        `UPDATE saved_parcels SET tags = $3::text[] WHERE user_id = $1 AND id = $2 RETURNING record_json`,
        [userId, id, tags],
      );
      return parseRecord(rows);
    },

    /** The user's saved parcels joined with their current parcel record and outline, newest first. */
    async listDetails(userId: string): Promise<SavedParcelDetailsRow[]> {
      // Casts make PGlite and pg return identical JS values (as in parcelsRepository.ts).
      const { rows } = await db.query<SavedParcelDetailsRow>(
        `SELECT s.id, p.pin, p.name, p.owner, p.add1, p.add2, p.city, p.state, p.zip, p.taxacres, p.township, p.zoning,
                to_char(p.sale_date, 'YYYY-MM-DD') AS sale_date, p.sales_price::float8 AS sales_price,
                p.mail_add1, p.mail_city, p.mail_state, p.mail_zip, p.geometry, p.attributes, d.attribute_fields
           FROM saved_parcels s JOIN parcels p ON p.pin = s.parcel_pin LEFT JOIN datasets d ON d.id = p.dataset_id
          WHERE s.user_id = $1
          ORDER BY s.id DESC`,
        [userId],
      );
      return rows;
    },

    async delete(userId: string, id: number): Promise<boolean> {
      const { rows } = await db.query('DELETE FROM saved_parcels WHERE user_id = $1 AND id = $2 RETURNING id', [userId, id]);
      return rows.length > 0;
    },
  };
}

/** A saved parcel's details with its attributes as stored (the service picks the shown ones). */
export interface SavedParcelDetailsRow extends Omit<SavedParcelDetails, 'attributes'>, StoredAttributes {}

export type SavedParcelsRepository = ReturnType<typeof createSavedParcelsRepository>;
