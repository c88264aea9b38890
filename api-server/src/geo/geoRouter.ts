// GeoJSON layers of the self-hosted base map: GET /geo/roads.geojson (the current data set's roads)
// and GET /geo/water.geojson (Lake Norman, data/lake-norman.geojson, MIT — licence beside the file).
import { Router } from 'express';
import type { FeatureCollection, LineString } from 'geojson';
import { lakeLngLat } from '../demo/lake.ts';
import type { RoadsRepository } from './roadsRepository.ts';

const CACHE_CONTROL = 'public, max-age=3600';

export function createGeoRouter(deps: { roads: RoadsRepository }): Router {
  const router = Router();
  let water: string | undefined;

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
    res.set('Cache-Control', CACHE_CONTROL);
    res.type('application/geo+json').send(JSON.stringify(collection));
  });

  router.get('/water.geojson', (_req, res) => {
    water ??= JSON.stringify(lakeLngLat());
    res.set('Cache-Control', CACHE_CONTROL);
    res.type('application/geo+json').send(water);
  });

  return router;
}
