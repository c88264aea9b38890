import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.ts';
import { openPgliteDb } from './pgliteDb.ts';
import { exitWorkerThreads } from './testing/exitWorkerThreads.mjs';

describe('openPgliteDb (PGlite in its worker thread)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPgliteDb();
    await db.exec('CREATE TABLE things (id int PRIMARY KEY, label text)');
  });
  afterAll(() => db.close());

  it('leaves the calling thread free while a statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    try {
      await db.query('SELECT pg_sleep(0.3)');
    } finally {
      clearInterval(timer);
    }
    // In-process, PGlite's WASM holds the thread for the whole statement: no tick at all.
    expect(ticks).toBeGreaterThan(5);
  });

  it('answers rows with the values PGlite decodes (dates, numbers, JSON, nulls)', async () => {
    const { rows } = await db.query<{ n: number; at: Date; doc: unknown; none: null }>(
      `SELECT 42::int AS n, '2024-05-01T12:00:00Z'::timestamptz AS at, '{"a":[1,2]}'::jsonb AS doc, NULL AS none`,
    );
    expect(rows).toEqual([{ n: 42, at: new Date('2024-05-01T12:00:00Z'), doc: { a: [1, 2] }, none: null }]);
  });

  it('rejects a failed statement with its SQLSTATE code and message', async () => {
    await db.query('INSERT INTO things VALUES (1, $1)', ['one']);
    const failure = db.query('INSERT INTO things VALUES (1, $1)', ['again']);
    await expect(failure).rejects.toMatchObject({ code: '23505', message: expect.stringContaining('duplicate key') });
  });

  it('commits a transaction whose function resolves and rolls back one whose function throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO things VALUES (2, $1)', ['two']);
    });
    const thrown = new Error('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO things VALUES (3, $1)', ['three']);
        throw thrown;
      }),
    ).rejects.toBe(thrown);
    const { rows } = await db.query<{ id: number }>('SELECT id FROM things WHERE id IN (2, 3) ORDER BY id');
    expect(rows).toEqual([{ id: 2 }]);
  });

  it('delivers a NOTIFY before the notifying transaction resolves, and no more once unlistened', async () => {
    const events: string[] = [];
    const unlisten = await db.listen('things_changed', (event) => events.push(event));
    await db.transaction(async (tx) => {
      await tx.query("SELECT pg_notify('things_changed', '')");
    });
    expect(events).toEqual(['notification']);
    await unlisten();
    await db.query("SELECT pg_notify('things_changed', '')");
    expect(events).toEqual(['notification']);
  });
});

describe('a closed PGlite database', () => {
  it('rejects further calls, and closing is not reported as a lost thread', async () => {
    const lost: Error[] = [];
    const db = await openPgliteDb(undefined, { onThreadLost: (error) => lost.push(error) });
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow('the database is closed');
    expect(lost).toEqual([]);
  });

  it('closed twice, leaves alone the thread it handed on to the next database', async () => {
    const first = await openPgliteDb();
    await first.close();
    const next = await openPgliteDb();
    try {
      await expect(first.close()).rejects.toThrow('the database is closed');
      expect((await next.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await next.close();
    }
  });
});

describe('a PGlite database closed while a transaction runs', () => {
  it('abandons the transaction: it fails, and what it wrote is rolled back', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pglite-close-tx-'));
    try {
      const db = await openPgliteDb(dataDir);
      await db.exec('CREATE TABLE things (id int PRIMARY KEY)');
      let inserted!: () => void;
      const insertedOne = new Promise<void>((resolve) => (inserted = resolve));
      let finish!: () => void;
      const finishing = new Promise<void>((resolve) => (finish = resolve));
      const outcome = db
        .transaction(async (tx) => {
          await tx.query('INSERT INTO things VALUES (1)');
          inserted();
          await finishing;
          await tx.query('INSERT INTO things VALUES (2)');
        })
        .then(() => 'committed', () => 'failed');
      await insertedOne;
      await db.close();
      finish();
      expect(await outcome).toBe('failed');

      const reopened = await openPgliteDb(dataDir);
      try {
        expect((await reopened.query('SELECT id FROM things')).rows).toEqual([]);
      } finally {
        await reopened.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a PGlite database whose thread dies', () => {
  it('reports the loss once, fails the call in flight and every later one', async () => {
    const lost: Error[] = [];
    const db = await openPgliteDb(undefined, { onThreadLost: (error) => lost.push(error) });
    const inFlight = expect(db.query('SELECT pg_sleep(5)')).rejects.toThrow('the PGlite thread exited (code 70)');
    expect(db.load()).toEqual({ running: 1, waiting: 0 });
    await exitWorkerThreads(70);
    await inFlight;
    await expect(db.query('SELECT 1')).rejects.toThrow('the PGlite thread exited (code 70)');
    expect(lost.map((error) => error.message)).toEqual(['the PGlite thread exited (code 70)']);
    await db.close();
  });
});
