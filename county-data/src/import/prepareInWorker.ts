// An import's file read and checked in a worker thread — a parcel file (prepareImportFile) or an
// overlay (prepareOverlay) — so an API doing it keeps answering the map: the progress as it goes, the
// prepared file (or the reason it could not be read) at the end.
import { startTsWorker } from '@parcel-map/database/workerThreads';
import type { OverlayImportOptions, PreparedOverlay } from './importOverlay.ts';
import type { ImportOptions, ImportProgress, PreparedFile } from './importParcels.ts';
import { PinIndex } from './PinIndex.ts';

/** What the worker is asked to do (importWorker.ts). */
export type ImportWorkerTask =
  | { kind: 'parcels'; options: Omit<ImportOptions, 'onProgress' | 'afterBatch'> }
  | { kind: 'overlay'; options: OverlayImportOptions };

export type ImportWorkerMessage =
  | { kind: 'progress'; progress: ImportProgress }
  | { kind: 'prepared'; prepared: PreparedFile | PreparedOverlay }
  | { kind: 'failed'; message: string };

export async function prepareImportFileInWorker(options: Omit<ImportOptions, 'afterBatch'>): Promise<PreparedFile> {
  const { onProgress, ...workerOptions } = options;
  const file = (await inWorker({ kind: 'parcels', options: workerOptions }, onProgress)) as PreparedFile;
  // The copy between threads keeps the index's arrays but not its class.
  file.prepared.featureOfPin = PinIndex.revive(file.prepared.featureOfPin);
  return file;
}

export function prepareOverlayInWorker(options: OverlayImportOptions): Promise<PreparedOverlay> {
  return inWorker({ kind: 'overlay', options }) as Promise<PreparedOverlay>;
}

function inWorker(task: ImportWorkerTask, onProgress?: (progress: ImportProgress) => void): Promise<PreparedFile | PreparedOverlay> {
  const worker = startTsWorker(new URL('./importWorker.ts', import.meta.url), { workerData: task });
  return new Promise<PreparedFile | PreparedOverlay>((resolve, reject) => {
    worker.on('message', (message: ImportWorkerMessage) => {
      if (message.kind === 'progress') onProgress?.(message.progress);
      else if (message.kind === 'prepared') resolve(message.prepared);
      else reject(new Error(message.message));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`the import worker stopped (exit code ${code})`)));
  }).finally(() => void worker.terminate());
}
