// SQL for the parcels table. Casts in the SELECTs make PGlite and pg return identical JS values.
import type { Geometry } from 'geojson';
import type { Queryable } from '../db/db.ts';
import type { DerivedGeometry, ParcelGeometry } from './parcelGeometry.ts';

export interface ParcelRow {
  pin: string;
  name: string | null;
  owner: string | null;
  add1: string | null;
  add2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  taxacres: number | null;
  township: string | null;
  zoning: string | null;
  sale_date: string | null;
  sales_price: number | null;
  centroid_lon: number;
  centroid_lat: number;
  geometry: Geometry;
}

export interface ParcelInsert extends DerivedGeometry {
  pin: string;
  owner: string | null;
  name: string | null;
  add1: string | null;
  add2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  taxacres: number | null;
  township: string | null;
  zoning: string | null;
  sale_date: string | null;
  sales_price: number | null;
  geometry: ParcelGeometry;
}

/** What a vector tile needs of a parcel. */
export interface ParcelTileRow {
  pin: string;
  owner: string | null;
  name: string | null;
  add1: string | null;
  city: string | null;
  taxacres: number | null;
  geometry: Geometry;
}

export interface LonLatBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export function createParcelsRepository(db: Queryable) {
  return {
    async findByPin(pin: string): Promise<ParcelRow | undefined> {
      const { rows } = await db.query<ParcelRow>(
        `SELECT pin, name, owner, add1, add2, city, state, zip, taxacres, township, zoning,
                to_char(sale_date, 'YYYY-MM-DD') AS sale_date,
                sales_price::float8 AS sales_price,
                centroid_lon, centroid_lat, geometry
           FROM parcels
          WHERE pin = $1`,
        [pin],
      );
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

    /** Parcels whose bounding box overlaps the box (GiST index on `bbox`). */
    async findForTile(box: LonLatBox): Promise<ParcelTileRow[]> {
      const { rows } = await db.query<ParcelTileRow>(
        `SELECT pin, owner, name, add1, city, taxacres, geometry
           FROM parcels
          WHERE bbox && box(point($1, $2), point($3, $4))
          ORDER BY pin`,
        [box.west, box.south, box.east, box.north],
      );
      return rows;
    },

    /** One round trip per batch: the rows travel as one JSON parameter. */
    async insertMany(parcels: readonly ParcelInsert[], datasetId: number | null): Promise<void> {
      if (parcels.length === 0) return;
      await db.query(
        `INSERT INTO parcels (pin, owner, name, add1, add2, city, state, zip, taxacres, township, zoning,
                              sale_date, sales_price, geometry, centroid_lon, centroid_lat,
                              min_lon, min_lat, max_lon, max_lat, dataset_id)
         SELECT pin, owner, name, add1, add2, city, state, zip, taxacres, township, zoning,
                sale_date, sales_price, geometry, centroid_lon, centroid_lat,
                min_lon, min_lat, max_lon, max_lat, $2
           FROM jsonb_to_recordset($1::jsonb) AS r(
                pin text, owner text, name text, add1 text, add2 text, city text, state text, zip text,
                taxacres float8, township text, zoning text, sale_date date, sales_price bigint,
                geometry jsonb, centroid_lon float8, centroid_lat float8,
                min_lon float8, min_lat float8, max_lon float8, max_lat float8)`,
        [JSON.stringify(parcels), datasetId],
      );
    },
  };
}

export type ParcelsRepository = ReturnType<typeof createParcelsRepository>;
