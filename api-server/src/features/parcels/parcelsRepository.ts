// SQL for the parcels table. Casts in the SELECTs make PGlite and pg return identical JS values.
import type { GeoJSONGeometry, Parcel } from '@parcel-map/shared/contracts';
import type { Queryable } from '@parcel-map/database';

export interface ParcelRow extends Parcel {
  /** The name of the data set serving it. */
  dataset: string | null;
  centroid_lon: number;
  centroid_lat: number;
  geometry: GeoJSONGeometry;
}

const DETAIL_COLUMNS = `pin, name, owner, add1, add2, city, state, zip, taxacres, township, zoning,
                to_char(sale_date, 'YYYY-MM-DD') AS sale_date,
                sales_price::float8 AS sales_price,
                centroid_lon, centroid_lat, geometry,
                (SELECT name FROM datasets WHERE datasets.id = parcels.dataset_id) AS dataset`;

export function createParcelsRepository(db: Queryable) {
  return {
    /** Parcels whose bounding box holds the point; the caller tests the exact geometry. */
    async findCandidatesAt(lng: number, lat: number): Promise<ParcelRow[]> {
      const { rows } = await db.query<ParcelRow>(
        `SELECT ${DETAIL_COLUMNS} FROM parcels WHERE bbox && box(point($1, $2), point($1, $2)) ORDER BY pin`,
        [lng, lat],
      );
      return rows;
    },

    async findByFeatureId(fid: number): Promise<ParcelRow | undefined> {
      const { rows } = await db.query<ParcelRow>(`SELECT ${DETAIL_COLUMNS} FROM parcels WHERE fid = $1`, [fid]);
      return rows[0];
    },

    async findByPin(pin: string): Promise<ParcelRow | undefined> {
      const { rows } = await db.query<ParcelRow>(`SELECT ${DETAIL_COLUMNS} FROM parcels WHERE pin = $1`, [pin]);
      return rows[0];
    },

    async exists(pin: string): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM parcels WHERE pin = $1', [pin]);
      return rows.length > 0;
    },

    async count(): Promise<number> {
      const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM parcels');
      return rows[0]?.count ?? 0;
    },

  };
}

export type ParcelsRepository = ReturnType<typeof createParcelsRepository>;
