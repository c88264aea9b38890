// GeoJSON layers of the self-hosted base map (GET /geo/roads.geojson).
import { Router } from 'express';
import type { FeatureCollection, LineString } from 'geojson';
import type { RoadsRepository } from './roadsRepository.ts';

export function createGeoRouter(deps: { roads: RoadsRepository }): Router {
  const router = Router();

  router.get('/roads.geojson', async (_req, res) => {
    const roads = await deps.roads.listAll();
    const collection: FeatureCollection<LineString> = {
      type: 'FeatureCollection',
      features: roads.map((road) => ({
        type: 'Feature',
        id: road.id,
        properties: { name: road.name, kind: road.kind },
        geometry: road.geometry,
      })),
    };
    res.set('Cache-Control', 'public, max-age=3600');
    res.type('application/geo+json').send(JSON.stringify(collection));
  });

  return router;
}
