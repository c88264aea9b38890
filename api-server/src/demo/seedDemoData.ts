// Loads the generated demo county into an empty database (first start, tests).
import { createDatasetsRepository } from '../datasets/datasetsRepository.ts';
import type { Db } from '../db/db.ts';
import { createRoadsRepository } from '../geo/roadsRepository.ts';
import type { Logger } from '../logger.ts';
import { deriveGeometry } from '../parcels/parcelGeometry.ts';
import { createParcelsRepository, type ParcelInsert } from '../parcels/parcelsRepository.ts';
import { DEMO_DATASET, generateDemoCounty, type DemoCountyOptions } from './demoCounty.ts';

// One JSON parameter per batch: few round trips, which is what PGlite (single-threaded WASM) needs.
const BATCH_SIZE = 5000;
// Instances starting together against one PostgreSQL seed once.
const SEED_LOCK_KEY = 4_070_002;

/** Returns the number of parcels inserted (0 when the table already had parcels). */
export async function seedDemoDataIfEmpty(db: Db, logger: Logger, options: DemoCountyOptions = {}): Promise<number> {
  const started = performance.now();
  if ((await createParcelsRepository(db).count()) > 0) return 0;
  // Generated before the transaction: with PGlite nothing else can query while it is open.
  const county = generateDemoCounty(options);
  const rows: ParcelInsert[] = county.parcels.map((parcel) => ({ ...parcel, ...deriveGeometry(parcel.geometry) }));
  const generatedMs = Math.round(performance.now() - started);
  const inserted = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const parcelsRepository = createParcelsRepository(tx);
    if ((await parcelsRepository.count()) > 0) return 0;

    const datasets = createDatasetsRepository(tx);
    const datasetId = await datasets.insert(DEMO_DATASET);
    for (let start = 0; start < rows.length; start += BATCH_SIZE) {
      await parcelsRepository.insertMany(rows.slice(start, start + BATCH_SIZE), datasetId);
    }
    await createRoadsRepository(tx).insertMany(county.roads, datasetId);
    await datasets.setParcelCount(datasetId, rows.length);
    await datasets.makeCurrent(datasetId);
    return rows.length;
  });
  if (inserted > 0) {
    logger.info({ parcels: inserted, generatedMs, ms: Math.round(performance.now() - started) }, 'seeded the demo county');
  }
  return inserted;
}
