// What passes between a check and the API process whose worker threads it ends (workerThreadsExit.ts):
// the signal that asks, and the code the threads exit with. Plain JavaScript, as the preload that
// answers (workerThreadsExitOnSignal.mjs) runs in the compiled API, without tsx.
export const WORKER_THREADS_EXIT_SIGNAL = 'SIGHUP';

export const WORKER_THREAD_EXIT_CODE = 3;
