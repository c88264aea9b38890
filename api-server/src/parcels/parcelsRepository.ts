// SQL for the parcels table. Casts in the SELECTs make PGlite and pg return identical JS values.
import type { Geometry } from 'geojson';
import type { Parcel } from '@parcel-map/shared/contracts';
import type { Queryable } from '../db/db.ts';
import type { DerivedGeometry, ParcelGeometry } from './parcelGeometry.ts';

export interface ParcelRow extends Parcel {
  centroid_lon: number;
  centroid_lat: number;
  geometry: Geometry;
}

export interface ParcelInsert extends Parcel, DerivedGeometry {
  geometry: ParcelGeometry;
}

/** What a vector tile needs of a parcel. */
export interface ParcelTileRow {
  fid: number;
  pin: string;
  owner: string | null;
  name: string | null;
  add1: string | null;
  city: string | null;
  taxacres: number | null;
  geometry: Geometry;
}

/** findForTile's row as the JSON array the query builds, in ParcelTileRow's field order. */
type TileTuple = [number, string, string | null, string | null, string | null, string | null, number | null, Geometry];

/** findTilePage's row: a tile row with the bounding box findForTile filters on. */
export interface ParcelTileBoxRow extends ParcelTileRow {
  box: LonLatBox;
}

export interface LonLatBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface SearchRow {
  pin: string;
  owner: string | null;
  add1: string | null;
  city: string | null;
  centroid_lon: number;
  centroid_lat: number;
  matched: 'address' | 'owner' | 'pin';
}

const DETAIL_COLUMNS = `pin, name, owner, add1, add2, city, state, zip, taxacres, township, zoning,
                to_char(sale_date, 'YYYY-MM-DD') AS sale_date,
                sales_price::float8 AS sales_price,
                centroid_lon, centroid_lat, geometry`;

/** `text` as a literal inside a LIKE pattern. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export function createParcelsRepository(db: Queryable) {
  return {
    /**
     * Case-insensitive partial match on PIN, site address and owner (pg_trgm GIN indexes serve the
     * LIKEs). Ranked: exact match, then prefix match, then trigram similarity; PIN before address
     * before owner when a row matches more than one way.
     */
    async search(text: string, limit: number): Promise<SearchRow[]> {
      const term = text.toLowerCase();
      const literal = likeLiteral(term);
      const { rows } = await db.query<SearchRow>(
        `SELECT pin, owner, add1, city, centroid_lon, centroid_lat,
                CASE WHEN lower(pin) LIKE $2 THEN 'pin' WHEN lower(add1) LIKE $2 THEN 'address' ELSE 'owner' END AS matched
           FROM parcels
          WHERE lower(pin) LIKE $2 OR lower(add1) LIKE $2 OR lower(owner) LIKE $2
          ORDER BY (lower(pin) = $1 OR lower(add1) = $1 OR lower(owner) = $1) DESC,
                   (lower(pin) LIKE $3 OR lower(add1) LIKE $3 OR lower(owner) LIKE $3) DESC,
                   greatest(similarity(lower(pin), $1), similarity(lower(coalesce(add1, '')), $1),
                            similarity(lower(coalesce(owner, '')), $1)) DESC,
                   pin
          LIMIT $4`,
        [term, `%${literal}%`, `${literal}%`, limit],
      );
      return rows;
    },

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

    /**
     * Parcels whose bounding box overlaps the box (GiST index on `bbox`) and is at least `minSize`
     * degrees wide or high (0: every parcel; low zooms leave out parcels too small to see).
     */
    async findForTile(box: LonLatBox, minSize = 0): Promise<ParcelTileRow[]> {
      // One row holding one JSON array: on PGlite each result row and field costs tens of
      // microseconds to hand over, which for the thousand parcels of a z14 tile was half its build.
      const { rows } = await db.query<{ parcels: TileTuple[] | null }>(
        `SELECT json_agg(json_build_array(fid, pin, owner, name, add1, city, taxacres, geometry) ORDER BY pin) AS parcels
           FROM parcels
          WHERE bbox && box(point($1, $2), point($3, $4))
            AND ($5::float8 = 0 OR max_lon - min_lon >= $5::float8 OR max_lat - min_lat >= $5::float8)`,
        [box.west, box.south, box.east, box.north, minSize],
      );
      return (rows[0]?.parcels ?? []).map(([fid, pin, owner, name, add1, city, taxacres, geometry]) => ({ fid, pin, owner, name, add1, city, taxacres, geometry }));
    },

    /**
     * Every parcel as findForTile returns it, with its bounding box, `limit` at a time in findForTile's
     * order (pin) from the first pin after `afterPin` (null: from the start).
     */
    async findTilePage(afterPin: string | null, limit: number): Promise<ParcelTileBoxRow[]> {
      const { rows } = await db.query<{ parcels: [...TileTuple, number, number, number, number][] | null }>(
        `SELECT json_agg(json_build_array(fid, pin, owner, name, add1, city, taxacres, geometry, min_lon, min_lat, max_lon, max_lat) ORDER BY pin) AS parcels
           FROM (SELECT * FROM parcels WHERE $1::text IS NULL OR pin > $1 ORDER BY pin LIMIT $2) page`,
        [afterPin, limit],
      );
      return (rows[0]?.parcels ?? []).map(([fid, pin, owner, name, add1, city, taxacres, geometry, west, south, east, north]) => ({
        fid, pin, owner, name, add1, city, taxacres, geometry, box: { west, south, east, north },
      }));
    },

    /** One round trip per batch: the rows travel as one JSON parameter. */
    async insertMany(parcels: readonly ParcelInsert[], datasetId: number | null): Promise<void> {
      if (parcels.length > 0) await insertParcelsJson(db, JSON.stringify(parcels), datasetId);
    },

    /** insertMany for a batch already serialised as a JSON array of ParcelInsert. */
    insertManyJson(json: string, datasetId: number | null): Promise<void> {
      return insertParcelsJson(db, json, datasetId);
    },
  };
}

export type ParcelsRepository = ReturnType<typeof createParcelsRepository>;

/** One round trip per batch: the rows travel as one JSON parameter. */
async function insertParcelsJson(db: Queryable, json: string, datasetId: number | null): Promise<void> {
  await db.query(
    `INSERT INTO parcels (pin, owner, name, add1, add2, city, state, zip, taxacres, township, zoning,
                          sale_date, sales_price, geometry, centroid_lon, centroid_lat,
                          min_lon, min_lat, max_lon, max_lat, dataset_id)
     SELECT pin, owner, name, add1, add2, city, state, zip, taxacres, township, zoning,
            sale_date, sales_price, geometry, centroid_lon, centroid_lat,
            min_lon, min_lat, max_lon, max_lat, $2
       FROM json_to_recordset($1::json) AS r(
            pin text, owner text, name text, add1 text, add2 text, city text, state text, zip text,
            taxacres float8, township text, zoning text, sale_date date, sales_price bigint,
            geometry json, centroid_lon float8, centroid_lat float8,
            min_lon float8, min_lat float8, max_lon float8, max_lat float8)`,
    [json, datasetId],
  );
}
