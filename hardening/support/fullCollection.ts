// A full garbage collection in an API process a check started, on request: the process runs with
// --expose-gc and fullCollectionOnSignal.mjs, which collects on SIGUSR2 and prints a report line.
// Under load the API's heap is a sawtooth whose period the collector chooses: a run traced here went
// 64 s without a full collection while promoted request garbage grew the old space from 100 to 280 MB.
// Memory read right after a collection is the level the process keeps, whatever the sawtooth does.

import path from 'node:path';

export { FULL_COLLECTION_SIGNAL } from './fullCollectionProtocol.mjs';

/** Node arguments for the API process that make it collect on FULL_COLLECTION_SIGNAL. */
export const FULL_COLLECTION_ON_SIGNAL = ['--expose-gc', '--import', path.join(import.meta.dirname, 'fullCollectionOnSignal.mjs')];

/** The heap in use after the process's collection number `count`, once it has printed its report. */
export function heapUsedAfterCollection(output: string, count: number): number | undefined {
  const match = new RegExp(`full collection ${count}: ([\\d.]+) MB of heap in use`).exec(output);
  return match === null ? undefined : Number(match[1]);
}
