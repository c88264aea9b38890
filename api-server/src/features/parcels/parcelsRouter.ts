// /api/parcels: search, nearby parcels, parcel at a point, parcel by tile feature id, parcel by PIN (all signed-in).
import { Router, type RequestHandler, type Response } from 'express';
import type { ParcelsService } from './parcelsService.ts';
import type { ParcelSearchService } from './search/parcelSearchService.ts';
import { atQuerySchema, featureParamsSchema, nearbyAreaBodySchema, nearbyQuerySchema, parcelParamsSchema, searchQuerySchema } from '@parcel-map/shared/contracts';
import type { NearbyService } from './nearby/nearbyService.ts';
import { userIdOf } from '../../platform/auth/verifyBearer.ts';
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
  // One nearby list per user at a time: each can cost up to a second of the API's thread.
  const nearbyTurns = createTurnsPerKey();
  // A nearby list is sent without an ETag: hashing its up to 1.4 MB held the API's thread 3–14 ms in
  // one piece, for a revalidation no client makes (the answer is worked out in full either way).
  const sendNearby = (res: Response, json: string) => res.set('Content-Type', 'application/json; charset=utf-8').end(json);
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
    sendNearby(res, await nearbyTurns.run(userIdOf(req), () => deps.nearby.aroundAreaJson(geometry, distance_ft)));
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
    sendNearby(res, await nearbyTurns.run(userIdOf(req), () => deps.nearby.aroundParcelJson(pin, distance_ft)));
  });

  router.get('/:pin', detailsLimit, async (req, res) => {
    const { pin } = parcelParamsSchema.parse(req.params);
    res.json(await deps.parcelsService.getParcel(pin));
  });

  return router;
}
