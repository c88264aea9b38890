// GET /api/datasets (signed in): the data version and the data sets the map serves now
// (shared/src/datasets/datasetContract.ts).
import { Router, type RequestHandler } from 'express';
import type { DatasetsAnswer } from '@parcel-map/shared/contracts';
import { CACHE_CONTROL } from '../../platform/http/responseHeaders.ts';
import type { DatasetsRepository } from './datasetsRepository.ts';

export function createDatasetsRouter(deps: { datasets: DatasetsRepository; requireUser: RequestHandler }): Router {
  const router = Router();
  router.use(deps.requireUser);
  router.get('/', async (_req, res) => {
    const [dataVersion, datasets, initialView] = await Promise.all([deps.datasets.dataVersion(), deps.datasets.current(), deps.datasets.initialView()]);
    const answer: DatasetsAnswer = { dataVersion, datasets, initialView };
    // Polled by open maps to notice a publish: never from a cache.
    res.set('Cache-Control', CACHE_CONTROL.live).json(answer);
  });
  return router;
}
