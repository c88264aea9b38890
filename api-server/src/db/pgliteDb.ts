// Db over PGlite: Postgres compiled to WASM, in-process; persisted in a directory or in memory.
import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { acquireDataDirLock } from './dataDirLock.ts';
import type { Db, Queryable } from './db.ts';

/** dataDir undefined: an in-memory database (tests). */
export async function openPgliteDb(dataDir?: string): Promise<Db> {
  if (dataDir !== undefined) await mkdir(dataDir, { recursive: true });
  const lock = dataDir === undefined ? undefined : acquireDataDirLock(dataDir);
  // pg_trgm backs parcel search (migration 002); PostgreSQL has it built in.
  const options = { extensions: { pg_trgm } };
  const pglite = dataDir === undefined ? new PGlite(options) : new PGlite(dataDir, options);
  try {
    await pglite.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  return {
    ...wrap(pglite),
    singleSession: true,
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    // PGlite is one session in this process: a NOTIFY reaches the listener before the notifying
    // transaction's promise resolves, and the session is never lost.
    listen: (channel, onEvent) => pglite.listen(channel, () => onEvent('notification')),
    async close() {
      await pglite.close();
      lock?.release();
    },
  };
}

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, [...params]);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}
