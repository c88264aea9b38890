// Db over PGlite: Postgres compiled to WASM, persisted in a directory or in memory, run in a worker
// thread (pgliteThread.ts) so that neither its runtime nor its queries sit on the thread that serves
// HTTP. This side turns Db calls into pgliteProtocol.ts requests and their replies back into values.
import { mkdir } from 'node:fs/promises';
import type { Worker } from 'node:worker_threads';
import { startTsWorker } from './startTsWorker.ts';
import { waitForDataDirLock } from './dataDirLockWait.ts';
import type { Db, ListenEvent, Queryable } from './db.ts';
import { deserializeError, type PgliteMessage, type PgliteRequest } from './pgliteProtocol.ts';

interface PgliteThread {
  call<T>(request: PgliteRequest): Promise<T>;
  /** Calls waiting on the thread, the one it is running among them. */
  pendingCalls(): number;
  onNotification(listener: number, handler: (() => void) | undefined): void;
  exited(): boolean;
  /** Told once, with the cause, when the thread dies. */
  onExit(handler: (error: Error) => void): void;
  terminate(): Promise<void>;
}

export interface PgliteDbOptions {
  /**
   * The thread died (a crash, not close()): every call fails from then on and nothing brings the
   * database back in this process, so a server should exit and let its supervisor restart it.
   */
  onThreadLost?(error: Error): void;
  /** How long to wait for a process holding `dataDir` to let it go (0, the default: refuse at once). */
  lockWaitMs?: number;
  /** Told once, when that wait begins, what it waits for: a line for the log. */
  onLockWait?(message: string): void;
}

/** dataDir undefined: an in-memory database (tests). */
export async function openPgliteDb(dataDir?: string, options: PgliteDbOptions = {}): Promise<Db> {
  if (dataDir !== undefined) await mkdir(dataDir, { recursive: true });
  const lock = dataDir === undefined ? undefined : await waitForDataDirLock(dataDir, { waitMs: options.lockWaitMs ?? 0, onWait: options.onLockWait });
  let closing = false;
  let lost = false;
  const shared = takePgliteThread();
  const thread = leased(shared);
  thread.onExit((error) => {
    lost = true;
    if (!closing) options.onThreadLost?.(error);
  });
  try {
    await thread.call({ op: 'open', dataDir });
  } catch (error) {
    closing = true;
    await thread.terminate();
    lock?.release();
    throw error;
  }
  return {
    ...queryable(thread),
    singleSession: true,
    connectionForOtherThreads: null,
    load() {
      const pending = thread.pendingCalls();
      return { running: Math.min(pending, 1), waiting: Math.max(pending - 1, 0) };
    },
    async transaction(fn) {
      const tx = await thread.call<number>({ op: 'begin' });
      let result;
      try {
        result = await fn(queryable(thread, tx));
      } catch (error) {
        await thread.call({ op: 'end', tx, commit: false });
        throw error;
      }
      await thread.call({ op: 'end', tx, commit: true });
      return result;
    },
    // PGlite is one session: a NOTIFY reaches the listener before the notifying transaction's
    // promise resolves (the thread posts it before its reply to COMMIT), and it is never lost.
    async listen(channel: string, onEvent: (event: ListenEvent) => void) {
      const listener = await thread.call<number>({ op: 'listen', channel });
      thread.onNotification(listener, () => onEvent('notification'));
      return async () => {
        thread.onNotification(listener, undefined);
        await thread.call({ op: 'unlisten', listener });
      };
    },
    async close() {
      // Closed once already: the thread may serve another database by now, so it is not touched.
      if (closing) throw new Error('the database is closed');
      closing = true;
      try {
        // A lost thread took its database with it: nothing is left to close.
        if (!lost) await thread.call({ op: 'close' });
      } catch (error) {
        await thread.terminate();
        throw error;
      } finally {
        thread.release();
        lock?.release();
      }
      if (!lost) await keepIdle(shared);
    },
  };
}

function queryable(thread: PgliteThread, tx?: number): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return { rows: await thread.call<T[]>({ op: 'query', sql, params: [...params], tx }) };
    },
    async exec(sql: string) {
      await thread.call({ op: 'exec', sql, tx });
    },
  };
}

/**
 * A closed database's thread, kept for the next open in this process (test files open a hundred in
 * a few processes). PGlite's JavaScript and WebAssembly are loaded once per thread: an open in a thread
 * that has run PGlite before costs about half the CPU of one in a new thread. Unreferenced, the kept
 * thread holds no process open.
 */
let idleThread: PgliteThread | undefined;

function takePgliteThread(): PgliteThread {
  const kept = idleThread;
  idleThread = undefined;
  return kept && !kept.exited() ? kept : startPgliteThread();
}

async function keepIdle(thread: PgliteThread): Promise<void> {
  if (idleThread && !idleThread.exited()) {
    await thread.terminate();
    return;
  }
  thread.onExit(() => undefined);
  idleThread = thread;
}

/** A database's use of a thread: once it is closed, its calls fail instead of reaching the next database the thread serves. */
function leased(thread: PgliteThread): PgliteThread & { release(): void } {
  let released = false;
  return {
    ...thread,
    call: <T>(request: PgliteRequest) => (released ? Promise.reject(new Error('the database is closed')) : thread.call<T>(request)),
    release() {
      released = true;
    },
  };
}

function startPgliteThread(): PgliteThread {
  const worker: Worker = startTsWorker(new URL('./pgliteThread.ts', import.meta.url));
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const notificationHandlers = new Map<number, () => void>();
  let nextId = 1;
  let exited: Error | undefined;
  let onExit: (error: Error) => void = () => undefined;
  // The thread keeps the process alive only while a call waits on it, as a query in-process would.
  worker.unref();

  worker.on('message', (message: PgliteMessage) => {
    if ('notification' in message) {
      notificationHandlers.get(message.notification)?.();
      return;
    }
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    if (pending.size === 0) worker.unref();
    if (message.ok) call.resolve(message.value);
    else call.reject(deserializeError(message.error));
  });
  const fail = (error: Error) => {
    exited ??= error;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  worker.on('error', fail);
  // 'error' (an uncaught exception in the thread) is followed by 'exit': reported once, with the cause.
  worker.on('exit', (code) => {
    fail(new Error(`the PGlite thread exited (code ${code})`));
    onExit(exited!);
  });

  return {
    call<T>(request: PgliteRequest) {
      if (exited) return Promise.reject(exited);
      const id = nextId++;
      if (pending.size === 0) worker.ref();
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        worker.postMessage({ id, request });
      });
    },
    pendingCalls: () => pending.size,
    exited: () => exited !== undefined,
    onExit(handler) {
      onExit = handler;
    },
    onNotification(listener, handler) {
      if (handler) notificationHandlers.set(listener, handler);
      else notificationHandlers.delete(listener);
    },
    async terminate() {
      await worker.terminate();
    },
  };
}
