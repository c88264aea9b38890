// /api/parcels/query (signed-in): POST a query for one page of JSON, or with `Accept: text/csv` for
// the whole result as a CSV file, streamed; POST /matches for the tiles of every match; GET /fields
// for what a query panel can filter by.
import { Router, type RequestHandler } from 'express';
import { parcelQueryBodySchema, parcelQueryConditionsSchema, QUERY_CSV_TYPE } from '@parcel-map/shared/contracts';
import { userIdOf } from '../../../platform/auth/verifyBearer.ts';
import { sendCsvDownload } from '../../../platform/http/csvDownload.ts';
import type { QueryMatches } from './queryMatches.ts';
import type { QueryService } from './queryService.ts';

export function createQueryRouter(deps: { query: QueryService; matches: QueryMatches; requireUser: RequestHandler; rateLimit: RequestHandler }): Router {
  const router = Router();
  router.use(deps.requireUser);

  router.get('/fields', deps.rateLimit, async (_req, res) => {
    res.json(await deps.query.fields());
  });

  router.post('/matches', deps.rateLimit, async (req, res) => {
    res.json(await deps.matches.register(parcelQueryConditionsSchema.parse(req.body), userIdOf(req)));
  });

  router.post('/', deps.rateLimit, async (req, res) => {
    const query = parcelQueryBodySchema.parse(req.body);
    if (req.accepts(['application/json', QUERY_CSV_TYPE]) !== QUERY_CSV_TYPE) {
      res.json(await deps.query.page(query, userIdOf(req)));
      return;
    }
    await sendCsvDownload(res, 'parcels', await deps.query.csv(query, userIdOf(req)));
  });

  return router;
}
