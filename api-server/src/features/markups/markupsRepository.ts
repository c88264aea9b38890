// SQL for markups. Every statement is scoped by user_id: a user never reaches another's rows.
import type { Db } from '@parcel-map/database';
import { MARKUPS_MAX_BYTES_PER_USER, MARKUPS_MAX_PER_USER, MARKUPS_PAGE_BYTES, type CreateMarkupBody, type Markup, type UpdateMarkupBody } from '@parcel-map/shared/contracts';
import { insertWithinQuota, type BYTES_FULL, type QUOTA_FULL } from '../../platform/userQuota.ts';

// Casts make PGlite and pg return identical JS values.
const FIELDS = `id, name, color, visible, note, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;
const COLUMNS = `${FIELDS}, geometry`;

/** A markup as a list reads it: the drawing as its stored GeoJSON text, to be sent without parsing. */
export type StoredMarkup = Omit<Markup, 'geometry'> & { geometry_json: string };

export function createMarkupsRepository(db: Db) {
  return {
    /**
     * Up to `limit` markups older than `before` (all, without it), newest first, stopping before the
     * one that would take the page's drawings past MARKUPS_PAGE_BYTES (the first is always taken), and
     * the id to ask the next page `before` (null after the last). The running sum follows the
     * (user_id, id) index's order, so the scan ends with the page.
     */
    async page(userId: string, before: number | undefined, limit: number): Promise<{ markups: StoredMarkup[]; next_before: number | null }> {
      const { rows } = await db.query<StoredMarkup & { bytes_so_far: number }>(
        `SELECT ${FIELDS}, geometry::text AS geometry_json, (sum(octet_length(geometry::text)) OVER (ORDER BY id DESC ROWS UNBOUNDED PRECEDING))::int AS bytes_so_far
           FROM markups WHERE user_id = $1 AND ($2::int IS NULL OR id < $2::int) ORDER BY id DESC LIMIT $3`,
        [userId, before ?? null, limit + 1],
      );
      // The running sum only grows, so the rows within the bytes are the first ones.
      const fitting = rows.filter((row, i) => i === 0 || row.bytes_so_far <= MARKUPS_PAGE_BYTES).slice(0, limit);
      const markups = fitting.map(({ bytes_so_far: _bytesSoFar, ...markup }) => markup);
      return { markups, next_before: rows.length > markups.length ? markups.at(-1)!.id : null };
    },

    /** QUOTA_FULL when the user keeps MARKUPS_MAX_PER_USER already; BYTES_FULL when this drawing would take theirs past MARKUPS_MAX_BYTES_PER_USER. */
    insert(userId: string, input: CreateMarkupBody): Promise<Markup | typeof QUOTA_FULL | typeof BYTES_FULL> {
      // Stored as this text (json keeps it as given), so its length is what the budget counts.
      const geometry = JSON.stringify(input.geometry);
      const quota = { table: 'markups', max: MARKUPS_MAX_PER_USER, bytes: { column: 'geometry', max: MARKUPS_MAX_BYTES_PER_USER, adding: Buffer.byteLength(geometry) } } as const;
      return insertWithinQuota(db, quota, userId, async (tx) => {
        const { rows } = await tx.query<Markup>(
          `INSERT INTO markups (user_id, name, color, geometry, visible, note) VALUES ($1, $2, $3, $4::json, $5, $6) RETURNING ${COLUMNS}`,
          [userId, input.name, input.color, geometry, input.visible ?? true, input.note ?? null],
        );
        return rows[0]!;
      });
    },

    /** Only the fields given change; undefined when the user has no such markup. */
    async update(userId: string, id: number, changes: UpdateMarkupBody): Promise<Markup | undefined> {
      const { rows } = await db.query<Markup>(
        // A note given as null clears it, so the note changes only when the body names it ($6).
        `UPDATE markups SET name = coalesce($3, name), color = coalesce($4, color), visible = coalesce($5, visible),
                            note = CASE WHEN $6::boolean THEN $7 ELSE note END
          WHERE user_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
        [userId, id, changes.name ?? null, changes.color ?? null, changes.visible ?? null, changes.note !== undefined, changes.note ?? null],
      );
      return rows[0];
    },

    async delete(userId: string, id: number): Promise<boolean> {
      const { rows } = await db.query('DELETE FROM markups WHERE user_id = $1 AND id = $2 RETURNING id', [userId, id]);
      return rows.length > 0;
    },
  };
}

export type MarkupsRepository = ReturnType<typeof createMarkupsRepository>;
