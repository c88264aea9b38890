// /api/parcels/query (signed-in): POST a query for one page of JSON, or with `Accept: text/csv` for
// the whole result as a CSV file, streamed; GET /fields for what a query panel can filter by.
import { once } from 'node:events';
import { Router, type RequestHandler } from 'express';
import { parcelQueryBodySchema, QUERY_CSV_TYPE } from '@parcel-map/shared/contracts';
import { userIdOf } from '../../../platform/auth/verifyBearer.ts';
import type { QueryService } from './queryService.ts';

export function createQueryRouter(deps: { query: QueryService; requireUser: RequestHandler; rateLimit: RequestHandler }): Router {
  const router = Router();
  router.use(deps.requireUser);

  router.get('/fields', deps.rateLimit, async (_req, res) => {
    res.json(await deps.query.fields());
  });

  router.post('/', deps.rateLimit, async (req, res) => {
    const query = parcelQueryBodySchema.parse(req.body);
    if (req.accepts(['application/json', QUERY_CSV_TYPE]) !== QUERY_CSV_TYPE) {
      res.json(await deps.query.page(query, userIdOf(req)));
      return;
    }
    const lines = await deps.query.csv(query, userIdOf(req));
    res.set({ 'Content-Type': `${QUERY_CSV_TYPE}; charset=utf-8`, 'Content-Disposition': `attachment; filename="parcels-${new Date().toISOString().slice(0, 10)}.csv"` });
    try {
      for await (const text of lines) {
        if (res.destroyed) return;
        if (!res.write(text)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
      }
      res.end();
    } catch (error) {
      // The rows sent stay sent: the file ends without its count line, which is how it says it is cut short.
      res.destroy(error as Error);
    }
  });

  return router;
}
