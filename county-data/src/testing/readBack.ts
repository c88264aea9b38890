// Reads back what an import or the seed wrote, in plain SQL (the API's own repositories are the
// API's; these tests check the written rows).
import type { Geometry } from 'geojson';
import type { Queryable } from '@parcel-map/database';
import type { OwnerMailing, Parcel, ParcelAttributeField, ParcelAttributeValues } from '@parcel-map/shared/contracts';

export interface WrittenParcel extends Parcel, OwnerMailing {
  centroid_lon: number;
  centroid_lat: number;
  geometry: Geometry;
  attributes: ParcelAttributeValues | null;
}

export async function parcelByPin(db: Queryable, pin: string): Promise<WrittenParcel | undefined> {
  const { rows } = await db.query<WrittenParcel>(
    `SELECT pin, owner, name, add1, add2, city, state, zip, taxacres, township, zoning,
            to_char(sale_date, 'YYYY-MM-DD') AS sale_date, sales_price::float8 AS sales_price, centroid_lon, centroid_lat, geometry,
            mail_add1, mail_city, mail_state, mail_zip, attributes
       FROM parcels WHERE pin = $1`,
    [pin],
  );
  return rows[0];
}

export async function parcelCount(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM parcels');
  return rows[0]?.count ?? 0;
}

/** The current version of the data set `name`. */
export async function currentDataset(db: Queryable, name: string) {
  const { rows } = await db.query<{
    id: number; version: number; source_name: string; licence: string; as_of: string | null; parcel_count: number; rejected_count: number;
    attribute_fields: ParcelAttributeField[];
  }>(
    `SELECT id, version, source_name, licence, to_char(as_of, 'YYYY-MM-DD') AS as_of, parcel_count, rejected_count, attribute_fields
       FROM datasets WHERE is_current AND name = $1`,
    [name],
  );
  return rows[0];
}
