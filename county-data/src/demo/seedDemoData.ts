// Loads the generated demo county into an empty database (first start, tests). The first start is
// budgeted at 60 s on two cores, so: the county is generated in a worker thread while the main
// thread opens and migrates the database (the seed command starts it early), batches are inserted
// while the worker is still making the rest, each batch travels as one pre-serialised JSON
// parameter, and the secondary parcel indexes are built once after the load instead of row by row.
import type { Db, Queryable } from '@parcel-map/database';
import type { Logger } from 'pino';
import { createBaseMapWriter } from '../publish/baseMapWriter.ts';
import { createDatasetWriter } from '../publish/datasetWriter.ts';
import { createElevationWriter } from '../publish/elevationWriter.ts';
import { dropSecondaryParcelIndexes } from '../publish/parcelIndexes.ts';
import { createParcelWriter } from '../publish/parcelWriter.ts';
import { DEMO_DATASET, FULL_EXTENT, type DemoCountyOptions } from './demoCounty.ts';
import { demoElevationGrid } from './demoElevationGrid.ts';
import { generateInProcess, type DemoGeneration } from './demoGeneration.ts';
import { demoWater } from './demoRows.ts';

// Instances starting together against one PostgreSQL seed once.
const SEED_LOCK_KEY = 4_070_002;

export interface SeedOptions extends DemoCountyOptions {
  /** A generation already under way (server start); by default the county is generated in-process. */
  generation?: DemoGeneration;
}

/** Returns the number of parcels inserted (0 when the table already had parcels). */
export async function seedDemoDataIfEmpty(db: Db, logger: Logger, options: SeedOptions = {}): Promise<number> {
  const started = performance.now();
  const { generation: running, ...countyOptions } = options;
  if ((await createParcelWriter(db).count()) > 0) {
    await running?.cancel();
    await db.transaction(completeDemoBaseMap);
    return 0;
  }
  const generation = running ?? generateInProcess(countyOptions);
  // Time the load stood waiting for the next batch (generation, not the database, was the bottleneck).
  let waitedMs = 0;
  const inserted = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    if ((await createParcelWriter(tx).count()) > 0) {
      await generation.cancel();
      return 0;
    }
    const datasets = createDatasetWriter(tx);
    const datasetId = await datasets.insert(DEMO_DATASET);
    const indexes = await dropSecondaryParcelIndexes(tx);
    let count = 0;
    let waitingSince = performance.now();
    for await (const message of generation.messages) {
      waitedMs += performance.now() - waitingSince;
      if (message.kind === 'baseMap') {
        await createBaseMapWriter(tx).insertMany('roads', message.roads, datasetId);
        await createBaseMapWriter(tx).insertMany('water', message.water, datasetId);
      } else if (message.kind === 'elevation') {
        await createElevationWriter(tx).insert(message.grid, datasetId);
      } else if (message.kind === 'batch') {
        // Already serialised by the worker: the main thread neither clones nor re-serialises 100k parcels.
        await createParcelWriter(tx).insertManyJson(message.json, datasetId);
        count += message.count;
      }
      waitingSince = performance.now();
    }
    // Room to sort in memory: the search's trigram index builds in 5.5 s instead of 7.3 s (demo county, PGlite).
    await tx.exec("SET LOCAL maintenance_work_mem = '256MB'");
    for (const definition of indexes) await tx.exec(definition);
    await datasets.setParcelCount(datasetId, count);
    await datasets.makeCurrent(datasetId);
    return count;
  });
  if (inserted > 0) {
    logger.info({ parcels: inserted, waitedForGenerationMs: Math.round(waitedMs), ms: Math.round(performance.now() - started) }, 'seeded the demo county');
  }
  return inserted;
}

/**
 * A demo county seeded before the base map's water and the elevation became data (migration 006)
 * gets them now, so an upgraded copy keeps its lake and contours.
 */
async function completeDemoBaseMap(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
  const datasetId = await createDatasetWriter(tx).findBySourceName(DEMO_DATASET.source_name);
  if (datasetId === undefined) return;
  const baseMap = createBaseMapWriter(tx);
  if (!(await baseMap.hasLayer('water', datasetId))) await baseMap.insertMany('water', demoWater(), datasetId);
  const elevation = createElevationWriter(tx);
  if (!(await elevation.exists(datasetId))) await elevation.insert(demoElevationGrid(FULL_EXTENT), datasetId);
}
