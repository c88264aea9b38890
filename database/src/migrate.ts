// Applies src/db/migrations/NNN_name.sql in order, once each, recording them in schema_migrations.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './db.ts';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');
const MIGRATION_FILE = /^(\d{3,})_[a-z0-9_]+\.sql$/;
// Any constant shared by all instances: concurrent starts against one PostgreSQL take turns.
const MIGRATION_LOCK_KEY = 4_070_001;

export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ name: string }>('SELECT name FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.name));
    const newlyApplied: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      await tx.exec(await readFile(path.join(dir, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      newlyApplied.push(file);
    }
    return newlyApplied;
  });
}
