// Imagery layers and their versions (migration 013), published, rolled back and removed as versions.ts
// says: each version a row naming its tiled files under the imagery directory, written before the row
// (writeImageryCog.ts) and deleted after it on removal.
import { rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { Db, Queryable } from '@parcel-map/database';
import { IMAGERY_NAME_PATTERN, type ImageryTileFormat } from '@parcel-map/shared/contracts';
import { DatasetError, NEXT_VERSION, publishVersion, removeVersions, rollbackVersion, type VersionedKind } from './versions.ts';

export interface ImageryMeta {
  name: string;
  label: string;
  attribution: string;
  /** The year the photos were taken, if given. */
  year: number | null;
  bbox: [number, number, number, number];
  minzoom: number;
  maxzoom: number;
  /** Relative to the imagery directory. */
  file: string;
  /** The coarser COGs below `file`'s zooms (migration 015), their files relative to the imagery directory. */
  lowerFiles: ImageryLowerFile[];
  /** Of all the version's files. */
  sizeBytes: number;
  tileFormat: ImageryTileFormat;
  bands: number;
  crs: string;
  resolution: string;
  nodata: string | null;
  width: number;
  height: number;
}

/** A coarser COG of a version and the zooms it serves, below those of the version's `file`. */
interface ImageryLowerFile {
  file: string;
  minzoom: number;
  maxzoom: number;
}

/** A kept version, with its row id (which its tile URLs carry). */
export interface ImageryVersionRow {
  id: number;
  name: string;
  version: number;
  current: boolean;
  label: string;
  attribution: string;
  year: number | null;
  bbox: [number, number, number, number];
  minzoom: number;
  maxzoom: number;
  file: string;
  lowerFiles: ImageryLowerFile[];
  tileFormat: ImageryTileFormat;
  /** Of all its files. */
  sizeBytes: number;
  publishedAt: string;
}

/** Every file of a version, relative to the imagery directory: what its removal deletes. */
export function imageryVersionFiles(row: Pick<ImageryVersionRow, 'file' | 'lowerFiles'>): string[] {
  return [row.file, ...row.lowerFiles.map((lower) => lower.file)];
}

/** The name as given if it is a valid imagery name, else a DatasetError saying what one looks like. */
export function checkImageryName(name: string): string {
  if (!IMAGERY_NAME_PATTERN.test(name)) {
    throw new DatasetError(`'${name}' is not an imagery name: use lower-case letters, digits and hyphens (at most 63, starting with a letter or digit), such as orthophoto-2024`, 'invalid');
  }
  return name;
}

/**
 * Refuses a name an imagery service an administrator added has (migration 014): both are base maps
 * `imagery-<name>`, so an import of that name would take the service's place in the menu and its links.
 */
export async function refuseServiceName(db: Queryable, name: string): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM imagery_services WHERE name = $1', [name]);
  if (rows.length > 0) throw new DatasetError(`'${name}' is the name of an imagery service on the Data page: give the imported imagery another name`);
}

// A version's content is its file, named in its row: nothing moves aside while it is not current.
const IMAGERY: VersionedKind = { table: 'imagery', noun: 'imagery layer' };

const VERSION_COLUMNS = `id, name, version, is_current AS current, label, attribution, acquired_year AS year, json_build_array(west, south, east, north) AS bbox,
  minzoom, maxzoom, file, lower_files AS "lowerFiles", tile_format AS "tileFormat", size_bytes::float8 AS "sizeBytes",
  to_char(imported_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "publishedAt"`;

/** Every kept version of every imagery layer, by name, newest version first. */
export async function listImageryVersions(db: Queryable): Promise<ImageryVersionRow[]> {
  const { rows } = await db.query<ImageryVersionRow>(`SELECT ${VERSION_COLUMNS} FROM imagery ORDER BY name, version DESC`);
  return rows;
}

/** Records the imagery's next version (its file already written) and makes it current. */
export async function publishImageryVersion(db: Db, meta: ImageryMeta): Promise<ImageryVersionRow> {
  checkImageryName(meta.name);
  return publishVersion(db, IMAGERY, meta.name, {
    async insert(tx) {
      await refuseServiceName(tx, meta.name);
      const [west, south, east, north] = meta.bbox;
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO imagery (name, version, label, attribution, west, south, east, north, minzoom, maxzoom, file, size_bytes, tile_format, bands, crs, resolution, nodata, width, height, lower_files, acquired_year)
         SELECT $1, ${NEXT_VERSION}, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19::jsonb, $20 FROM imagery WHERE name = $1
         RETURNING id`,
        [
          meta.name, meta.label, meta.attribution, west, south, east, north, meta.minzoom, meta.maxzoom, meta.file, meta.sizeBytes,
          meta.tileFormat, meta.bands, meta.crs, meta.resolution, meta.nodata, meta.width, meta.height, JSON.stringify(meta.lowerFiles), meta.year,
        ],
      );
      return rows[0]!.id;
    },
    // The file was written before the transaction: a reader never sees a row without its file.
    write: async () => undefined,
    answer: async (tx, id) => (await tx.query<ImageryVersionRow>(`SELECT ${VERSION_COLUMNS} FROM imagery WHERE id = $1`, [id])).rows[0]!,
  });
}

/** Makes the version before the current one current again; answers it. Its files were kept with it. */
export async function rollbackImagery(db: Db, name: string): Promise<ImageryVersionRow> {
  const id = await rollbackVersion(db, IMAGERY, name);
  return (await db.query<ImageryVersionRow>(`SELECT ${VERSION_COLUMNS} FROM imagery WHERE id = $1`, [id])).rows[0]!;
}

/**
 * Removes every version of the imagery layer, then their files under `imageryDir` (and the layer's
 * folder once empty): the rows first, so no reader is ever sent to a file that is gone.
 */
export async function removeImagery(db: Db, name: string, imageryDir: string): Promise<void> {
  const removed = await removeVersions<Pick<ImageryVersionRow, 'file' | 'lowerFiles'>>(db, IMAGERY, name, 'file, lower_files AS "lowerFiles"');
  await Promise.all(removed.flatMap(imageryVersionFiles).map((file) => rm(path.resolve(imageryDir, file), { force: true })));
  // Another import of the name may be writing its file there: the folder goes only when empty.
  await rmdir(path.join(imageryDir, name)).catch(() => undefined);
}
