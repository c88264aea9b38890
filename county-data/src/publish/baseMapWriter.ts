// Writes the offline base map's features (roads, water) that come with a county's data: the API's
// base map tiles draw whatever is here, so an import can bring its own.
import type { Geometry } from 'geojson';
import type { Queryable } from '@parcel-map/database';
import type { BaseMapLayer } from '@parcel-map/shared/contracts';

export interface BaseMapFeatureInsert {
  name: string;
  /** Roads: 'major' or 'minor'; water: what kind of water (e.g. 'lake'). */
  kind: string;
  geometry: Geometry;
}

export function createBaseMapWriter(db: Queryable) {
  return {
    async insertMany(layer: BaseMapLayer, features: readonly BaseMapFeatureInsert[], datasetId: number): Promise<void> {
      if (features.length === 0) return;
      await db.query(
        `INSERT INTO basemap_features (layer, name, kind, geometry, dataset_id)
         SELECT $2, name, kind, geometry, $3 FROM jsonb_to_recordset($1::jsonb) AS r(name text, kind text, geometry jsonb)`,
        [JSON.stringify(features), layer, datasetId],
      );
    },

    async hasLayer(layer: BaseMapLayer, datasetId: number): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM basemap_features WHERE layer = $1 AND dataset_id = $2 LIMIT 1', [layer, datasetId]);
      return rows.length > 0;
    },
  };
}
