// Worker-thread entry: reads, maps and validates an import's file (prepareImportFile) off the main
// thread, so an API validating an upload keeps answering the map while it works.
import { parentPort, workerData } from 'node:worker_threads';
import { prepareImportFile, type ImportOptions } from './importParcels.ts';
import type { ImportWorkerMessage } from './prepareInWorker.ts';

const port = parentPort;
if (!port) throw new Error('importWorker.ts runs as a worker thread');
const post = (message: ImportWorkerMessage) => port.postMessage(message);
prepareImportFile({ ...(workerData as Omit<ImportOptions, 'onProgress' | 'afterBatch'>), onProgress: (progress) => post({ kind: 'progress', progress }) }).then(
  (file) => post({ kind: 'prepared', file }),
  (error: unknown) => post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
);
