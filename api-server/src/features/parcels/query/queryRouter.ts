// /api/parcels/query (signed-in): POST a query for one page of JSON, or with `Accept: text/csv` for
// the whole result as a CSV file, streamed; GET /fields for what a query panel can filter by.
import { Router, type RequestHandler, type Response } from 'express';
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
    // Past the first line an error is Express's to end the response with (headers sent): the rows
    // sent stay sent, and the file ends without its count line, which is how it says it is cut short.
    for await (const text of lines) {
      if (res.destroyed) return;
      if (!res.write(text)) await drainedOrClosed(res);
    }
    res.end();
  });

  return router;
}

/** Once the response takes more, or is gone (the client left): the listeners go with it either way. */
function drainedOrClosed(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
