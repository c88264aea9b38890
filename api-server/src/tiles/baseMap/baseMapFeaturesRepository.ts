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

export function createBaseMapFeaturesRepository(db: Queryable) {
  return {
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
