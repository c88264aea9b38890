// GET /{name}/{z}/{x}/{y}.{webp|jpg}?v=<id> under IMAGERY_TILES_PATH: an imagery tile with its
// Content-Type (a .jpg layer's edge tiles are WebP, for their transparency), 204 where the layer has no data, 404 for a name not served (or another format's
// extension). Asked for with the current version's id, the answer is cacheable for good; public, as
// imagery holds no county data (docs/decisions.md).
import { Router } from 'express';
import { z } from 'zod';
import { IMAGERY_NAME_PATTERN, IMAGERY_TILE_FORMATS, IMAGERY_TILE_ZOOMS } from '@parcel-map/shared/contracts';
import { NotFoundError } from '../../platform/http/httpErrors.ts';
import { etagMatches, tileCacheControl } from '../../platform/http/responseHeaders.ts';
import type { ImageryTiles } from './imageryTiles.ts';

const integer = z.string().regex(/^\d{1,8}$/, 'must be a non-negative integer').transform(Number);
const addressSchema = z
  .object({
    name: z.string().regex(IMAGERY_NAME_PATTERN, 'not an imagery name'),
    z: integer.pipe(z.number().max(IMAGERY_TILE_ZOOMS.max, `z must be ${IMAGERY_TILE_ZOOMS.min}–${IMAGERY_TILE_ZOOMS.max}`)),
    x: integer,
    y: integer,
    extension: z.string(),
  })
  .refine((tile) => tile.x < 2 ** tile.z && tile.y < 2 ** tile.z, { message: 'x and y must be within 0..2^z-1' });
const versionQuery = z.object({ v: z.optional(z.string().regex(/^\d{1,15}$/, 'v must be an imagery version id (a non-negative integer)').transform(Number)) });

export function imageryTilesRouter(tiles: ImageryTiles): Router {
  const router = Router();
  router.get('/:name/:z/:x/:y.:extension', async (req, res) => {
    const { name, z: zoom, x, y, extension } = addressSchema.parse(req.params);
    const { v } = versionQuery.parse(req.query);
    const tile = await tiles.getTile(name, zoom, x, y);
    const format = IMAGERY_TILE_FORMATS[tile.layer.tileFormat];
    if (extension !== format.extension) throw new NotFoundError(`Imagery '${name}' is served as .${format.extension} tiles`);
    res.set('Cache-Control', tileCacheControl({ versioned: true, askedVersion: v, currentVersion: tile.layer.id, forSession: false }));
    if (tile.kind === 'empty') {
      res.status(204).end();
      return;
    }
    res.set('ETag', tile.etag);
    if (etagMatches(req.get('if-none-match'), tile.etag)) {
      res.status(304).end();
      return;
    }
    res.set('Content-Type', tile.contentType).send(tile.body);
  });
  return router;
}
