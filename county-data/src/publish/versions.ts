// What data sets (migration 007), overlays (migration 011) and imagery (migration 013) share: named
// things published in versions. A publish writes a name's next version and makes it current, a rollback brings back the
// previous one, a removal drops every version. Each is one transaction under one advisory lock, so
// readers see the old version until the commit and then the new one, and two publishers (CLI, API,
// seed) against one PostgreSQL take turns. Each table's trigger bumps the data version in the same
// transaction. What differs — the row's columns, where a version's rows wait while it is not current,
// its counts — is the kind's.
import type { Db, Queryable } from '@parcel-map/database';

const PUBLISH_LOCK_KEY = 4_070_003;
/** The current version and the two before it are kept; older ones are dropped by the next publish. */
export const KEPT_VERSIONS = 3;

/** A refused request about data sets or overlays: an unknown name, a malformed one, or a conflict with what is served. */
export class DatasetError extends Error {
  constructor(
    message: string,
    readonly kind: 'not-found' | 'invalid' | 'conflict' = 'conflict',
  ) {
    super(message);
    this.name = 'DatasetError';
  }
}

export interface VersionedKind {
  /** One row per version, with id, name, version and is_current; deleting a row takes its content with it. */
  table: 'datasets' | 'overlays' | 'imagery';
  /** How messages name one, in lower case: 'data set', 'overlay'. */
  noun: string;
  /** Inside the transaction: the version stops being served (its rows move aside) … */
  retire?(tx: Queryable, id: number): Promise<void>;
  /** … or is served again, as `name`'s version. */
  restore?(tx: Queryable, id: number, name: string): Promise<void>;
  /** Records a version's counts and extent, once its content is written (a kind whose row says it all has none). */
  summarise?(tx: Queryable, id: number): Promise<void>;
}

/**
 * Writes `name`'s next version inside one transaction: `insert` adds its row (the version number is
 * `nextVersion`'s SQL) and answers its id, `write` its content; it then becomes current, the previous
 * current version retires, and versions beyond the kept ones are dropped. Answers `answer`'s reading
 * of the new version, inside the transaction.
 */
export async function publishVersion<T>(
  db: Db,
  kind: VersionedKind,
  name: string,
  steps: { insert(tx: Queryable): Promise<number>; write(tx: Queryable, id: number): Promise<void>; answer(tx: Queryable, id: number): Promise<T> },
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [PUBLISH_LOCK_KEY]);
    const id = await steps.insert(tx);
    const current = await currentVersionOf(tx, kind, name);
    await steps.write(tx, id);
    await kind.summarise?.(tx, id);
    // Last: retiring may lock readers out until the commit (parcelVersionTables.ts).
    if (current !== undefined) await kind.retire?.(tx, current.id);
    await makeCurrent(tx, kind, name, id);
    await tx.query(`DELETE FROM ${kind.table} WHERE name = $1 AND version <= (SELECT max(version) FROM ${kind.table} WHERE name = $1) - $2`, [name, KEPT_VERSIONS]);
    return steps.answer(tx, id);
  });
}

/** The SQL of the next version number of the name given as $1 (for an INSERT … SELECT … FROM the table WHERE name = $1). */
export const NEXT_VERSION = 'coalesce(max(version), 0) + 1';

/** Makes the version before the current one current again; answers its id. */
export async function rollbackVersion(db: Db, kind: VersionedKind, name: string): Promise<number> {
  return serveKeptVersion(db, kind, name, async (tx, current) => {
    const { rows } = await tx.query<{ id: number }>(`SELECT id FROM ${kind.table} WHERE name = $1 AND version < $2 ORDER BY version DESC LIMIT 1`, [name, current.version]);
    if (rows[0] === undefined) throw new DatasetError(`${capitalised(kind.noun)} '${name}' has no earlier version to roll back to`);
    return rows[0].id;
  });
}

/** Makes a kept version that is not current — one rolled back from, or an older one — current again (roll forward); answers its id. */
export async function republishVersion(db: Db, kind: VersionedKind, name: string, version: number): Promise<number> {
  return serveKeptVersion(db, kind, name, async (tx, current) => {
    const { rows } = await tx.query<{ id: number }>(`SELECT id FROM ${kind.table} WHERE name = $1 AND version = $2`, [name, version]);
    if (rows[0] === undefined) throw new DatasetError(`${capitalised(kind.noun)} '${name}' keeps no version ${version}`, 'not-found');
    if (rows[0].id === current.id) throw new DatasetError(`Version ${version} of ${kind.noun} '${name}' is the one published already`);
    return rows[0].id;
  });
}

/** Under the publish lock, retires `name`'s current version and serves the kept one `pick` answers instead. */
async function serveKeptVersion(db: Db, kind: VersionedKind, name: string, pick: (tx: Queryable, current: { id: number; version: number }) => Promise<number>): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [PUBLISH_LOCK_KEY]);
    const current = await currentVersionOf(tx, kind, name);
    if (!current) throw unknownName(kind, name);
    const served = await pick(tx, current);
    await kind.retire?.(tx, current.id);
    // Its counts and extent were recorded when it was published.
    await kind.restore?.(tx, served, name);
    await makeCurrent(tx, kind, name, served);
    return served;
  });
}

/** Removes every version of `name` and what they hold; answers the rows removed (what lives outside the database, imagery's files, goes after). */
export async function removeVersions<Row = Record<string, unknown>>(db: Db, kind: VersionedKind, name: string, returning = 'id'): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [PUBLISH_LOCK_KEY]);
    const { rows } = await tx.query<Row & object>(`DELETE FROM ${kind.table} WHERE name = $1 RETURNING ${returning}`, [name]);
    if (rows.length === 0) throw unknownName(kind, name);
    return rows;
  });
}

async function currentVersionOf(tx: Queryable, kind: VersionedKind, name: string): Promise<{ id: number; version: number } | undefined> {
  const { rows } = await tx.query<{ id: number; version: number }>(`SELECT id, version FROM ${kind.table} WHERE name = $1 AND is_current`, [name]);
  return rows[0];
}

/** `id` becomes its name's current version. */
async function makeCurrent(tx: Queryable, kind: VersionedKind, name: string, id: number): Promise<void> {
  await tx.query(`UPDATE ${kind.table} SET is_current = false WHERE name = $1 AND is_current AND id <> $2`, [name, id]);
  await tx.query(`UPDATE ${kind.table} SET is_current = true WHERE id = $1`, [id]);
}

function unknownName(kind: VersionedKind, name: string): DatasetError {
  return new DatasetError(`There is no ${kind.noun} named '${name}'`, 'not-found');
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
