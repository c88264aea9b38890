// GET /api/datasets/current: where the parcels came from (DatasetInfo, shared/src/datasets/datasetContract.ts).
import { Router, type RequestHandler } from 'express';
import { NotFoundError } from '../../platform/http/httpErrors.ts';
import type { DatasetsRepository } from './datasetsRepository.ts';

export function createDatasetsRouter(deps: { datasets: DatasetsRepository; requireUser: RequestHandler }): Router {
  const router = Router();
  router.use(deps.requireUser);
  router.get('/current', async (_req, res) => {
    const current = await deps.datasets.current();
    if (!current) throw new NotFoundError('No data set loaded');
    const { id: _id, ...info } = current;
    res.json(info);
  });
  return router;
}
