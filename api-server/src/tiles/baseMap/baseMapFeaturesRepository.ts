// SQL for basemap_features: the roads and water the county data tools wrote with each data set (the
// current versions' only).
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

export function createBaseMapFeaturesRepository(db: Queryable) {
  return {
    async listAll(): Promise<BaseMapFeatureRow[]> {
      const { rows } = await db.query<BaseMapFeatureRow>(`SELECT id, layer, name, kind, geometry FROM basemap_features
          WHERE dataset_id IN (SELECT id FROM datasets WHERE is_current) ORDER BY id`);
      return rows;
    },
  };
}

export type BaseMapFeaturesRepository = ReturnType<typeof createBaseMapFeaturesRepository>;
