// What the import checks watch: the data an import must leave alone (a snapshot of the current data
// set and its parcels) and the moment an import is writing parcels, so a kill or a shutdown lands
// inside the write.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Queryable } from '../../database/src/db.ts';
import { openPgDb } from '../../database/src/pgDb.ts';
import { openPgliteDb } from '../../database/src/pgliteDb.ts';
import type { ApiDatabase } from './apiOnDatabase.ts';

const WRITING_TIMEOUT_MS = 120_000;
const POLL_MS = 50;

export interface Snapshot {
  /** The current data sets' ids, comma-separated (one current version per data set name). */
  current: string | null;
  datasets: number;
  parcels: number;
  checksum: string;
}

export async function snapshotOf(db: Queryable): Promise<Snapshot> {
  const { rows } = await db.query<Snapshot>(
    `SELECT (SELECT string_agg(id::text, ',' ORDER BY id) FROM datasets WHERE is_current) AS current,
            (SELECT count(*)::int FROM datasets) AS datasets,
            (SELECT count(*)::int FROM parcels) AS parcels,
            (SELECT md5(string_agg(pin || coalesce(owner, ''), ',' ORDER BY pin)) FROM parcels) AS checksum`,
  );
  return rows[0]!;
}

/** Opens the database (nothing else may hold a PGlite directory meanwhile), runs fn, closes it. */
export async function withDb<T>(database: ApiDatabase, fn: (db: Queryable) => Promise<T>): Promise<T> {
  const db = 'dataDir' in database ? await openPgliteDb(database.dataDir) : await openPgDb(database.databaseUrl, { max: 1 });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

async function walBytes(dataDir: string): Promise<number> {
  const dir = path.join(dataDir, 'pg_wal');
  const files = await readdir(dir).catch(() => []);
  const sizes = await Promise.all(files.map((name) => stat(path.join(dir, name)).then((info) => (info.isFile() ? info.size : 0), () => 0)));
  return sizes.reduce((sum, size) => sum + size, 0);
}

/**
 * Resolves once an import is writing parcels: PostgreSQL shows its INSERT in pg_stat_activity;
 * PGlite (one process holds it) shows its write-ahead log growing by more than a megabyte.
 * `stillRunning` names why waiting is pointless (the importing process ended), else undefined.
 */
export async function untilWriting(database: ApiDatabase, stillRunning: () => string | undefined): Promise<string> {
  const deadline = Date.now() + WRITING_TIMEOUT_MS;
  const walBefore = 'dataDir' in database ? await walBytes(database.dataDir) : 0;
  const observer = 'databaseUrl' in database ? await openPgDb(database.databaseUrl, { max: 1 }) : undefined;
  try {
    while (Date.now() < deadline) {
      const ended = stillRunning();
      if (ended !== undefined) throw new Error(`${ended} before the import was seen writing`);
      if (observer) {
        const { rows } = await observer.query("SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'INSERT INTO parcels%' AND state = 'active'");
        if (rows.length > 0) return 'its INSERT INTO parcels active in pg_stat_activity';
      } else if ((await walBytes((database as { dataDir: string }).dataDir)) - walBefore > 1_000_000) {
        return 'its write-ahead log grown by over 1 MB';
      }
      await sleep(POLL_MS);
    }
    throw new Error(`the import was not seen writing within ${WRITING_TIMEOUT_MS} ms`);
  } finally {
    await observer?.close();
  }
}
