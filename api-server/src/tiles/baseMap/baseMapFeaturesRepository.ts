// SQL for basemap_features: the roads and water the county data tools wrote with each data set (the
// current versions' only); and the towns of the current data sets' parcels.
import type { Geometry } from 'geojson';
import type { Queryable } from '@parcel-map/database';
import type { BaseMapLayer } from '@parcel-map/shared/contracts';

export interface BaseMapFeatureRow {
  id: number;
  layer: BaseMapLayer;
  name: string;
  kind: string;
  geometry: Geometry;
}

/** A town of a data set's parcels (their city) and where its name goes. */
export interface TownRow {
  /** As the parcels spell it most often. */
  name: string;
  parcels: number;
  lon: number;
  lat: number;
}

/** A run of a street's parcels within one ~300 m cell: the mean and spread of their centroids. */
export interface StreetRunRow {
  /** The address less its number and unit, upper case ('MONSIGNOR OBRIEN HWY'). */
  name: string;
  parcels: number;
  lon: number;
  lat: number;
  /** Population variances and covariance of the centroids (degrees²), for the run's direction. */
  varLon: number;
  varLat: number;
  covar: number;
}

/** A street's runs are cut on this grid (degrees; ~330 m × 330 m at 42° N), so a long or bending street gets a name per piece. */
const STREET_RUN_CELL = { lon: 0.004, lat: 0.003 } as const;

/** A unit after the street ('4 CANAL PK #C1', '10 MAIN ST UNIT 2'), removed (PostgreSQL's regular expressions). */
const ADDRESS_UNIT = String.raw`\s*(#|\mUNIT\M|\mAPT\M|\mSTE\M).*$`;
/** The house number or range before it ('187-197 ', '191R ', '9 1/2 '), removed. */
const ADDRESS_NUMBER = String.raw`^[0-9]+[A-Z]?(\s*-\s*[0-9]+[A-Z]?)?(\s+1/2)?\s+`;

export function createBaseMapFeaturesRepository(db: Queryable) {
  return {
    /**
     * The streets of the parcels' site addresses, for the current data sets that bring no roads of
     * their own (an imported county: the demo's roads are named): per data set, town, street and grid
     * cell, the parcels (one per centroid: a building's condominium units share one) of two or more.
     */
    async listStreetRuns(): Promise<StreetRunRow[]> {
      const { rows } = await db.query<StreetRunRow>(
        `WITH addressed AS (
           SELECT DISTINCT dataset_id, lower(btrim(city)) AS town,
                  upper(btrim(regexp_replace(regexp_replace(add1, $3, '', 'i'), $4, '', 'i'))) AS street,
                  centroid_lon AS x, centroid_lat AS y
             FROM parcels
            WHERE dataset_id IN (SELECT d.id FROM datasets d WHERE d.is_current AND NOT EXISTS (SELECT 1 FROM basemap_features b WHERE b.dataset_id = d.id AND b.layer = 'roads'))
              AND btrim(add1) <> ''
         )
         SELECT street AS name, count(*)::int AS parcels, avg(x) AS lon, avg(y) AS lat,
                var_pop(x) AS "varLon", var_pop(y) AS "varLat", covar_pop(x, y) AS covar
           FROM addressed
          WHERE street ~ '[A-Z]{2}'
          GROUP BY dataset_id, town, street, floor(x / $1), floor(y / $2)
         HAVING count(*) >= 2`,
        [STREET_RUN_CELL.lon, STREET_RUN_CELL.lat, ADDRESS_UNIT, ADDRESS_NUMBER],
      );
      return rows;
    },


    /**
     * One town per (current data set, city of its parcels, without regard to case), placed at the
     * centroid of its parcel nearest the mean of its parcels' centroids: on land among its parcels,
     * where the mean of a town round a lake would fall in the water.
     */
    async listTowns(): Promise<TownRow[]> {
      const { rows } = await db.query<TownRow>(`
        WITH current_parcels AS (
          SELECT dataset_id, lower(btrim(city)) AS town, btrim(city) AS city, centroid_lon, centroid_lat FROM parcels
           WHERE dataset_id IN (SELECT id FROM datasets WHERE is_current) AND btrim(city) <> ''
        ), towns AS (
          SELECT dataset_id, town, mode() WITHIN GROUP (ORDER BY city) AS name, count(*)::int AS parcels, avg(centroid_lon) AS lon, avg(centroid_lat) AS lat
            FROM current_parcels GROUP BY dataset_id, town
        )
        SELECT DISTINCT ON (t.dataset_id, t.town) t.name, t.parcels, p.centroid_lon AS lon, p.centroid_lat AS lat
          FROM towns t JOIN current_parcels p USING (dataset_id, town)
         ORDER BY t.dataset_id, t.town, (p.centroid_lon - t.lon) ^ 2 + (p.centroid_lat - t.lat) ^ 2, p.centroid_lon, p.centroid_lat`);
      return rows;
    },


    async listAll(): Promise<BaseMapFeatureRow[]> {
      const { rows } = await db.query<BaseMapFeatureRow>(`SELECT id, layer, name, kind, geometry FROM basemap_features
          WHERE dataset_id IN (SELECT id FROM datasets WHERE is_current) ORDER BY id`);
      return rows;
    },
  };
}

export type BaseMapFeaturesRepository = ReturnType<typeof createBaseMapFeaturesRepository>;
