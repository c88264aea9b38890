// prepareImportFile in a worker thread: its progress as it goes, the prepared file (or the reason it
// could not be read) at the end.
import { startTsWorker } from '@parcel-map/database/workerThreads';
import type { ImportOptions, ImportProgress, PreparedFile } from './importParcels.ts';

export type ImportWorkerMessage =
  | { kind: 'progress'; progress: ImportProgress }
  | { kind: 'prepared'; file: PreparedFile }
  | { kind: 'failed'; message: string };

export function prepareImportFileInWorker(options: Omit<ImportOptions, 'afterBatch'>): Promise<PreparedFile> {
  const { onProgress, ...workerOptions } = options;
  const worker = startTsWorker(new URL('./importWorker.ts', import.meta.url), { workerData: workerOptions });
  return new Promise<PreparedFile>((resolve, reject) => {
    worker.on('message', (message: ImportWorkerMessage) => {
      if (message.kind === 'progress') onProgress?.(message.progress);
      else if (message.kind === 'prepared') resolve(message.file);
      else reject(new Error(message.message));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`the import worker stopped (exit code ${code})`)));
  }).finally(() => void worker.terminate());
}
