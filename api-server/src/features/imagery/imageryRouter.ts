// GET /api/imagery: the imagery layers served now (shared/src/imagery/imageryContract.ts), each
// current version with its tile URL template. Public, as the tiles are: imagery holds no county data.
import { Router } from 'express';
import { listImageryVersions } from '@parcel-map/county-data/publish';
import type { Queryable } from '@parcel-map/database';
import { imageryTilesTemplate, type ImageryAnswer } from '@parcel-map/shared/contracts';
import { CACHE_CONTROL } from '../../platform/http/responseHeaders.ts';

export function createImageryRouter(deps: { db: Queryable }): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    const versions = await listImageryVersions(deps.db);
    const answer: ImageryAnswer = {
      imagery: versions
        .filter((version) => version.current)
        .map(({ id, name, label, bbox, minzoom, maxzoom, attribution, version, tileFormat }) => ({
          name, label, bbox, minzoom, maxzoom, tiles: imageryTilesTemplate(name, tileFormat, id), attribution, version,
        })),
    };
    // Its tile URLs change with each publish: never from a cache.
    res.set('Cache-Control', CACHE_CONTROL.live).json(answer);
  });
  return router;
}
