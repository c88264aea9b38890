// How many rows of a kind one user may keep (saved parcels, markups, saved queries), and how many bytes (markups'
// drawings). The count and the insert run in one transaction under a lock on that user's rows of the table, so concurrent writes
// of one user (a burst of saves, two tabs) take turns and the quota holds exactly, on PGlite and on
// PostgreSQL alike; other users' writes never wait for it.
import type { Db, Queryable } from '@parcel-map/database';

/** pg_advisory_xact_lock's first key for these locks (beside 4_070_001–3: migrations, seed, publish). */
const USER_QUOTA_LOCK_CLASS = 4_070_004;

export const QUOTA_FULL = Symbol('quota full');
export const BYTES_FULL = Symbol('bytes full');

export interface UserQuota {
  /** A table with a user_id column. */
  table: 'saved_parcels' | 'markups' | 'saved_queries';
  max: number;
  /** A budget of bytes too: `column`'s text as stored, over all the user's rows, with the new row's `adding`. */
  bytes?: { column: 'geometry'; max: number; adding: number };
}

/** Why nothing was inserted: BYTES_FULL only where the quota has a budget of bytes. */
type Refusal<Q extends UserQuota> = typeof QUOTA_FULL | (Q extends { bytes: object } ? typeof BYTES_FULL : never);

/**
 * `insert`'s answer, or nothing inserted: QUOTA_FULL when the user already keeps `quota.max` rows,
 * BYTES_FULL when the new row would take their rows past `quota.bytes.max`.
 */
export function insertWithinQuota<T, Q extends UserQuota>(db: Db, quota: Q, userId: string, insert: (tx: Queryable) => Promise<T>): Promise<T | Refusal<Q>> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [USER_QUOTA_LOCK_CLASS, `${quota.table}:${userId}`]);
    const bytes = quota.bytes ? `coalesce(sum(octet_length(${quota.bytes.column}::text)), 0)::int` : '0';
    const { rows } = await tx.query<{ kept: number; bytes: number }>(`SELECT count(*)::int AS kept, ${bytes} AS bytes FROM ${quota.table} WHERE user_id = $1`, [userId]);
    if (rows[0]!.kept >= quota.max) return QUOTA_FULL;
    if (quota.bytes && rows[0]!.bytes + quota.bytes.adding > quota.bytes.max) return BYTES_FULL as Refusal<Q>;
    return insert(tx);
  });
}
