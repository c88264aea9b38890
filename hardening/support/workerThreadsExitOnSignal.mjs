// Preloaded into an API process a hardening check starts (see workerThreadsExit.ts); never in production.
// Plain JavaScript: the API it is preloaded into is the compiled one, which node runs without tsx.
import { isMainThread } from 'node:worker_threads';
import { exitWorkerThreads } from '../../database/src/testing/exitWorkerThreads.mjs';
import { WORKER_THREAD_EXIT_CODE, WORKER_THREADS_EXIT_SIGNAL } from './workerThreadsExitProtocol.mjs';

// Node runs a preload in the API's worker threads too; signals reach the main thread only.
if (isMainThread) {
  process.on(WORKER_THREADS_EXIT_SIGNAL, () => void exitWorkerThreads(WORKER_THREAD_EXIT_CODE));
}
