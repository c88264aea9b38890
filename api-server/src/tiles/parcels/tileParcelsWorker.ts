// A worker thread reading one range of the current parcels (tileParcelsInWorkers.ts) on a connection of
// its own, and handing back the arrays without copying them.
import { parentPort, workerData } from 'node:worker_threads';
import { openPgConnection, type PgConnection } from '@parcel-map/database';
import { createParcelTilesRepository, type PinRange } from './parcelTilesRepository.ts';
import { readTileParcelPart } from './tileParcelPages.ts';

const { connection, range, pageSize } = workerData as { connection: PgConnection; range: PinRange; pageSize: number };
const db = await openPgConnection(connection, 1);
try {
  const part = await readTileParcelPart(createParcelTilesRepository(db), range, pageSize);
  const { arrays, boxes } = part;
  // Each array owns its ArrayBuffer (GrowableArray and GrowableText finish into new ones).
  const buffers = [boxes, arrays.fids, arrays.acres, arrays.text, arrays.textEnds, arrays.nullTexts, arrays.coords, arrays.ringStarts, arrays.outerRings, arrays.parcelRings].map((array) => array.buffer as ArrayBuffer);
  parentPort!.postMessage(part, buffers);
} finally {
  await db.close();
}
