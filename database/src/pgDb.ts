// Db over PostgreSQL with a `pg` connection pool.
import pg from 'pg';
import type { Db, ListenEvent, PgConnection, Queryable, QueryOptions } from './db.ts';

// After a lost LISTEN connection, how long to wait before connecting again.
const RELISTEN_DELAY_MS = 1000;

/**
 * Each connection's settings unless the URL sets its own (`?options=-c work_mem=…`): an attribute
 * query ANDs the bitmaps of its filters' indexes, each of a million parcels or more in a state, and
 * under PostgreSQL's 4 MB default they turn lossy, so every row of the pages they span is read again
 * (docs/decisions.md, "Attribute queries").
 */
const CONNECTION_OPTIONS = '-c work_mem=64MB';

export interface PgDbOptions {
  max?: number;
  /** Told of pooled connections that broke while idle (PostgreSQL restarted, network cut). */
  onIdleClientError?: (error: Error) => void;
}

/** The database another thread's Db (connectionForOtherThreads) reaches, with at most `max` connections. */
export function openPgConnection({ connectionString }: PgConnection, max: number): Promise<Db> {
  return openPgDb(connectionString, { max });
}

export async function openPgDb(connectionString: string, options: PgDbOptions = {}): Promise<Db> {
  const pool = new pg.Pool({ connectionString, options: CONNECTION_OPTIONS, max: options.max ?? 10 });
  const listeners = new Set<() => Promise<void>>();
  // Connections checked out by transactions still running: close() ends them (see there).
  const inTransaction = new Set<pg.PoolClient>();
  // An idle client whose connection breaks is an 'error' event on the pool, and an unheard 'error'
  // event crashes the process. pg has already dropped that client; the next query connects afresh, so
  // the API rides out a PostgreSQL restart without being restarted itself.
  pool.on('error', (error) => options.onIdleClientError?.(error));
  // Fail at start-up, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();

  return {
    ...wrap(pool),
    singleSession: false,
    connectionForOtherThreads: { connectionString },
    load: () => ({ running: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    async transaction(fn) {
      const client = await pool.connect();
      // A checked-out client's broken connection is an 'error' event on the client, not the pool (pg
      // listens only to idle ones): unheard, it crashes the process — a PostgreSQL restart during a
      // transaction did. Heard, the transaction fails with it and the client is destroyed, not reused.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
      };
      client.on('error', onError);
      inTransaction.add(client);
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        inTransaction.delete(client);
        client.off('error', onError);
        client.release(broken);
      }
    },
    async listen(channel, onEvent) {
      const stop = await listenOn({ connectionString }, channel, onEvent);
      const unlisten = async () => {
        listeners.delete(unlisten);
        await stop();
      };
      listeners.add(unlisten);
      return unlisten;
    },
    async close() {
      await Promise.all([...listeners].map((unlisten) => unlisten()));
      // A transaction still running (an import cut short by a shutdown) is abandoned: its connection
      // ends, so its COMMIT can never come and PostgreSQL rolls it back; pool.end() would wait for it.
      await Promise.all([...inTransaction].map((client) => client.end().catch(() => undefined)));
      await pool.end();
    },
  };
}

/**
 * A LISTEN on its own connection (a pooled one would be handed to queries). When the connection
 * drops it reports `lost`, reconnects every RELISTEN_DELAY_MS and reports `restored` once listening again.
 */
async function listenOn(connection: pg.ClientConfig, channel: string, onEvent: (event: ListenEvent) => void): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client(connection);
    // Without an 'error' listener a dropped connection would crash the process; 'end' follows it.
    next.on('error', () => undefined);
    next.on('notification', (message) => {
      if (message.channel === channel) onEvent('notification');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      // Stopped while reconnecting.
      await next.end().catch(() => undefined);
      return;
    }
    next.on('end', () => {
      if (stopped) return;
      onEvent('lost');
      scheduleReconnect();
    });
    client = next;
  };
  const scheduleReconnect = () => {
    retry = setTimeout(() => {
      connect().then(
        () => {
          if (!stopped) onEvent('restored');
        },
        () => {
          if (!stopped) scheduleReconnect();
        },
      );
    }, RELISTEN_DELAY_MS);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = [], options: QueryOptions = {}) {
      const result = await target.query({ text: sql, values: [...params], name: options.statement });
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple query protocol, which accepts several statements.
      await target.query(sql);
    },
  };
}
