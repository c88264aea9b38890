/** Resolves once every worker thread of this process has exited with `code`, as a crash inside it would. */
export declare function exitWorkerThreads(code: number): Promise<void>;
