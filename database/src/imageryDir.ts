import path from 'node:path';
import { databaseLocationFromEnv } from './openDb.ts';

/**
 * Where imported imagery's files are (migration 013): IMAGERY_DIR, else `imagery` in DATA_DIR — read
 * alike by the import commands that write them and the API that serves them. With DATABASE_URL the
 * files are not in the database, so every API serving it must see the same directory.
 */
export function imageryDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.IMAGERY_DIR || path.join(databaseLocationFromEnv(env).dataDir, 'imagery'));
}
