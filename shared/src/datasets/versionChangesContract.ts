// The wire contract of what changed between a data set's versions (issue #43): the counts by kind that
// a validation report and each version row carry, and the change log of
// GET /api/admin/datasets/{name}/versions/{version}/changes (and of a validated import, before it is
// published), paged and filtered by kind. zod/mini: the Data page parses them in the browser.
import * as z from 'zod/mini';

/**
 * What can happen to a parcel between two versions, in the order the Data page lists them. One parcel
 * may change in several ways at once (sold to a new owner: 'owner' and 'sold').
 */
export const PARCEL_CHANGE_KINDS = ['added', 'removed', 'outline', 'owner', 'sold', 'value'] as const;
export type ParcelChangeKind = (typeof PARCEL_CHANGE_KINDS)[number];

/** How the Data page names each kind. */
export const PARCEL_CHANGE_LABELS: Record<ParcelChangeKind, string> = {
  added: 'Added',
  removed: 'Removed',
  outline: 'Outline changed',
  owner: 'Owner changed',
  sold: 'Sold',
  value: 'Value changed',
};

/** How many parcels changed in each way against the version served before it. */
const changeCountsSchema = z.object({
  added: z.number(),
  removed: z.number(),
  outline: z.number(),
  owner: z.number(),
  sold: z.number(),
  value: z.number(),
});

/**
 * A version's change summary, as a version row and a validation report carry it: null when there was
 * nothing to compare with (a data set's first version) or the version was published before changes
 * were recorded.
 */
export const versionChangeSummarySchema = z.nullable(changeCountsSchema);

/** The fields a change shows on one side, by their label ('Owner', 'Sale date', 'Appraised total value'). */
const changeValuesSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

/** One parcel's change of one kind: before → after (no before for an added parcel, no after for a removed one). */
const parcelChangeSchema = z.object({
  pin: z.string(),
  kind: z.enum(PARCEL_CHANGE_KINDS),
  /** The parcel's address, the new version's where it has one. */
  address: z.nullable(z.string()),
  before: z.nullable(changeValuesSchema),
  after: z.nullable(changeValuesSchema),
});

/** The changes listed per page at most. */
export const MAX_CHANGES_PAGE = 500;

/** A page of a change list, by kind then PIN; `total` counts the changes of the kind asked (all if none). */
export const changesPageSchema = z.object({
  counts: changeCountsSchema,
  total: z.number(),
  offset: z.number(),
  changes: z.array(parcelChangeSchema),
});

export type ChangeCounts = z.infer<typeof changeCountsSchema>;
type ChangeValues = z.infer<typeof changeValuesSchema>;
export type ParcelChange = z.infer<typeof parcelChangeSchema>;
export type ChangesPage = z.infer<typeof changesPageSchema>;

/** One side of a change as text, the Data page's and the CSV's: "Owner: REID STEVEN M; Acres: 0.118" (a missing value, 'N/A'). */
export function changeValuesText(values: ChangeValues | null): string {
  if (values === null) return '';
  return Object.entries(values)
    .map(([label, value]) => `${label}: ${value === null ? 'N/A' : typeof value === 'number' ? value.toLocaleString('en-US', { maximumFractionDigits: 3 }) : value}`)
    .join('; ');
}

/** The columns of a change list's CSV. */
export const CHANGES_CSV_COLUMNS = ['PIN', 'Change', 'Address', 'Before', 'After'] as const;

/** "2 added, 1 removed, 1 owner changed, 1 sold": the kinds there are any of, in order; "no change" when none. */
export function changeCountsText(counts: ChangeCounts): string {
  const parts = PARCEL_CHANGE_KINDS.filter((kind) => counts[kind] > 0).map((kind) => `${counts[kind].toLocaleString('en-US')} ${PARCEL_CHANGE_LABELS[kind].toLowerCase()}`);
  return parts.length === 0 ? 'no change' : parts.join(', ');
}
