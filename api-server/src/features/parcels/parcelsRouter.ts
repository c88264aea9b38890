// /api/parcels: search, nearby parcels (the nearest as JSON, or with `Accept: text/csv` every one as a
// streamed CSV file), parcel at a point, parcel by tile feature id, parcel by PIN (all signed-in).
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { ParcelsService } from './parcelsService.ts';
import type { ParcelSearchService } from './search/parcelSearchService.ts';
import { atQuerySchema, featureParamsSchema, nearbyAreaBodySchema, nearbyQuerySchema, parcelParamsSchema, QUERY_CSV_TYPE, searchQuerySchema } from '@parcel-map/shared/contracts';
import type { NearbyOf, NearbyService } from './nearby/nearbyService.ts';
import { userIdOf } from '../../platform/auth/verifyBearer.ts';
import { sendCsvDownload } from '../../platform/http/csvDownload.ts';
import type { RateLimits } from '../../platform/http/rateLimits.ts';
import { createTurnsPerKey } from '../../platform/runtime/turnsPerKey.ts';

export function createParcelsRouter(deps: {
  parcelsService: ParcelsService;
  parcelSearch: ParcelSearchService;
  nearby: NearbyService;
  requireUser: RequestHandler;
  /** Searches and nearby lists; parcel records (platform/http/rateLimits.ts). */
  rateLimits: Pick<RateLimits, 'search' | 'details'>;
}): Router {
  const { search: searchLimit, details: detailsLimit } = deps.rateLimits;
  // One nearby list per user at a time: each can cost up to a second of the API's thread. A whole
  // list's turn ends once it is measured; its rows' reads take turns at the gate of heavy reads.
  const nearbyTurns = createTurnsPerKey();
  const sendNearby = async (req: Request, res: Response, of: NearbyOf, distanceFt: number) => {
    const user = userIdOf(req);
    if (req.accepts(['application/json', QUERY_CSV_TYPE]) === QUERY_CSV_TYPE) {
      await sendCsvDownload(res, 'nearby-parcels', await nearbyTurns.run(user, () => deps.nearby.wholeListCsv(of, distanceFt, user)));
      return;
    }
    // Sent without an ETag: hashing its up to 1.4 MB held the API's thread 3–14 ms in one piece, for
    // a revalidation no client makes (the answer is worked out in full either way).
    res.set('Content-Type', 'application/json; charset=utf-8').end(await nearbyTurns.run(user, () => deps.nearby.nearestJson(of, distanceFt)));
  };
  const router = Router();
  router.use(deps.requireUser);

  // GET /api/parcels/ with no pin: a malformed request rather than an unknown route.
  router.get('/', () => {
    parcelParamsSchema.parse({ pin: '' });
  });

  // Fixed paths first: they would otherwise be taken for PINs.
  router.get('/search', searchLimit, async (req, res) => {
    res.json(await deps.parcelSearch.search(searchQuerySchema.parse(req.query), userIdOf(req)));
  });

  router.post('/nearby', searchLimit, async (req, res) => {
    const { geometry, distance_ft } = nearbyAreaBodySchema.parse(req.body);
    await sendNearby(req, res, { area: geometry }, distance_ft);
  });

  router.get('/at', detailsLimit, async (req, res) => {
    const { lng, lat } = atQuerySchema.parse(req.query);
    res.json(await deps.parcelsService.parcelAt(lng, lat));
  });

  router.get('/feature/:id', detailsLimit, async (req, res) => {
    const { id } = featureParamsSchema.parse(req.params);
    res.json(await deps.parcelsService.getByFeatureId(id));
  });

  router.get('/:pin/nearby', searchLimit, async (req, res) => {
    const { pin } = parcelParamsSchema.parse(req.params);
    const { distance_ft } = nearbyQuerySchema.parse(req.query);
    await sendNearby(req, res, { pin }, distance_ft);
  });

  router.get('/:pin', detailsLimit, async (req, res) => {
    const { pin } = parcelParamsSchema.parse(req.params);
    res.json(await deps.parcelsService.getParcel(pin));
  });

  return router;
}
