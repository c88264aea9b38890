// Writes parcel rows into their version's table (parcelVersionTables.ts): one round trip per batch,
// the rows travelling as one JSON parameter (PGlite is single-threaded WASM; each parameter and row
// costs a hand-over).
import type { Queryable } from '@parcel-map/database';
import type { NonParcelKind, Parcel, ParcelAttributeValues } from '@parcel-map/shared/contracts';
import type { DerivedGeometry, ParcelGeometry } from '../geometry/parcelGeometry.ts';
import { parcelTableOf } from './parcelVersionTables.ts';

/** The owner's mailing address, where the data has one (missing fields are stored as null). */
interface OwnerMailingAddress {
  mail_add1?: string | null;
  mail_city?: string | null;
  mail_state?: string | null;
  mail_zip?: string | null;
}

export interface ParcelInsert extends Parcel, DerivedGeometry, OwnerMailingAddress {
  geometry: ParcelGeometry;
  /** The source's other attributes, name → value; none for the demo county. */
  attributes?: ParcelAttributeValues | null;
  /** What the feature is when it is not someone's parcel (the mapping's nonParcels); absent for a parcel. */
  kind?: NonParcelKind;
}

export function createParcelWriter(db: Queryable) {
  return {
    async insertMany(parcels: readonly ParcelInsert[], datasetId: number): Promise<void> {
      if (parcels.length > 0) await insertParcelsJson(db, JSON.stringify(parcels), datasetId);
    },

    /** insertMany for a batch already serialised as a JSON array of ParcelInsert. */
    insertManyJson(json: string, datasetId: number): Promise<void> {
      return insertParcelsJson(db, json, datasetId);
    },

    async count(): Promise<number> {
      const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM parcels');
      return rows[0]?.count ?? 0;
    },
  };
}

async function insertParcelsJson(db: Queryable, json: string, datasetId: number): Promise<void> {
  await db.query(
    `INSERT INTO ${parcelTableOf(datasetId)} (pin, owner, name, add1, add2, city, state, zip, taxacres, township, zoning,
                          sale_date, sales_price, geometry, centroid_lon, centroid_lat,
                          min_lon, min_lat, max_lon, max_lat, dataset_id,
                          mail_add1, mail_city, mail_state, mail_zip, attributes, kind)
     SELECT pin, owner, name, add1, add2, city, state, zip, taxacres, township, zoning,
            sale_date, sales_price, geometry, centroid_lon, centroid_lat,
            min_lon, min_lat, max_lon, max_lat, $2,
            mail_add1, mail_city, mail_state, mail_zip, attributes, coalesce(kind, 'parcel')
       FROM json_to_recordset($1::json) AS r(
            pin text, owner text, name text, add1 text, add2 text, city text, state text, zip text,
            taxacres float8, township text, zoning text, sale_date date, sales_price bigint,
            geometry json, centroid_lon float8, centroid_lat float8,
            min_lon float8, min_lat float8, max_lon float8, max_lat float8,
            mail_add1 text, mail_city text, mail_state text, mail_zip text, attributes jsonb, kind text)`,
    [json, datasetId],
  );
}

/** Stores the features written already that the import found to be something other than a parcel (`kind` null: kept a parcel). */
export async function setNonParcelKinds(tx: Queryable, datasetId: number, features: readonly { pin: string; kind: NonParcelKind | null }[]): Promise<void> {
  const named = features.filter((feature) => feature.kind !== null);
  if (named.length === 0) return;
  await tx.query(
    `UPDATE ${parcelTableOf(datasetId)} v SET kind = r.kind FROM json_to_recordset($1::json) AS r(pin text, kind text) WHERE v.pin = r.pin AND v.kind <> r.kind`,
    [JSON.stringify(named.map(({ pin, kind }) => ({ pin, kind })))],
  );
}

/**
 * Marks the version's absentee owners once all its rows are written (migration 027's
 * mark_absentee_owners: outside the county is measured against the version's own site ZIP codes).
 */
export async function markAbsenteeOwners(tx: Queryable, datasetId: number): Promise<void> {
  await tx.query('SELECT mark_absentee_owners($1)', [datasetId]);
}

/**
 * Stores the version's town and street labels for the base map (migration 028's derive_place_labels),
 * once its rows and base map are written: each API instance then reads a few rows, not every parcel.
 */
export async function derivePlaceLabels(tx: Queryable, datasetId: number): Promise<void> {
  await tx.query('SELECT derive_place_labels($1)', [datasetId]);
}

/**
 * Stores the words of the version's owners and site addresses with how often each occurs (migration
 * 029's derive_search_words): what search corrects a typo to, every word of every parcel, read by each
 * API instance in one statement.
 */
export async function deriveSearchWords(tx: Queryable, datasetId: number): Promise<void> {
  await tx.query('SELECT derive_search_words($1)', [datasetId]);
}
