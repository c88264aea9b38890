// Publishes the generated demo county once, as data set 'demo' (first start, tests). The first start is
// budgeted at 60 s on two cores, so: the county is generated in a worker thread while the main
// thread opens and migrates the database (the seed command starts it early), batches are inserted
// while the worker is still making the rest, each batch travels as one pre-serialised JSON
// parameter, and the parcel indexes are built once after the load (the publish attaches the version's
// table: parcelVersionTables.ts) instead of row by row.
import type { Db, Queryable } from '@parcel-map/database';
import type { Logger } from 'pino';
import { createBaseMapWriter } from '../publish/baseMapWriter.ts';
import { publishDatasetVersion } from '../publish/datasetVersions.ts';
import { createElevationWriter } from '../publish/elevationWriter.ts';
import { createParcelWriter } from '../publish/parcelWriter.ts';
import { DEMO_DATASET, FULL_EXTENT, type DemoCountyOptions } from './demoCounty.ts';
import { demoElevationGrid } from './demoElevationGrid.ts';
import { generateInProcess, type DemoGeneration } from './demoGeneration.ts';
import { demoWater } from './demoRows.ts';

// Instances starting together against one PostgreSQL complete the base map once.
const SEED_LOCK_KEY = 4_070_002;
/** The demo county's data set name. */
export const DEMO_DATASET_NAME = 'demo';
// Set when the demo county is first seeded: a removed demo county stays removed at the next start.
const SEEDED_SETTING = 'demo_seeded';

export interface SeedOptions extends DemoCountyOptions {
  /** A generation already under way (server start); by default the county is generated in-process. */
  generation?: DemoGeneration;
}

class AlreadySeeded extends Error {}

/**
 * Publishes the demo county as data set 'demo' unless it was seeded before (even if removed since);
 * returns the number of parcels inserted (0 when it was seeded before).
 */
export async function seedDemoDataIfEmpty(db: Db, logger: Logger, options: SeedOptions = {}): Promise<number> {
  const started = performance.now();
  const { generation: running, ...countyOptions } = options;
  if (await wasSeeded(db)) {
    await running?.cancel();
    await db.transaction(completeDemoBaseMap);
    return 0;
  }
  const generation = running ?? generateInProcess(countyOptions);
  // Time the load stood waiting for the next batch (generation, not the database, was the bottleneck).
  let waitedMs = 0;
  let count = 0;
  try {
    await publishDatasetVersion(
      db,
      { name: DEMO_DATASET_NAME, sourceName: DEMO_DATASET.source_name, licence: DEMO_DATASET.licence, asOf: DEMO_DATASET.as_of },
      async (tx, datasetId) => {
        // Another instance seeded while this one waited for the publish lock.
        if (await wasSeeded(tx)) throw new AlreadySeeded();
        await tx.query(`INSERT INTO app_settings (key, value) VALUES ($1, 'true')`, [SEEDED_SETTING]);
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
        return { rejected: 0 };
      },
    );
  } catch (error) {
    if (!(error instanceof AlreadySeeded)) throw error;
    await generation.cancel();
    return 0;
  }
  logger.info({ parcels: count, waitedForGenerationMs: Math.round(waitedMs), ms: Math.round(performance.now() - started) }, 'seeded the demo county');
  return count;
}

async function wasSeeded(db: Queryable): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM app_settings WHERE key = $1', [SEEDED_SETTING]);
  return rows.length > 0;
}

/**
 * A demo county seeded before the base map's water and the elevation became data (migration 006)
 * gets them now, so an upgraded copy keeps its lake and contours.
 */
async function completeDemoBaseMap(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
  const { rows } = await tx.query<{ id: number }>('SELECT id FROM datasets WHERE name = $1 AND is_current', [DEMO_DATASET_NAME]);
  const datasetId = rows[0]?.id;
  if (datasetId === undefined) return;
  const baseMap = createBaseMapWriter(tx);
  if (!(await baseMap.hasLayer('water', datasetId))) await baseMap.insertMany('water', demoWater(), datasetId);
  const elevation = createElevationWriter(tx);
  if (!(await elevation.exists(datasetId))) await elevation.insert(demoElevationGrid(FULL_EXTENT), datasetId);
}
