// The one database seam: PGlite (embedded) and PostgreSQL (`pg`) both sit behind it, so every
// repository runs the same parameterised SQL in both modes (DESIGN §4).

export interface QueryResult<T> {
  rows: T[];
}

export interface QueryOptions {
  /**
   * On PostgreSQL, plan the statement once per connection under this name and reuse the plan (a
   * prepared statement): for hot lookups whose planning costs more than running them — on the
   * partitioned parcels table a parcel by PIN was planned in ~0.5 ms and ran in ~0.1 ms. One name,
   * one SQL text. PGlite plans each time.
   */
  statement?: string;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * What a LISTEN subscription reports: a NOTIFY on its channel (delivered once the notifying
 * transaction commits), or — PostgreSQL only — its connection lost (notifications can be missed
 * until it is `restored`).
 */
export type ListenEvent = 'notification' | 'lost' | 'restored';

/** How busy the database is at one moment (metrics). */
export interface DbLoad {
  /** Queries running: pool connections in use (PostgreSQL), 0 or 1 (PGlite, one session). */
  running: number;
  /** Queries waiting for a connection (PostgreSQL) or for PGlite's one session. */
  waiting: number;
}

/** A PostgreSQL database as a connection reaches it: plain data, so it can be handed to a worker thread. */
export interface PgConnection {
  connectionString: string;
}

export interface Db extends Queryable {
  /**
   * True when the database is a single session in this process (PGlite): while a transaction runs
   * nobody else can read, so bulk writes may take locks PostgreSQL readers would wait on.
   */
  readonly singleSession: boolean;
  /** How another thread reaches the same database (PostgreSQL); null for PGlite, whose one session is this process's. */
  readonly connectionForOtherThreads: PgConnection | null;
  /** LISTENs on `channel` until the returned function is called (or the Db closed). */
  listen(channel: string, onEvent: (event: ListenEvent) => void): Promise<() => Promise<void>>;
  /** Runs fn inside BEGIN/COMMIT on one connection; a rejection rolls back and is rethrown. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  load(): DbLoad;
  close(): Promise<void>;
}
