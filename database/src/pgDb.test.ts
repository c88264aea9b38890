import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseUrl } from './testing/openTestDb.ts';
import type { Db } from './db.ts';
import { openPgDb } from './pgDb.ts';

describe.skipIf(!testDatabaseUrl)('openPgDb when PostgreSQL drops its connections', () => {
  const onIdleClientError = vi.fn();
  let db: Db;
  beforeAll(async () => {
    db = await openPgDb(testDatabaseUrl!, { max: 1, onIdleClientError });
  });
  afterAll(() => db.close());

  it('survives an idle connection being terminated and reconnects on the next query', async () => {
    // One pooled connection: the backend that answers is the one left idle in the pool.
    const { rows } = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      // What a PostgreSQL restart does to every connection (an unheard pool 'error' event would crash the process).
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    } finally {
      await admin.end();
    }
    await vi.waitFor(() => expect(onIdleClientError).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('terminat') })));

    const after = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    expect(after.rows[0]!.pid).not.toBe(rows[0]!.pid);
  });
});

describe.skipIf(!testDatabaseUrl)('openPgDb load', () => {
  it('reports queries running on pool connections and those waiting for one', async () => {
    const db = await openPgDb(testDatabaseUrl!, { max: 1 });
    try {
      expect(db.load()).toEqual({ running: 0, waiting: 0 });
      const running = db.query('SELECT pg_sleep(0.5)');
      const waiting = db.query('SELECT 1');
      await vi.waitFor(() => expect(db.load()).toEqual({ running: 1, waiting: 1 }));
      await Promise.all([running, waiting]);
      expect(db.load()).toEqual({ running: 0, waiting: 0 });
    } finally {
      await db.close();
    }
  });
});
