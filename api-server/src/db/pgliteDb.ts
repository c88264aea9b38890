// Db over PGlite: Postgres compiled to WASM, in-process; persisted in a directory or in memory.
import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable } from './db.ts';

/** dataDir undefined: an in-memory database (tests). */
export async function openPgliteDb(dataDir?: string): Promise<Db> {
  if (dataDir !== undefined) await mkdir(dataDir, { recursive: true });
  // pg_trgm backs parcel search (migration 002); PostgreSQL has it built in.
  const options = { extensions: { pg_trgm } };
  const pglite = dataDir === undefined ? new PGlite(options) : new PGlite(dataDir, options);
  await pglite.waitReady;
  return {
    ...wrap(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    close: () => pglite.close(),
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
