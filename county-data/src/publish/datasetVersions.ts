// Data sets and their versions (migration 007), published, rolled back and removed as versions.ts
// says. Each version's parcels are a table of their own (parcelVersionTables.ts), a partition of
// `parcels` while the version is current.
import type { Db, Queryable } from '@parcel-map/database';
import type { ChangeCounts, ParcelAttributeField } from '@parcel-map/shared/contracts';
import { emptyRecordFields } from './emptyRecordFields.ts';
import { recordVersionChanges } from './versionChanges.ts';
import { derivePlaceLabels, deriveSearchWords, markAbsenteeOwners } from './parcelWriter.ts';
import { createParcelTable, pinsOfVersionServedElsewhere, retireParcelTable, serveParcelTable, type PinsServedElsewhere } from './parcelVersionTables.ts';
import { DatasetError, NEXT_VERSION, publishVersion, removeVersions, republishVersion, rollbackVersion, type VersionedKind } from './versions.ts';

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
  /** The file the version is published from, and who published it; unsaid for a version made otherwise (the demo seed). */
  origin?: VersionOrigin;
}

/** What a version was published from, and by whom (migration 022). */
export interface VersionOrigin {
  /** The file's name as the administrator chose it, without folders. */
  fileName: string;
  /** The format the importer read it as ('GeoJSON', 'filegdb', …). */
  fileFormat: string;
  fileBytes: number | null;
  /** The administrator's e-mail address; null for a command on the server's own machine. */
  publishedBy: string | null;
}

/** What writing a version's parcels found, recorded with the version once they are written. */
export interface WrittenVersion {
  /** The features of the file rejected. */
  rejected: number;
  /** The parcels' own attributes the version shows, in order, with their labels; none by default. */
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
  /** What it changed against the version served before it; null for a first version (or one published before migration 021). */
  changes: ChangeCounts | null;
  /** What it was published from; null for a version published without saying (before migration 022, the demo seed). */
  file: { name: string; format: string; bytes: number | null } | null;
  publishedBy: string | null;
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
  CASE WHEN west IS NULL THEN NULL ELSE json_build_array(west, south, east, north) END AS bbox,
  CASE WHEN file_name IS NULL THEN NULL ELSE json_build_object('name', file_name, 'format', file_format, 'bytes', file_bytes) END AS file,
  published_by AS "publishedBy",
  change_counts AS changes`;

/** Every kept version of every data set, by name, newest version first. */
export async function listDatasetVersions(db: Queryable): Promise<DatasetVersionRow[]> {
  const { rows } = await db.query<DatasetVersionRow>(`SELECT ${VERSION_COLUMNS} FROM datasets ORDER BY name, version DESC`);
  return rows;
}

/**
 * The PINs among `pins` that another data set serves now, with that data set's name. Only the other data
 * sets' partitions are asked (by id, which the planner prunes by): a new version's PINs are mostly its
 * served predecessor's, and finding each there only to drop it by name cost tens of seconds a
 * 5,000,000-parcel import.
 */
export async function pinsServedElsewhere(db: Queryable, name: string, pins: readonly string[]): Promise<Map<string, string>> {
  const served = new Map<string, string>();
  const others = (await db.query<{ id: number }>('SELECT id FROM datasets WHERE name <> $1', [name])).rows.map((row) => row.id);
  if (others.length === 0) return served;
  for (let start = 0; start < pins.length; start += PIN_CHECK_BATCH) {
    const { rows } = await db.query<{ pin: string; name: string }>(
      `SELECT p.pin, d.name FROM parcels p JOIN datasets d ON d.id = p.dataset_id
        WHERE p.pin = ANY($1::text[]) AND p.dataset_id = ANY($2::int[])`,
      [pins.slice(start, start + PIN_CHECK_BATCH), others],
    );
    for (const row of rows) served.set(row.pin, row.name);
  }
  return served;
}

const DATASETS: VersionedKind = {
  table: 'datasets',
  noun: 'data set',
  retire: retireParcelTable,
  async restore(tx, id, name) {
    await refusePinsServedElsewhere(tx, id, name, 'nothing was changed');
    await serveParcelTable(tx, id);
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
 * Served PINs are unique across data sets (the database cannot say so: migration 012), by this check
 * under the publish lock whenever a version is about to be served, and by the importer's rejections.
 * A DatasetError naming the PINs and the data sets serving them, `outcome` after.
 */
async function refusePinsServedElsewhere(tx: Queryable, id: number, name: string, outcome: string): Promise<void> {
  const served = await pinsOfVersionServedElsewhere(tx, id, name);
  if (served.length > 0) throw new DatasetError(`${describeServedPins(served)}; ${outcome}`);
}

/**
 * "PIN N-1 is already served by data set 'north'", "3 PINs are already served by data set 'north' (N-1,
 * N-2, N-3)", "7 PINs are already served by data set 'east' (2: E-1, E-2) and data set 'north' (5: N-1, …)".
 */
function describeServedPins(served: readonly PinsServedElsewhere[]): string {
  const total = served.reduce((sum, { count }) => sum + count, 0);
  if (total === 1) return `PIN ${served[0]!.examples[0]} is already served by data set '${served[0]!.name}'`;
  const bySet = served.map(({ name, count, examples }) => {
    const pins = `${examples.join(', ')}${count > examples.length ? ', …' : ''}`;
    return `data set '${name}' (${served.length === 1 ? pins : `${count.toLocaleString('en-US')}: ${pins}`})`;
  });
  return `${total.toLocaleString('en-US')} PINs are already served by ${new Intl.ListFormat('en-US').format(bySet)}`;
}

/**
 * Writes a data set's next version (versions.ts): `write` inserts its parcels into the version's own
 * table (parcelWriter.ts), and base map and elevation under the new dataset id; its absentee owners
 * are then marked (measured against all its rows), its town and street labels stored, and the table
 * indexed and served. `write` leaves out the PINs another data set serves (the importer rejects them);
 * one served by another data set since — an import validated before another was published — refuses
 * the whole publish.
 */
export async function publishDatasetVersion(
  db: Db,
  meta: DatasetMeta,
  write: (tx: Queryable, datasetId: number) => Promise<WrittenVersion>,
): Promise<DatasetVersionRow> {
  checkDatasetName(meta.name);
  return publishVersion(db, DATASETS, meta.name, {
    async insert(tx) {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO datasets (name, version, source_name, licence, as_of, file_name, file_format, file_bytes, published_by)
         SELECT $1, ${NEXT_VERSION}, $2, $3, $4, $5, $6, $7::bigint, $8 FROM datasets WHERE name = $1
         RETURNING id`,
        [meta.name, meta.sourceName, meta.licence, meta.asOf, meta.origin?.fileName ?? null, meta.origin?.fileFormat ?? null, meta.origin?.fileBytes ?? null, meta.origin?.publishedBy ?? null],
      );
      return rows[0]!.id;
    },
    async write(tx, id) {
      await createParcelTable(tx, id);
      const written = await write(tx, id);
      await markAbsenteeOwners(tx, id);
      await derivePlaceLabels(tx, id);
      await deriveSearchWords(tx, id);
      await refusePinsServedElsewhere(tx, id, meta.name, 'nothing was published: validate the import again to leave them out');
      await serveParcelTable(tx, id);
      await recordVersionChanges(tx, meta.name, id, written.attributeFields ?? []);
      await tx.query('UPDATE datasets SET rejected_count = $2, attribute_fields = $3::jsonb, empty_fields = $4::jsonb WHERE id = $1', [
        id, written.rejected, JSON.stringify(written.attributeFields ?? []), JSON.stringify(await emptyRecordFields(tx, id)),
      ]);
    },
    answer: async (tx, id) => (await versionById(tx, id))!,
  });
}

/** Makes the version before the current one current again; returns it. */
export async function rollbackDataset(db: Db, name: string): Promise<DatasetVersionRow> {
  return (await versionById(db, await rollbackVersion(db, DATASETS, name)))!;
}

/** Serves a kept version that is not current again — the one rolled back from, or an older one (roll forward); returns it. */
export async function republishDataset(db: Db, name: string, version: number): Promise<DatasetVersionRow> {
  return (await versionById(db, await republishVersion(db, DATASETS, name, version)))!;
}

/** Removes every version of the data set, its parcels, base map and elevation. */
export async function removeDataset(db: Db, name: string): Promise<void> {
  await removeVersions(db, DATASETS, name);
}

async function versionById(tx: Queryable, id: number): Promise<DatasetVersionRow | undefined> {
  const { rows } = await tx.query<DatasetVersionRow>(`SELECT ${VERSION_COLUMNS} FROM datasets WHERE id = $1`, [id]);
  return rows[0];
}
