// The wire contract of the data sets: GET /api/datasets (what the map serves now, for every
// signed-in user) and the administrators' /api/admin routes (versions, imports, the initial view).
// zod/mini: the map and the Data page parse the answers in the browser.
import * as z from 'zod/mini';
import { bboxSchema } from '../parcels/parcelContract.ts';
import { versionChangeSummarySchema } from './versionChangesContract.ts';

/** One version of a data set. */
export const datasetSchema = z.object({
  /** A slug such as `iredell-nc`. */
  name: z.string(),
  version: z.number(),
  parcels: z.number(),
  source: z.string(),
  licence: z.string(),
  /** YYYY-MM-DD: the date the county's data describes, when it says. */
  asOf: z.nullable(z.string()),
  /** ISO 8601 in UTC. */
  publishedAt: z.string(),
  bbox: z.nullable(bboxSchema),
});

/** Where the map opens when the Data page set it: a data set's extent. */
export const initialViewSettingSchema = z.object({ bounds: bboxSchema });

/**
 * GET /api/datasets: the data version (parcel tile URLs carry it) and the current version of every
 * data set, by name; `initialView` when an administrator set one.
 */
export const datasetsAnswerSchema = z.object({
  dataVersion: z.number(),
  datasets: z.array(datasetSchema),
  initialView: z.nullable(initialViewSettingSchema),
});

/** What a data set version was published from: the file as uploaded, the format it was read as, its size in bytes (null when unknown). */
const versionFileSchema = z.object({ name: z.string(), format: z.string(), bytes: z.nullable(z.number()) });

/** One kept version of a data set, as the Data page lists it. */
const datasetVersionSchema = z.object({
  ...datasetSchema.shape,
  current: z.boolean(),
  rejected: z.number(),
  /** null for a version that did not say (published before this was recorded, or by the demo seed). */
  file: z.nullable(versionFileSchema),
  /** The administrator's e-mail address; null when a command on the server's machine published it, or it was not recorded. */
  publishedBy: z.nullable(z.string()),
  /**
   * How many parcels it added, removed or changed against the version served before it (null for a
   * first version, or one published before changes were recorded); its list: …/versions/{version}/changes.
   */
  changes: versionChangeSummarySchema,
});

/** GET /api/admin/datasets: every kept version, newest first per name, and which is current. */
export const datasetVersionsAnswerSchema = z.object({
  dataVersion: z.number(),
  versions: z.array(datasetVersionSchema),
});

/** GET /api/admin/access (any signed-in user): whether they get the Data page. */
export const adminAccessAnswerSchema = z.object({ administrator: z.boolean() });

export type AdminAccessAnswer = z.infer<typeof adminAccessAnswerSchema>;
export type Dataset = z.infer<typeof datasetSchema>;
export type DatasetsAnswer = z.infer<typeof datasetsAnswerSchema>;
export type DatasetVersionsAnswer = z.infer<typeof datasetVersionsAnswerSchema>;
export type DatasetVersion = z.infer<typeof datasetVersionSchema>;
export type InitialViewSetting = z.infer<typeof initialViewSettingSchema>;
