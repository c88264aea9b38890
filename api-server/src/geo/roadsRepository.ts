// SQL for map_roads: the line features of the self-hosted base map.
import type { LineString } from 'geojson';
import type { Queryable } from '../db/db.ts';

export interface RoadInsert {
  name: string;
  kind: 'major' | 'minor';
  geometry: LineString;
}

export interface RoadRow extends RoadInsert {
  id: number;
}

export function createRoadsRepository(db: Queryable) {
  return {
    async listAll(): Promise<RoadRow[]> {
      const { rows } = await db.query<RoadRow>('SELECT id, name, kind, geometry FROM map_roads ORDER BY id');
      return rows;
    },

    async insertMany(roads: readonly RoadInsert[], datasetId: number | null): Promise<void> {
      if (roads.length === 0) return;
      await db.query(
        `INSERT INTO map_roads (name, kind, geometry, dataset_id)
         SELECT name, kind, geometry, $2 FROM jsonb_to_recordset($1::jsonb) AS r(name text, kind text, geometry jsonb)`,
        [JSON.stringify(roads), datasetId],
      );
    },
  };
}

export type RoadsRepository = ReturnType<typeof createRoadsRepository>;
