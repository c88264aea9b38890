export declare const WORKER_THREADS_EXIT_SIGNAL: NodeJS.Signals;
/** The code the threads exit with. */
export declare const WORKER_THREAD_EXIT_CODE: number;
