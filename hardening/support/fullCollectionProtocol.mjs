// What passes between a check and the API process it asked for a full collection (fullCollection.ts):
// the signal that asks, and the line the process prints once it has collected. Plain JavaScript, as
// the preload that answers (fullCollectionOnSignal.mjs) runs in the compiled API, without tsx.
export const FULL_COLLECTION_SIGNAL = 'SIGUSR2';

export const collectionReport = (count, heapUsedMb) => `full collection ${count}: ${heapUsedMb.toFixed(1)} MB of heap in use\n`;
