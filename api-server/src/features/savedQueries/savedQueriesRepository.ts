// SQL for saved_queries (migration 018). Every statement is scoped by user_id: a user never reaches another's rows.
import type { Db } from '@parcel-map/database';
import { SAVED_QUERIES_MAX_PER_USER, type SavedQuery } from '@parcel-map/shared/contracts';
import { insertWithinQuota, type QUOTA_FULL } from '../../platform/userQuota.ts';

// Casts make PGlite and pg return identical JS values.
const COLUMNS = `id, name, query, to_char(saved_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS saved_at`;
const PG_UNIQUE_VIOLATION = '23505';

/** Nothing written: the user keeps another query of that name. */
export const NAME_TAKEN = Symbol('name taken');

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === PG_UNIQUE_VIOLATION;

export function createSavedQueriesRepository(db: Db) {
  return {
    async list(userId: string): Promise<SavedQuery[]> {
      const { rows } = await db.query<SavedQuery>(`SELECT ${COLUMNS} FROM saved_queries WHERE user_id = $1 ORDER BY saved_at DESC, id DESC`, [userId]);
      return rows;
    },

    /** QUOTA_FULL when the user keeps SAVED_QUERIES_MAX_PER_USER already. */
    insert(userId: string, name: string, query: SavedQuery['query']): Promise<SavedQuery | typeof NAME_TAKEN | typeof QUOTA_FULL> {
      return insertWithinQuota(db, { table: 'saved_queries', max: SAVED_QUERIES_MAX_PER_USER }, userId, async (tx) => {
        const { rows } = await tx.query<SavedQuery>(
          `INSERT INTO saved_queries (user_id, name, query) VALUES ($1, $2, $3::jsonb)
           ON CONFLICT (user_id, name) DO NOTHING RETURNING ${COLUMNS}`,
          [userId, name, JSON.stringify(query)],
        );
        return rows[0] ?? NAME_TAKEN;
      });
    },

    /**
     * Only what is given changes; new conditions count as saved now (the list puts it first), a new
     * name alone does not. undefined when the user has no such query.
     */
    async update(userId: string, id: number, changes: { name?: string; query?: SavedQuery['query'] }): Promise<SavedQuery | typeof NAME_TAKEN | undefined> {
      try {
        const { rows } = await db.query<SavedQuery>(
          `UPDATE saved_queries
              SET name = coalesce($3, name), query = coalesce($4::jsonb, query), saved_at = CASE WHEN $4::jsonb IS NULL THEN saved_at ELSE now() END
            WHERE user_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
          [userId, id, changes.name ?? null, changes.query === undefined ? null : JSON.stringify(changes.query)],
        );
        return rows[0];
      } catch (error) {
        if (isUniqueViolation(error)) return NAME_TAKEN;
        throw error;
      }
    },

    async delete(userId: string, id: number): Promise<boolean> {
      const { rows } = await db.query('DELETE FROM saved_queries WHERE user_id = $1 AND id = $2 RETURNING id', [userId, id]);
      return rows.length > 0;
    },
  };
}

export type SavedQueriesRepository = ReturnType<typeof createSavedQueriesRepository>;
