// Data sets and their versions (migration 007), published, rolled back and removed as versions.ts
// says. `parcels` holds the current versions' parcels; the other kept versions wait in
// `parcels_retired`.
import type { Db, Queryable } from '@parcel-map/database';
import type { ParcelAttributeField } from '@parcel-map/shared/contracts';
import { DatasetError, NEXT_VERSION, publishVersion, removeVersions, rollbackVersion, type VersionedKind } from './versions.ts';

export { DatasetError, KEPT_VERSIONS } from './versions.ts';

/** A data set's name: a slug such as `iredell-nc`. */
export const DATASET_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MAX_NAME_LENGTH = 64;
// PINs checked against the served parcels per query (the primary key serves each batch).
const PIN_CHECK_BATCH = 10_000;

export interface DatasetMeta {
  name: string;
  sourceName: string;
  licence: string;
  asOf: string | null;
  /** The parcels' own attributes the version shows, in order, with their labels (issue #23); none by default. */
  attributeFields?: readonly ParcelAttributeField[];
}

export interface DatasetVersionRow {
  id: number;
  name: string;
  version: number;
  current: boolean;
  parcels: number;
  rejected: number;
  source: string;
  licence: string;
  /** YYYY-MM-DD, when the source says. */
  asOf: string | null;
  /** ISO 8601 in UTC. */
  publishedAt: string;
  /** [west, south, east, north]; null for a version without parcels. */
  bbox: [number, number, number, number] | null;
}

/** The name as given if it is a valid data set name, else a DatasetError saying what one looks like. */
export function checkDatasetName(name: string): string {
  if (!DATASET_NAME.test(name) || name.length > MAX_NAME_LENGTH) {
    throw new DatasetError(`'${name}' is not a data set name: use lower-case letters, digits and single hyphens (at most ${MAX_NAME_LENGTH}), such as iredell-nc`, 'invalid');
  }
  return name;
}

/** A data set name made from free text (a file name): 'Cambridge_MA parcels.zip' → 'cambridge-ma-parcels'. */
export function datasetNameFrom(text: string): string {
  const slug = text
    .replace(/\.[a-z0-9]+$/i, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_NAME_LENGTH)
    .replace(/-+$/, '');
  return slug === '' ? 'county' : slug;
}

const VERSION_COLUMNS = `id, name, version, is_current AS current, parcel_count AS parcels, rejected_count AS rejected,
  source_name AS source, licence, to_char(as_of, 'YYYY-MM-DD') AS "asOf",
  to_char(imported_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "publishedAt",
  CASE WHEN west IS NULL THEN NULL ELSE json_build_array(west, south, east, north) END AS bbox`;

/** Every kept version of every data set, by name, newest version first. */
export async function listDatasetVersions(db: Queryable): Promise<DatasetVersionRow[]> {
  const { rows } = await db.query<DatasetVersionRow>(`SELECT ${VERSION_COLUMNS} FROM datasets ORDER BY name, version DESC`);
  return rows;
}

/** The PINs among `pins` that another data set serves now, with that data set's name. */
export async function pinsServedElsewhere(db: Queryable, name: string, pins: readonly string[]): Promise<Map<string, string>> {
  const served = new Map<string, string>();
  for (let start = 0; start < pins.length; start += PIN_CHECK_BATCH) {
    const { rows } = await db.query<{ pin: string; name: string }>(
      `SELECT p.pin, d.name FROM parcels p JOIN datasets d ON d.id = p.dataset_id
        WHERE p.pin = ANY($1::text[]) AND d.name <> $2`,
      [pins.slice(start, start + PIN_CHECK_BATCH), name],
    );
    for (const row of rows) served.set(row.pin, row.name);
  }
  return served;
}

const DATASETS: VersionedKind = {
  table: 'datasets',
  noun: 'data set',
  retire: (tx, id) => moveParcels(tx, 'parcels', 'parcels_retired', id),
  async restore(tx, id) {
    try {
      await moveParcels(tx, 'parcels_retired', 'parcels', id);
    } catch (error) {
      throw explainPinConflict(error);
    }
  },
  async summarise(tx, id) {
    await tx.query(
      `UPDATE datasets d SET parcel_count = s.parcels, west = s.west, south = s.south, east = s.east, north = s.north
         FROM (SELECT count(*)::int AS parcels, min(min_lon) AS west, min(min_lat) AS south, max(max_lon) AS east, max(max_lat) AS north
                 FROM parcels WHERE dataset_id = $1) s
        WHERE d.id = $1`,
      [id],
    );
  },
};

/**
 * Writes a data set's next version (versions.ts): `write` inserts its parcels (and base map,
 * elevation) under the new dataset id. A PIN another data set serves makes the insert fail (the
 * primary key), and with it the whole publish.
 */
export async function publishDatasetVersion(
  db: Db,
  meta: DatasetMeta & { rejected: number },
  write: (tx: Queryable, datasetId: number) => Promise<void>,
): Promise<DatasetVersionRow> {
  checkDatasetName(meta.name);
  return publishVersion(db, DATASETS, meta.name, {
    async insert(tx) {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO datasets (name, version, source_name, licence, as_of, rejected_count, attribute_fields)
         SELECT $1, ${NEXT_VERSION}, $2, $3, $4, $5, $6::jsonb FROM datasets WHERE name = $1
         RETURNING id`,
        [meta.name, meta.sourceName, meta.licence, meta.asOf, meta.rejected, JSON.stringify(meta.attributeFields ?? [])],
      );
      return rows[0]!.id;
    },
    async write(tx, id) {
      try {
        await write(tx, id);
      } catch (error) {
        throw explainPinConflict(error);
      }
    },
    answer: async (tx, id) => (await versionById(tx, id))!,
  });
}

/** Makes the version before the current one current again; returns it. */
export async function rollbackDataset(db: Db, name: string): Promise<DatasetVersionRow> {
  return (await versionById(db, await rollbackVersion(db, DATASETS, name)))!;
}

/** Removes every version of the data set, its parcels, base map and elevation. */
export async function removeDataset(db: Db, name: string): Promise<void> {
  await removeVersions(db, DATASETS, name);
}

async function versionById(tx: Queryable, id: number): Promise<DatasetVersionRow | undefined> {
  const { rows } = await tx.query<DatasetVersionRow>(`SELECT ${VERSION_COLUMNS} FROM datasets WHERE id = $1`, [id]);
  return rows[0];
}

/**
 * Moves one version's parcels between the served and the retired table, every column kept (the
 * feature ids too, so a version brought back keeps its tile feature ids). The column list is read
 * from the catalogue: a column added to both tables moves without a change here.
 */
async function moveParcels(tx: Queryable, from: 'parcels' | 'parcels_retired', to: 'parcels' | 'parcels_retired', datasetId: number): Promise<void> {
  const { rows } = await tx.query<{ columns: string }>(
    `SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS columns
       FROM pg_attribute WHERE attrelid = 'parcels_retired'::regclass AND attnum > 0 AND NOT attisdropped`,
  );
  const columns = rows[0]!.columns;
  await tx.query(`INSERT INTO ${to} (${columns}) SELECT ${columns} FROM ${from} WHERE dataset_id = $1`, [datasetId]);
  await tx.query(`DELETE FROM ${from} WHERE dataset_id = $1`, [datasetId]);
}

/** A duplicate key on parcels' primary key: a PIN another data set serves now. */
function explainPinConflict(error: unknown): unknown {
  const pg = error as { code?: string; constraint?: string; detail?: string };
  if (pg.code !== '23505' || pg.constraint !== 'parcels_pkey') return error;
  const pin = /\(pin\)=\((.*)\)/.exec(pg.detail ?? '')?.[1];
  return new DatasetError(`PIN ${pin ?? '(unknown)'} is already served by another data set; nothing was changed`);
}
