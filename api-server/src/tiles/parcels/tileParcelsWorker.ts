// A worker thread reading one range of the current parcels (tileParcelsInWorkers.ts) on a connection of
// its own, and handing back the arrays without copying them. It then waits for them to come back once
// joined, if they do, and frees them as it ends.
import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import { openPgConnection, type PgConnection } from '@parcel-map/database';
import { createParcelTilesRepository, type PinRange } from './parcelTilesRepository.ts';
import { readTileParcelPart, tileParcelPartBuffers } from './tileParcelPages.ts';

const { connection, range, pageSize } = workerData as { connection: PgConnection; range: PinRange; pageSize: number };
const port = parentPort!;
const db = await openPgConnection(connection, 1);
try {
  const part = await readTileParcelPart(createParcelTilesRepository(db), range, pageSize);
  port.postMessage(part, tileParcelPartBuffers(part));
} finally {
  await db.close();
}
await once(port, 'message');
port.close();
