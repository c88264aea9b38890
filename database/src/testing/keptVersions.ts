// A database migrated up to one migration holding versions of data set 'county' written before it: the
// tests of a migration that derives something for every kept version, served or retired (a rollback
// can still attach a retired one).
import type { Db } from '../db.ts';
import { migrate } from '../migrate.ts';
import { openTestDbBefore } from './openTestDbBefore.ts';

export interface KeptVersions {
  db: Db;
  close(): Promise<void>;
  retiredId: number;
  currentId: number;
  /** Writes version `number` of data set 'county' as a table of its own, not attached, its rows by `writeRows`. */
  version(number: number, current: boolean): Promise<number>;
}

/**
 * Before `migration`: version 1 retired and version 2 served (attached to `parcels`), each table's rows
 * written by `writeRows`; then `before` (other kept data), then the migrations from `migration` on.
 */
export async function migrateWithKeptVersions(
  migration: string,
  writeRows: (db: Db, id: number) => Promise<void>,
  before: (kept: Omit<KeptVersions, 'close'>) => Promise<void> = async () => undefined,
): Promise<KeptVersions> {
  const { db, close } = await openTestDbBefore(migration);
  const version = async (number: number, current: boolean) => {
    const { rows } = await db.query<{ id: number }>(
      "INSERT INTO datasets (name, version, is_current, source_name, licence) VALUES ('county', $1, $2, 'GIS', 'PDDL') RETURNING id",
      [number, current],
    );
    const id = rows[0]!.id;
    await db.query('SELECT create_parcel_version_table($1)', [id]);
    await writeRows(db, id);
    return id;
  };
  const retiredId = await version(1, false);
  const currentId = await version(2, true);
  await db.exec(`ALTER TABLE parcels ATTACH PARTITION parcels_v${currentId} FOR VALUES IN (${currentId})`);
  await before({ db, retiredId, currentId, version });
  await migrate(db);
  return { db, close, retiredId, currentId, version };
}
