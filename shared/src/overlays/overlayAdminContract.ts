// What the import and datasets commands send a running API about overlays (/api/admin):
// an overlay import of files uploaded to an import job, the report it answers, and the kept versions.
import * as z from 'zod/mini';
import { bundledMappingNameSchema } from '../datasets/importContract.ts';
import { bboxSchema } from '../parcels/parcelContract.ts';
import { OVERLAY_CONTEXT_KINDS, OVERLAY_GEOMETRY_TYPES, overlayStyleSchema } from './overlayContract.ts';

/** POST /api/admin/imports/{id}/overlay: which uploaded file is the overlay, its name and how to read it. */
export const overlayImportBodySchema = z.object({
  file: z.string().check(z.minLength(1)),
  overlay: z.string(),
  /** What the Overlays panel shows; by default the mapping's label, else the name. */
  label: z.optional(z.string().check(z.minLength(1))),
  /** An uploaded overlay mapping file; none (nor a bundled one): the file's name as source, every property shown. */
  mapping: z.optional(z.string()),
  /** One of the overlay mappings that come with the product (county-data/mappings/overlays/), instead of an uploaded one. */
  bundledMapping: z.optional(bundledMappingNameSchema),
  /** Read and check only. */
  dryRun: z.optional(z.boolean()),
  /** The share of features (0–1) that may be rejected; default 5 %. */
  maxRejectedShare: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
});

/** What an overlay import did: its counts, the features it rejected and why, or why nothing was published. */
export const overlayImportReportSchema = z.object({
  file: z.string(),
  format: z.string(),
  crs: z.string(),
  dryRun: z.boolean(),
  refusal: z.nullable(z.string()),
  overlay: z.object({
    name: z.string(),
    label: z.string(),
    /** null until published (and for a dry run or a refusal). */
    version: z.nullable(z.number()),
    geometryType: z.nullable(z.enum(OVERLAY_GEOMETRY_TYPES)),
    context: z.nullable(z.enum(OVERLAY_CONTEXT_KINDS)),
    sourceName: z.string(),
    licence: z.string(),
  }),
  features: z.number(),
  imported: z.number(),
  /** Polygons made valid. */
  repaired: z.number(),
  rejected: z.number(),
  /** `feature`: its number in the file (1-based). */
  rejections: z.array(z.object({ feature: z.number(), detail: z.string() })),
  timings: z.object({ totalMs: z.number() }),
});

/** One kept version of an overlay, as `npm run datasets -- list` shows it. */
export const overlayVersionSchema = z.object({
  name: z.string(),
  version: z.number(),
  current: z.boolean(),
  label: z.string(),
  geometryType: z.enum(OVERLAY_GEOMETRY_TYPES),
  context: z.nullable(z.enum(OVERLAY_CONTEXT_KINDS)),
  style: overlayStyleSchema,
  /** The properties its tiles carry; null: every one. */
  shownAttributes: z.nullable(z.array(z.string())),
  features: z.number(),
  rejected: z.number(),
  source: z.string(),
  licence: z.string(),
  asOf: z.nullable(z.string()),
  publishedAt: z.string(),
  bbox: z.nullable(bboxSchema),
});

/** GET /api/admin/overlays: every kept version of every overlay, newest first by name. */
export const overlayVersionsAnswerSchema = z.object({ dataVersion: z.number(), versions: z.array(overlayVersionSchema) });

export type OverlayImportBody = z.infer<typeof overlayImportBodySchema>;
export type OverlayImportReport = z.infer<typeof overlayImportReportSchema>;
export type OverlayVersion = z.infer<typeof overlayVersionSchema>;
export type OverlayVersionsAnswer = z.infer<typeof overlayVersionsAnswerSchema>;
