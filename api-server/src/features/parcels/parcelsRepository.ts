// SQL for the parcels table. Casts in the SELECTs make PGlite and pg return identical JS values.
import type { GeoJSONGeometry, OwnerMailing, Parcel, ParcelRecordField } from '@parcel-map/shared/contracts';
import type { Queryable } from '@parcel-map/database';
import type { StoredAttributes } from './parcelAttributes.ts';

export interface ParcelRow extends Parcel, OwnerMailing, StoredAttributes {
  /** The name of the data set serving it. */
  dataset: string | null;
  /** Its data set version's record fields that no parcel has (migration 019). */
  empty_fields: ParcelRecordField[] | null;
  centroid_lon: number;
  centroid_lat: number;
  geometry: GeoJSONGeometry;
}

// The parcel's columns are qualified: `name` is also a column of datasets.
const DETAIL_SELECT = `p.pin, p.name, p.owner, p.add1, p.add2, p.city, p.state, p.zip, p.taxacres, p.township, p.zoning,
                to_char(p.sale_date, 'YYYY-MM-DD') AS sale_date,
                p.sales_price::float8 AS sales_price,
                p.mail_add1, p.mail_city, p.mail_state, p.mail_zip,
                p.centroid_lon, p.centroid_lat, p.geometry, p.attributes,
                d.name AS dataset, d.attribute_fields, d.empty_fields
           FROM parcels p LEFT JOIN datasets d ON d.id = p.dataset_id`;

export function createParcelsRepository(db: Queryable) {
  return {
    /** Parcels whose bounding box holds the point; the caller tests the exact geometry. A point on a right-of-way, road, water or rail feature is on nobody's parcel. */
    async findCandidatesAt(lng: number, lat: number): Promise<ParcelRow[]> {
      const { rows } = await db.query<ParcelRow>(
        `SELECT ${DETAIL_SELECT} WHERE p.bbox && box(point($1, $2), point($1, $2)) AND p.kind = 'parcel' ORDER BY p.pin`,
        [lng, lat],
      );
      return rows;
    },

    async findByFeatureId(fid: number): Promise<ParcelRow | undefined> {
      const { rows } = await db.query<ParcelRow>(`SELECT ${DETAIL_SELECT} WHERE p.fid = $1`, [fid], { statement: 'parcel_by_fid' });
      return rows[0];
    },

    async findByPin(pin: string): Promise<ParcelRow | undefined> {
      const { rows } = await db.query<ParcelRow>(`SELECT ${DETAIL_SELECT} WHERE p.pin = $1`, [pin], { statement: 'parcel_by_pin' });
      return rows[0];
    },

    async exists(pin: string): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM parcels WHERE pin = $1', [pin], { statement: 'parcel_exists' });
      return rows.length > 0;
    },

    async count(): Promise<number> {
      const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM parcels');
      return rows[0]?.count ?? 0;
    },

  };
}

export type ParcelsRepository = ReturnType<typeof createParcelsRepository>;
