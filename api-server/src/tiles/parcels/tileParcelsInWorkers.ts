// Reads the current parcels into memory on several threads (PostgreSQL): each worker reads a range of
// PINs on a connection of its own. On one thread, parsing a state's rows and packing them was the
// bound (the database's side took a second core only in part); the ranges spread it over the cores.
import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '@parcel-map/database/workerThreads';
import type { PgConnection } from '@parcel-map/database';
import type { PinRange } from './parcelTilesRepository.ts';
import { joinTileParcelParts, tileParcelPartBuffers, type TileParcelPart } from './tileParcelPages.ts';

/** Pages of 5,000 rows outlived the young generation: garbage collection took a quarter of a worker's time. */
const WORKER_PAGE_SIZE = 1000;

/** The ranges' parcels, one after another (the ranges in PIN order, as pinRangesBetween cuts them). */
export async function readTileParcelsInWorkers(connection: PgConnection, ranges: readonly PinRange[]): Promise<TileParcelPart> {
  const reads = await Promise.allSettled(ranges.map((range) => readInWorker(connection, range)));
  const read = reads.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = reads.find((result) => result.status === 'rejected');
  const joined = failed ? undefined : joinTileParcelParts(read.map(({ part }) => part));
  // The parts, once copied into the joined arrays, go back to their workers, which free them as they
  // end. Left to this thread's collector they stayed (~1 GB at 5,000,000 parcels) until its next full
  // collection, and freeing them then stalled the tile build it fell on by over 100 ms.
  for (const { worker, part } of read) worker.postMessage(null, part === joined ? [] : tileParcelPartBuffers(part));
  if (failed) throw failed.reason;
  return joined!;
}

async function readInWorker(connection: PgConnection, range: PinRange): Promise<{ worker: Worker; part: TileParcelPart }> {
  const worker = startTsWorker(new URL('./tileParcelsWorker.ts', import.meta.url), { workerData: { connection, range, pageSize: WORKER_PAGE_SIZE } });
  // 'error' rejects once(); an exit before the part (killed) is an error too. Once it has sent its part
  // the worker closes its connection, waits for the part to come back and ends.
  const exited = once(worker, 'exit').then(([code]) => Promise.reject(new Error(`reading parcels in a worker thread: it exited (${code})`)));
  exited.catch(() => undefined);
  try {
    const [part] = (await Promise.race([once(worker, 'message'), exited])) as [TileParcelPart];
    return { worker, part };
  } catch (error) {
    void worker.terminate();
    throw error;
  }
}
