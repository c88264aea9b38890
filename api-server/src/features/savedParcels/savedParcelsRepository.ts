// SQL for saved_parcels. Every statement is scoped by user_id: a user never reaches another's rows.
import type { Db } from '@parcel-map/database';
import { SAVED_PARCEL_CHANGE_KINDS, SAVED_PARCELS_MAX_PER_USER, type SaveParcelBody, type SavedParcelDetails, type SavedParcelRecord } from '@parcel-map/shared/contracts';
import { insertWithinQuota, QUOTA_FULL } from '../../platform/userQuota.ts';
import type { StoredAttributes } from '../parcels/parcelAttributes.ts';

// Each row carries its API record as JSON text, written by a trigger (migration 003): the list joins
// finished records, and every statement answers with the same record.
/**
 * Saved parcel s's changes (kinds $2) from the change logs of its data set's versions published after
 * it was saved, oldest first, as a JSON array (null when none), and when the version that removed it
 * was published. A version rolled back from (newer than the one served) no longer says what is true.
 */
const SAVED_PARCEL_CHANGES = `
  SELECT json_agg(json_build_object('kind', c.kind, 'at', ${isoTime('d.imported_at')}, 'before', c.before, 'after', c.after,
                                    'seen', d.imported_at <= coalesce(s.changes_seen_at, s.created_at))
                  ORDER BY d.imported_at, array_position($2::text[], c.kind)) AS changes,
         max(${isoTime('d.imported_at')}) FILTER (WHERE c.kind = 'removed') AS removed_at
    FROM dataset_changes c JOIN datasets d ON d.id = c.dataset_id
   WHERE c.pin = s.parcel_pin AND c.kind = ANY($2::text[]) AND d.imported_at > s.created_at
     AND d.version <= (SELECT served.version FROM datasets served WHERE served.name = d.name AND served.is_current)`;

function isoTime(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

const parseRecord = (rows: { record_json: string }[]): SavedParcelRecord | undefined =>
  rows[0] && (JSON.parse(rows[0].record_json) as SavedParcelRecord);

export function createSavedParcelsRepository(db: Db) {
  return {
    /**
     * The user's records, newest first, as one JSON array joined by the database: one value to
     * decode instead of ten thousand rows (PGlite decodes each field in WASM). A record whose parcel
     * changed since it was saved (issue #43) carries its changes, and one no longer served says so.
     */
    async listByUserAsJson(userId: string): Promise<string> {
      const { rows } = await db.query<{ json: string }>(
        // Ordered by the subquery, read backwards along the (user_id, id) index, not sorted again.
        `SELECT '[' || coalesce(string_agg(record_json, ','), '') || ']' AS json
         FROM (SELECT CASE WHEN ch.changes IS NULL AND served THEN s.record_json
                           ELSE left(s.record_json, -1) || coalesce(',"changes":' || ch.changes::text, '')
                                || CASE WHEN served THEN '' ELSE ',"gone":' || json_build_object('since', ch.removed_at)::text END || '}'
                      END AS record_json
                 FROM saved_parcels s
                 CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM parcels p WHERE p.pin = s.parcel_pin) AS served) here
                 LEFT JOIN LATERAL (${SAVED_PARCEL_CHANGES}) ch ON true
                WHERE s.user_id = $1 ORDER BY s.id DESC) newest_first`,
        [userId, SAVED_PARCEL_CHANGE_KINDS],
      );
      return rows[0]?.json ?? '[]';
    },

    /** The user has looked at every change of their saved parcels published until now. */
    async markChangesSeen(userId: string): Promise<void> {
      await db.query('UPDATE saved_parcels SET changes_seen_at = now() WHERE user_id = $1', [userId]);
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
