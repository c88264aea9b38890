// Worker-thread entry: PGlite runs here, not on the API's thread. PGlite's WASM runtime on the
// thread that serves HTTP made every request dearer (measured: ~2 µs more main-thread CPU per cached
// tile, a fifth of what node:http itself costs), and its queries — parcel sets, imports — held that
// thread for their whole run. Requests arrive as pgliteProtocol.ts messages and run on PGlite in
// the order they arrive, exactly as the same calls would in-process.
import { parentPort } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { serializeError, type PgliteMessage, type PgliteRequest } from './pgliteProtocol.ts';

const port = parentPort;
if (!port) throw new Error('pgliteThread.ts runs as a worker thread');
const post = (message: PgliteMessage) => port.postMessage(message);

/** Rejects a transaction's callback so that PGlite rolls it back; not an error to report. */
const ROLLBACK = Symbol('rollback');

interface OpenTransaction {
  handle: Transaction;
  end(commit: boolean): void;
  /** PGlite's transaction() promise: settles once COMMIT or ROLLBACK has run. */
  settled: Promise<unknown>;
}

let pglite: PGlite | undefined;
let nextId = 1;
const transactions = new Map<number, OpenTransaction>();
const unlisteners = new Map<number, () => Promise<void>>();

function database(): PGlite {
  if (!pglite) throw new Error('PGlite is not open');
  return pglite;
}

function target(tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return database();
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return open.handle;
}

function begin(): Promise<number> {
  const tx = nextId++;
  return new Promise((started, failed) => {
    let end!: (commit: boolean) => void;
    const ended = new Promise<boolean>((resolve) => (end = resolve));
    const settled = database().transaction(async (handle) => {
      transactions.set(tx, { handle, end, settled });
      started(tx);
      if (!(await ended)) throw ROLLBACK;
    });
    // BEGIN failed (once started, rejecting does nothing: end() reports the outcome).
    settled.catch(failed);
  });
}

async function end(tx: number, commit: boolean): Promise<void> {
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  open.end(commit);
  try {
    await open.settled;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  } finally {
    transactions.delete(tx);
  }
}

async function run(request: PgliteRequest): Promise<unknown> {
  switch (request.op) {
    case 'open': {
      // pg_trgm backs parcel search (migration 002); PostgreSQL has it built in.
      const options = { extensions: { pg_trgm } };
      const opened = request.dataDir === undefined ? new PGlite(options) : new PGlite(request.dataDir, options);
      await opened.waitReady;
      pglite = opened;
      return undefined;
    }
    case 'query':
      // Only the rows cross back: fields and counts would be copied for nothing.
      return (await target(request.tx).query(request.sql, request.params)).rows;
    case 'exec':
      await target(request.tx).exec(request.sql);
      return undefined;
    case 'begin':
      return begin();
    case 'end':
      return end(request.tx, request.commit);
    case 'listen': {
      const listener = nextId++;
      unlisteners.set(listener, await database().listen(request.channel, () => post({ notification: listener })));
      return listener;
    }
    case 'unlisten': {
      const unlisten = unlisteners.get(request.listener);
      unlisteners.delete(request.listener);
      await unlisten?.();
      return undefined;
    }
    case 'close':
      // Work still inside a transaction (an import cut short by a shutdown) is rolled back here, not
      // left to the next start's recovery.
      for (const tx of [...transactions.keys()]) await end(tx, false).catch(() => undefined);
      await pglite?.close();
      pglite = undefined;
      // The thread may serve the next open in this process (pgliteDb.ts): nothing of this one stays.
      unlisteners.clear();
      return undefined;
  }
}

port.on('message', ({ id, request }: { id: number; request: PgliteRequest }) => {
  run(request).then(
    (value) => post({ id, ok: true, value }),
    (error: unknown) => post({ id, ok: false, error: serializeError(error) }),
  );
});
