// The wire contract of an import: its report (written by the importer, printed by the CLI, shown on
// the Data page) and the import jobs of /api/admin/imports, through which the Data page and the
// import command hand a file to a running API. zod/mini: the Data page parses them in the browser.
import * as z from 'zod/mini';
import { bboxSchema } from '../parcels/parcelContract.ts';
import { versionChangeSummarySchema } from './versionChangesContract.ts';

/**
 * The parcel files an import reads, by extension: GeoJSON and zipped Shapefiles directly, the others
 * (and a .zip holding a File Geodatabase's .gdb folder) through GDAL's ogr2ogr.
 */
export const IMPORT_FILE_EXTENSIONS = ['.geojson', '.json', '.zip', '.gpkg', '.kml', '.kmz', '.topojson', '.geojsonl', '.geojsons', '.csv'] as const;

export const REJECTION_REASONS = ['no PIN', 'invalid PIN', 'duplicate PIN', 'bad geometry', 'PIN in another data set'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** What a feature of a parcel file is when it is not someone's parcel (the import mapping's `nonParcels`). */
export const NON_PARCEL_KINDS = ['right-of-way', 'road', 'water', 'rail'] as const;
export type NonParcelKind = (typeof NON_PARCEL_KINDS)[number];
/** What each published feature is, stored with it (parcels.kind): a parcel, or one of the kinds that are not someone's parcel. */
export type ParcelKind = 'parcel' | NonParcelKind;

export const rejectedRowSchema = z.object({
  /** 1-based position of the feature in the file. */
  feature: z.number(),
  pin: z.nullable(z.string()),
  reason: z.enum(REJECTION_REASONS),
  detail: z.string(),
});

/** Values of one field that the import left empty, how many, and a few of them as the file wrote them. */
const fieldValuesSchema = z.object({ field: z.string(), count: z.number(), examples: z.array(z.string()) });

export const importReportSchema = z.object({
  file: z.string(),
  format: z.string(),
  crs: z.string(),
  dryRun: z.boolean(),
  /** Why nothing was (or, on a dry run, would be) published; null when the data set is good to publish. */
  refusal: z.nullable(z.string()),
  /** The data set the file is (or would be) published to; id and version once published. */
  dataset: z.object({
    name: z.string(),
    id: z.nullable(z.number()),
    version: z.nullable(z.number()),
    sourceName: z.string(),
    licence: z.string(),
    asOf: z.nullable(z.string()),
  }),
  features: z.number(),
  imported: z.number(),
  /** Imported parcels whose invalid outline (crossing itself, unclosed ring, …) was made valid. */
  repaired: z.number(),
  rejected: z.number(),
  rejectedByReason: z.record(z.enum(REJECTION_REASONS), z.number()),
  rejections: z.array(rejectedRowSchema),
  join: z.nullable(
    z.object({ file: z.string(), rows: z.number(), keysWithSeveralRows: z.number(), pick: z.string(), matched: z.number(), unmatched: z.number() }),
  ),
  taxAcres: z.object({ fromMapping: z.number(), computedFromGeometry: z.number() }),
  /** Values that could not be read (a date or number that does not parse): left empty, row kept. */
  warnings: z.array(fieldValuesSchema),
  /**
   * Values that mean "unknown" ("/", "N/A", a sale dated 1/1/1900, year built 0, the mapping's
   * `nullValues`), per source field: stored as missing, row kept.
   */
  placeholders: z.array(fieldValuesSchema),
  /** The imported features the mapping's rules call rights-of-way, roads, water or rail rather than parcels. */
  nonParcels: z.array(
    z.object({
      feature: z.number(),
      pin: z.string(),
      kind: z.enum(NON_PARCEL_KINDS),
      /** The PIN it is stored under when an earlier feature of the file took its own (Cambridge's six "ROAD" rows: "ROAD_2" …). */
      storedPin: z.optional(z.string()),
    }),
  ),
  /**
   * Polygons whose outline encloses many other parcels (the mapping's `outsized` rule): probably a
   * right-of-way or road network drawn as one feature. `kind`: what it is stored as, null when the
   * mapping keeps it a parcel.
   */
  outsized: z.array(z.object({ feature: z.number(), pin: z.string(), covers: z.number(), kind: z.nullable(z.enum(NON_PARCEL_KINDS)) })),
  /**
   * What the file changes against the version of its data set served when it was validated (once
   * published, against the one it replaced): null when none is served. Absent from reports made
   * without a database (a dry run).
   */
  changes: z.optional(versionChangeSummarySchema),
  timings: z.object({ readMs: z.number(), prepareMs: z.number(), writeMs: z.number(), totalMs: z.number() }),
  parcelsPerSecond: z.number(),
});

/** A parcel field's source as a mapping gives it: a property's name, or a property or constant with its transform. */
const mappedFieldSchema = z.union([
  z.string(),
  z.object({
    from: z.optional(z.string()),
    const: z.optional(z.union([z.string(), z.number()])),
    divide: z.optional(z.number()),
    multiply: z.optional(z.number()),
    date: z.optional(z.string()),
  }),
]);

/**
 * The field mapping an import used, as the Data page shows it: the mapping file's JSON, which the
 * importer checked in full (county-data/src/import/importMapping.ts); what the page does not show passes through.
 */
const importMappingViewSchema = z.looseObject({
  /** By parcel field (PIN, owner, ADD1, …). */
  fields: z.record(z.string(), mappedFieldSchema),
  join: z.optional(z.looseObject({ file: z.string(), featureKey: z.string(), csvKey: z.string() })),
  attributes: z.optional(
    z.looseObject({
      show: z.optional(z.array(z.union([z.string(), z.looseObject({ from: z.string(), label: z.optional(z.string()) })]))),
      hidden: z.optional(z.array(z.string())),
    }),
  ),
});

export const IMPORT_JOB_STATES = ['uploading', 'validating', 'ready', 'refused', 'publishing', 'published', 'failed'] as const;
export type ImportJobState = (typeof IMPORT_JOB_STATES)[number];

/** A bundled mapping's name: its file's, without .json. */
export const bundledMappingNameSchema = z.string().check(z.regex(/^[a-z0-9_]+$/));

/** The mappings that come with the product (county-data/mappings/), by name, and the field-name default. */
export const importMappingChoiceSchema = z.union([
  z.object({ kind: z.literal('default') }),
  z.object({ kind: z.literal('bundled'), name: bundledMappingNameSchema }),
  /** A mapping file uploaded with the import. */
  z.object({ kind: z.literal('uploaded'), file: z.string() }),
]);

/** POST /api/admin/imports/{id}/validate: which uploaded file holds the parcels, and how to read it. */
export const validateImportBodySchema = z.object({
  file: z.string().check(z.minLength(1)),
  /** The data set's name; by default the mapping's, else one made from the file name. */
  dataset: z.optional(z.string()),
  mapping: importMappingChoiceSchema,
  /** The share of features (0–1) that may be rejected; default 5 %. */
  maxRejectedShare: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
});

export const importJobSchema = z.object({
  id: z.string(),
  state: z.enum(IMPORT_JOB_STATES),
  /** The files uploaded so far, with their sizes in bytes. */
  files: z.array(z.object({ name: z.string(), bytes: z.number() })),
  progress: z.nullable(z.object({ phase: z.string(), done: z.number(), total: z.number() })),
  report: z.nullable(importReportSchema),
  /** Up to SAMPLE_PARCELS mapped parcels as a GeoJSON FeatureCollection, for a small map before publishing. */
  sample: z.nullable(z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()), bbox: z.nullable(bboxSchema) })),
  /** The field mapping used (the mapping file's JSON). */
  mapping: z.nullable(importMappingViewSchema),
  /** Why the job failed (state 'failed'). */
  error: z.nullable(z.string()),
});

/** GET /api/admin/limits: what the Data page states before an upload, and the mappings that come with the product (parcels', overlays'). */
export const importLimitsSchema = z.object({ maxUploadBytes: z.number(), bundledMappings: z.array(z.string()), bundledOverlayMappings: z.array(z.string()) });

export type ImportReport = z.infer<typeof importReportSchema>;
export type RejectedRow = z.infer<typeof rejectedRowSchema>;
export type ImportJob = z.infer<typeof importJobSchema>;
export type ImportMappingChoice = z.infer<typeof importMappingChoiceSchema>;
export type ImportMappingView = z.infer<typeof importMappingViewSchema>;
export type ValidateImportBody = z.infer<typeof validateImportBodySchema>;
export type ImportLimits = z.infer<typeof importLimitsSchema>;

/** How the report names a feature that is not a parcel: "ROAD (road)", "ROAD as ROAD_2 (road)". */
export function nonParcelText(row: ImportReport['nonParcels'][number]): string {
  return `${row.pin}${row.storedPin === undefined ? '' : ` as ${row.storedPin}`} (${row.kind})`;
}

/** How the report names a polygon enclosing many parcels: "ROAD_5 encloses 5,253 parcels (road)". */
export function outsizedText(row: ImportReport['outsized'][number]): string {
  return `${row.pin} encloses ${row.covers.toLocaleString('en-US')} parcels (${row.kind ?? 'kept as a parcel'})`;
}
