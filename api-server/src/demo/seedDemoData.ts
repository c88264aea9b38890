// Loads the generated demo county into an empty database (first start, tests).
import { createDatasetsRepository } from '../datasets/datasetsRepository.ts';
import type { Db } from '../db/db.ts';
import { createRoadsRepository } from '../geo/roadsRepository.ts';
import type { Logger } from '../logger.ts';
import { deriveGeometry } from '../parcels/parcelGeometry.ts';
import { createParcelsRepository, type ParcelInsert } from '../parcels/parcelsRepository.ts';
import { DEMO_DATASET, generateDemoCounty, type DemoCountyOptions } from './demoCounty.ts';

const BATCH_SIZE = 1000;
// Instances starting together against one PostgreSQL seed once.
const SEED_LOCK_KEY = 4_070_002;

/** Returns the number of parcels inserted (0 when the table already had parcels). */
export async function seedDemoDataIfEmpty(db: Db, logger: Logger, options: DemoCountyOptions = {}): Promise<number> {
  const started = performance.now();
  const inserted = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const parcelsRepository = createParcelsRepository(tx);
    if ((await parcelsRepository.count()) > 0) return 0;

    const county = generateDemoCounty(options);
    const datasets = createDatasetsRepository(tx);
    const datasetId = await datasets.insert(DEMO_DATASET);
    const rows: ParcelInsert[] = county.parcels.map((parcel) => ({ ...parcel, ...deriveGeometry(parcel.geometry) }));
    for (let start = 0; start < rows.length; start += BATCH_SIZE) {
      await parcelsRepository.insertMany(rows.slice(start, start + BATCH_SIZE), datasetId);
    }
    await createRoadsRepository(tx).insertMany(county.roads, datasetId);
    await datasets.setParcelCount(datasetId, rows.length);
    return rows.length;
  });
  if (inserted > 0) {
    logger.info({ parcels: inserted, ms: Math.round(performance.now() - started) }, 'seeded the demo county');
  }
  return inserted;
}
