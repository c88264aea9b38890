// The wire contract of GET /api/datasets/current: where the parcel data came from, shown in the
// detail panel and the print report. zod/mini: the map parses the answer in the browser.
import * as z from 'zod/mini';

export const datasetInfoSchema = z.object({
  source_name: z.string(),
  licence: z.string(),
  /** ISO 8601 in UTC. */
  imported_at: z.string(),
  /** YYYY-MM-DD: the date the county's data describes, when it says. */
  as_of: z.nullable(z.string()),
  parcel_count: z.number(),
});

export type DatasetInfo = z.infer<typeof datasetInfoSchema>;
