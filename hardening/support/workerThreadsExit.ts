// The death of the API's PGlite thread, on request: the API process runs with
// workerThreadsExitOnSignal.mjs, which makes its worker threads — the PGlite thread among them — exit
// as a crash inside them would (database/src/testing/exitWorkerThreads.mjs) on a signal.
import path from 'node:path';

export { WORKER_THREADS_EXIT_SIGNAL } from './workerThreadsExitProtocol.mjs';

/** Node arguments for the API process that make its worker threads exit on WORKER_THREADS_EXIT_SIGNAL. */
export const WORKER_THREADS_EXIT_ON_SIGNAL = ['--import', path.join(import.meta.dirname, 'workerThreadsExitOnSignal.mjs')];
