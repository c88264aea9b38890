// Reads the current parcels into memory on several threads (PostgreSQL): each worker reads a range of
// PINs on a connection of its own. On one thread, parsing a state's rows and packing them was the
// bound (the database's side took a second core only in part); the ranges spread it over the cores.
import { once } from 'node:events';
import { startTsWorker } from '@parcel-map/database/workerThreads';
import type { PgConnection } from '@parcel-map/database';
import type { PinRange } from './parcelTilesRepository.ts';
import type { TileParcelPart } from './tileParcelPages.ts';

/** Pages of 5,000 rows outlived the young generation: garbage collection took a quarter of a worker's time. */
const WORKER_PAGE_SIZE = 1000;

export function readTileParcelsInWorkers(connection: PgConnection, ranges: readonly PinRange[]): Promise<TileParcelPart[]> {
  return Promise.all(ranges.map((range) => readInWorker(connection, range)));
}

async function readInWorker(connection: PgConnection, range: PinRange): Promise<TileParcelPart> {
  const worker = startTsWorker(new URL('./tileParcelsWorker.ts', import.meta.url), { workerData: { connection, range, pageSize: WORKER_PAGE_SIZE } });
  // 'error' rejects once(); an exit without a message (killed) is an error too. Once it has sent its
  // part the worker closes its connection and ends by itself.
  const exited = once(worker, 'exit').then(([code]) => Promise.reject(new Error(`reading parcels in a worker thread: it exited (${code})`)));
  exited.catch(() => undefined);
  try {
    const [part] = (await Promise.race([once(worker, 'message'), exited])) as [TileParcelPart];
    return part;
  } catch (error) {
    void worker.terminate();
    throw error;
  }
}
