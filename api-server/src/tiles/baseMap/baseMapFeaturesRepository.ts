// SQL for basemap_features: the roads and water the county data tools wrote with each data set (the
// current versions' only); and the town and street labels derived from their parcels at publish.
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

export function createBaseMapFeaturesRepository(db: Queryable) {
  return {
    /**
     * The streets of the parcels' site addresses, for the current data sets that bring no roads of
     * their own: each run of a street's parcels within a grid cell, as derived at publish (migration 028).
     */
    async listStreetRuns(): Promise<StreetRunRow[]> {
      const { rows } = await db.query<StreetRunRow>(
        `SELECT name, parcels, lon, lat, var_lon AS "varLon", var_lat AS "varLat", covar FROM parcel_place_labels
          WHERE kind = 'street' AND dataset_id IN (SELECT id FROM datasets WHERE is_current) ORDER BY dataset_id, name, lon, lat`,
      );
      return rows;
    },

    /** One town per current data set and city of its parcels, as derived at publish (migration 028). */
    async listTowns(): Promise<TownRow[]> {
      const { rows } = await db.query<TownRow>(
        `SELECT name, parcels, lon, lat FROM parcel_place_labels
          WHERE kind = 'town' AND dataset_id IN (SELECT id FROM datasets WHERE is_current) ORDER BY dataset_id, name`,
      );
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
