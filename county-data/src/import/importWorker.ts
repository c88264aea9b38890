// Worker-thread entry: reads and checks an import's file — a parcel file (prepareImportFile) or an
// overlay (prepareOverlay) — off the main thread, so an API validating an upload keeps answering the
// map while it works.
import { parentPort, workerData } from 'node:worker_threads';
import { prepareOverlay } from './importOverlay.ts';
import { prepareImportFile } from './importParcels.ts';
import type { ImportWorkerMessage, ImportWorkerTask } from './prepareInWorker.ts';

const port = parentPort;
if (!port) throw new Error('importWorker.ts runs as a worker thread');
const post = (message: ImportWorkerMessage) => port.postMessage(message);
const task = workerData as ImportWorkerTask;
const prepared =
  task.kind === 'overlay' ? prepareOverlay(task.options) : prepareImportFile({ ...task.options, onProgress: (progress) => post({ kind: 'progress', progress }) });
prepared.then(
  (result) => post({ kind: 'prepared', prepared: result }),
  (error: unknown) => post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
);
