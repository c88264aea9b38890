// How many rows of a kind one user may keep (issue #26: saved parcels, markups). The count and the
// insert run in one transaction under a lock on that user's rows of the table, so concurrent writes
// of one user (a burst of saves, two tabs) take turns and the quota holds exactly, on PGlite and on
// PostgreSQL alike; other users' writes never wait for it.
import type { Db, Queryable } from '@parcel-map/database';

/** pg_advisory_xact_lock's first key for these locks (beside 4_070_001–3: migrations, seed, publish). */
const USER_QUOTA_LOCK_CLASS = 4_070_004;

export const QUOTA_FULL = Symbol('quota full');

export interface UserQuota {
  /** A table with a user_id column. */
  table: 'saved_parcels' | 'markups';
  max: number;
}

/** `insert`'s answer, or QUOTA_FULL (nothing inserted) when the user already keeps `quota.max` rows. */
export function insertWithinQuota<T>(db: Db, quota: UserQuota, userId: string, insert: (tx: Queryable) => Promise<T>): Promise<T | typeof QUOTA_FULL> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [USER_QUOTA_LOCK_CLASS, `${quota.table}:${userId}`]);
    const { rows } = await tx.query<{ kept: number }>(`SELECT count(*)::int AS kept FROM ${quota.table} WHERE user_id = $1`, [userId]);
    if (rows[0]!.kept >= quota.max) return QUOTA_FULL;
    return insert(tx);
  });
}
