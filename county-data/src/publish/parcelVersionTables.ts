// Each data set version's parcels live in a table of their own, `parcels_v<id>` (migration 012), a
// partition of `parcels` while the version is served. A publish writes the table bare and attaches it,
// which builds the indexes once instead of row by row; retiring and bringing back a version detach and
// attach its table, indexes and all, without moving a row.
import type { Queryable } from '@parcel-map/database';

/** The table holding version `datasetId`'s parcels. */
export function parcelTableOf(datasetId: number): string {
  if (!Number.isSafeInteger(datasetId) || datasetId <= 0) throw new Error(`not a data set version id: ${datasetId}`);
  return `parcels_v${datasetId}`;
}

/** Creates the version's table, with no index: its rows are written next. */
export async function createParcelTable(tx: Queryable, datasetId: number): Promise<void> {
  await tx.query('SELECT create_parcel_version_table($1)', [datasetId]);
}

/**
 * Serves the version's parcels: attaching its table builds the indexes it lacks (a new version's
 * all of them). Readers keep reading meanwhile (the attach locks `parcels` only against other
 * schema changes) and see the version once the transaction commits.
 */
export async function serveParcelTable(tx: Queryable, datasetId: number): Promise<void> {
  // Room to sort in memory: the search's trigram index builds in 5.5 s instead of 7.3 s (demo county, PGlite).
  await tx.exec("SET LOCAL maintenance_work_mem = '256MB'");
  await tx.exec(`ALTER TABLE parcels ATTACH PARTITION ${parcelTableOf(datasetId)} FOR VALUES IN (${datasetId})`);
}

/**
 * Stops serving the version's parcels; its table keeps them, indexed, for a rollback. The detach
 * locks `parcels` against readers until the transaction ends, so it comes last in a publish.
 */
export async function retireParcelTable(tx: Queryable, datasetId: number): Promise<void> {
  await tx.exec(`ALTER TABLE parcels DETACH PARTITION ${parcelTableOf(datasetId)}`);
}

/** The PINs of a version's table that another data set serves, by that data set: how many, and the first few. */
export interface PinsServedElsewhere {
  name: string;
  count: number;
  examples: string[];
}

const PIN_EXAMPLES = 5;

/**
 * The PINs of version `datasetId`'s table that a data set other than `name` serves now. Only the other
 * data sets' partitions are read (by id, which the planner prunes by), not the name's own current version.
 */
export async function pinsOfVersionServedElsewhere(tx: Queryable, datasetId: number, name: string): Promise<PinsServedElsewhere[]> {
  const others = (await tx.query<{ id: number }>('SELECT id FROM datasets WHERE name <> $1 AND is_current', [name])).rows.map((row) => row.id);
  if (others.length === 0) return [];
  const { rows } = await tx.query<PinsServedElsewhere>(
    `SELECT d.name, count(*)::int AS count, (array_agg(v.pin ORDER BY v.pin))[1:${PIN_EXAMPLES}] AS examples
       FROM ${parcelTableOf(datasetId)} v JOIN parcels p ON p.pin = v.pin JOIN datasets d ON d.id = p.dataset_id
      WHERE p.dataset_id = ANY($1::int[])
      GROUP BY d.name ORDER BY d.name`,
    [others],
  );
  return rows;
}
