// `npm start`'s step before the API starts: creates and migrates the database the API uses
// (DATABASE_URL, else PGlite in DATA_DIR) and loads the generated demo county into it when it holds
// no parcels. On a first start the county is generated in a worker thread while the database is
// created and migrated.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { databaseLocationFromEnv, migrate, openDb } from '@parcel-map/database';
import { pino } from 'pino';
import { generateInWorker, type DemoGeneration } from '../demo/demoGeneration.ts';
import { seedDemoDataIfEmpty } from '../demo/seedDemoData.ts';
import { createParcelWriter } from '../publish/parcelWriter.ts';

const logger = pino({ level: process.env.LOG_LEVEL || 'info' });
const location = databaseLocationFromEnv();

let generation: DemoGeneration | undefined;
if (location.databaseUrl === undefined && !existsSync(path.join(location.dataDir, 'PG_VERSION'))) generation = generateInWorker();
const { db } = await openDb(location, {
  // `npm start` gives a county command run just before it the time to finish (DATA_DIR_LOCK_WAIT_SECONDS).
  onLockWait: (message) => logger.warn(message),
});
try {
  const applied = await migrate(db);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  if (!generation && (await createParcelWriter(db).count()) === 0) generation = generateInWorker();
  await seedDemoDataIfEmpty(db, logger, { generation });
} catch (error) {
  await generation?.cancel();
  throw error;
} finally {
  await db.close();
}
