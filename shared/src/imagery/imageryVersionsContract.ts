// The wire contract of imagery layers' kept versions for administrators: GET /api/admin/imagery, the
// rollback's answer (POST /api/admin/imagery/{name}/rollback), and the datasets command's
// `list --imagery --json`. A removal (DELETE /api/admin/imagery/{name}) answers 204.
import * as z from 'zod/mini';
import { bboxSchema } from '../parcels/parcelContract.ts';
import { IMAGERY_TILE_FORMATS, type ImageryTileFormat } from './imageryContract.ts';

const TILE_FORMATS = Object.keys(IMAGERY_TILE_FORMATS) as [ImageryTileFormat, ...ImageryTileFormat[]];

/** A kept version of an imagery layer, as GET /api/admin/imagery lists it and a rollback answers it. */
export const imageryVersionSchema = z.object({
  name: z.string(),
  version: z.number(),
  current: z.boolean(),
  label: z.string(),
  attribution: z.string(),
  /** The year its photos were taken, if the import was given it. */
  year: z.nullable(z.number()),
  bbox: bboxSchema,
  minzoom: z.number(),
  maxzoom: z.number(),
  tileFormat: z.enum(TILE_FORMATS),
  /** Bytes of all its tiled files. */
  sizeBytes: z.number(),
  publishedAt: z.string(),
});

/** GET /api/admin/imagery: every kept version of every imagery layer, by name, newest first. */
export const imageryVersionsAnswerSchema = z.object({ dataVersion: z.number(), versions: z.array(imageryVersionSchema) });

export type ImageryVersion = z.infer<typeof imageryVersionSchema>;
export type ImageryVersionsAnswer = z.infer<typeof imageryVersionsAnswerSchema>;
