import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseUrl } from './testing/openTestDb.ts';
import { createScratchDatabase } from './testing/scratchDatabase.ts';
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

describe.skipIf(!testDatabaseUrl)('openPgDb closed while a transaction runs', () => {
  it('abandons the transaction: it fails, and what it wrote is rolled back', async () => {
    const scratch = await createScratchDatabase(testDatabaseUrl!, 'database', 'close_tx');
    try {
      const setup = await openPgDb(scratch.url, { max: 1 });
      await setup.exec('CREATE TABLE things (id int PRIMARY KEY)');
      await setup.close();

      const db = await openPgDb(scratch.url);
      let inserted!: () => void;
      const insertedOne = new Promise<void>((resolve) => (inserted = resolve));
      const transaction = db.transaction(async (tx) => {
        await tx.query('INSERT INTO things VALUES (1)');
        inserted();
        await tx.query('SELECT pg_sleep(2)');
        await tx.query('INSERT INTO things VALUES (2)');
      });
      const outcome = transaction.then(() => 'committed', () => 'failed');
      await insertedOne;
      await db.close();
      expect(await outcome).toBe('failed');

      const reader = await openPgDb(scratch.url, { max: 1 });
      try {
        // The backend notices the lost connection once its pg_sleep ends, and rolls back.
        await vi.waitFor(async () => expect((await reader.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep%'")).rows).toEqual([{ n: 0 }]), { timeout: 10_000 });
        expect((await reader.query('SELECT id FROM things')).rows).toEqual([]);
      } finally {
        await reader.close();
      }
    } finally {
      await scratch.drop();
    }
  });
});

describe.skipIf(!testDatabaseUrl)('openPgDb prepared statements', () => {
  it('plans a named statement once per connection and reuses it, with each call its own parameters', async () => {
    const db = await openPgDb(testDatabaseUrl!, { max: 1 });
    try {
      const twice = (n: number) => db.query<{ twice: number }>('SELECT $1::int * 2 AS twice', [n], { statement: 'twice' });
      expect((await twice(2)).rows).toEqual([{ twice: 4 }]);
      expect((await twice(5)).rows).toEqual([{ twice: 10 }]);
      const prepared = await db.query<{ name: string; calls: number }>(`SELECT name, (generic_plans + custom_plans)::int AS calls FROM pg_prepared_statements`);
      expect(prepared.rows).toEqual([{ name: 'twice', calls: 2 }]);
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(!testDatabaseUrl)('openPgDb connection settings', () => {
  const workMemOf = async (url: string) => {
    const db = await openPgDb(url, { max: 1 });
    try {
      return (await db.query<{ work_mem: string }>('SHOW work_mem')).rows[0]!.work_mem;
    } finally {
      await db.close();
    }
  };

  it("gives each connection the attribute queries' work_mem, and leaves a URL's own settings to it", async () => {
    expect(await workMemOf(testDatabaseUrl!)).toBe('64MB');
    const own = new URL(testDatabaseUrl!);
    own.searchParams.set('options', '-c work_mem=8MB');
    expect(await workMemOf(own.toString())).toBe('8MB');
  });
});
