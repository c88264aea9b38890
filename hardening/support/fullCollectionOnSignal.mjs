// Preloaded into an API process a hardening check starts (see fullCollection.ts); never in production.
// Plain JavaScript: the API it is preloaded into is the compiled one, which node runs without tsx.
import { isMainThread } from 'node:worker_threads';
import { collectionReport, FULL_COLLECTION_SIGNAL } from './fullCollectionProtocol.mjs';

const collect = globalThis.gc;
if (collect === undefined) throw new Error('fullCollectionOnSignal.mjs needs node --expose-gc');

let collections = 0;
// Node runs a preload in the API's worker threads too; signals reach the main thread only.
if (isMainThread) {
  process.on(FULL_COLLECTION_SIGNAL, () => {
    collect();
    collections++;
    process.stdout.write(collectionReport(collections, process.memoryUsage().heapUsed / 2 ** 20));
  });
}
