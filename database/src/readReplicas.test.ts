import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.ts';
import { openReadReplica } from './readReplicas.ts';
import { openTestDb, testDatabaseUrl } from './testing/openTestDb.ts';

describe.skipIf(!testDatabaseUrl)('openReadReplica given several replicas', () => {
  let primary: Db;
  let replicas: Db[];
  beforeAll(async () => {
    primary = await openTestDb('migrated');
    replicas = [await openTestDb('migrated'), await openTestDb('migrated')];
  });
  afterAll(async () => {
    await Promise.all([primary, ...replicas].map((db) => db.close()));
  });

  it('reads one of them for every query, the one it names', async () => {
    const names = await Promise.all(replicas.map(async (db) => (await db.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name));
    const { readDb, url } = await openReadReplica(primary, replicas.map((db) => db.connectionForOtherThreads!.connectionString));
    try {
      const read = new Set<string>();
      for (let i = 0; i < 8; i += 1) read.add((await readDb.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name);
      expect(read.size).toBe(1);
      expect(names).toContain([...read][0]);
      expect(url).toBe(replicas[names.indexOf([...read][0]!)]!.connectionForOtherThreads!.connectionString);
    } finally {
      await readDb.close();
    }
  });
});
