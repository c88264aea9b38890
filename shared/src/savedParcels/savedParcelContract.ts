// The wire contract of /api/saved-parcels (SPEC §3 'Saved parcel (server record)', §5, §7, §8): its
// limits and messages, and the records it answers with, which the screens parse (zod/mini). The
// requests' schemas, which only the API parses, are in savedParcelRequests.ts.
import * as z from 'zod/mini';
import { geometrySchema, ownerMailingSchema, parcelAttributeSchema, parcelSchema } from '../parcels/parcelContract.ts';
import { changesPageSchema } from '../datasets/versionChangesContract.ts';

/** SPEC §5, §9: notes are optional, at most 256 characters. */
export const NOTES_MAX_LENGTH = 256;

/** Tags on a saved parcel: free text, a few per parcel, each short. */
export const TAGS_MAX_COUNT = 10;
export const TAG_MAX_LENGTH = 40;

/** The most parcels one user may keep saved: far beyond a working list, short of a scraper's. */
export const SAVED_PARCELS_MAX_PER_USER = 10_000;
/** The API's answer (403) to a save beyond it, shown in the save modal like any other save failure (SPEC §8). */
export const SAVED_PARCELS_FULL_MESSAGE = `Your saved list is full (${SAVED_PARCELS_MAX_PER_USER.toLocaleString('en-US')} parcels). Delete a saved parcel to save another.`;

/** SPEC §8 'Save, status 409': the API's answer, and the notice the save modal shows. */
export const ALREADY_SAVED_MESSAGE = 'This parcel is already in your saved list.';

/** The kinds of a version's change log a saved parcel's owner hears about (issue #43). */
export const SAVED_PARCEL_CHANGE_KINDS = ['owner', 'sold', 'value', 'removed'] as const;

/**
 * One change to a saved parcel, from the change log of a version published since it was saved: the
 * log's kind and before → after, when that version was published (`at`, ISO), and whether it was
 * published before the user last marked the list's changes seen.
 */
const savedParcelChangeSchema = z.extend(z.omit(changesPageSchema.shape.changes.def.element, { pin: true, address: true }), {
  at: z.string(),
  seen: z.boolean(),
});

/** What POST and PUT answer with, and each entry of the list. */
export const savedParcelRecordSchema = z.object({
  id: z.number(),
  parcel_pin: z.string(),
  parcel_owner_name: z.string(),
  parcel_address: z.string(),
  parcel_centroid_lat: z.number(),
  parcel_centroid_lon: z.number(),
  notes: z.nullable(z.string()),
  tags: z.array(z.string()),
  created_at: z.string(),
  /** The list's only: the parcel's changes since it was saved, oldest first; absent when none. */
  changes: z.optional(z.array(savedParcelChangeSchema)),
  /**
   * The list's only: present when the served data no longer has this PIN (split, merged, renumbered,
   * its data set removed); `since` is when the version that removed it was published, if one recorded it.
   */
  gone: z.optional(z.object({ since: z.nullable(z.string()) })),
});

/** GET /api/saved-parcels: the user's records, newest first. */
export const savedParcelListSchema = z.object({ parcels: z.array(savedParcelRecordSchema) });

/**
 * GET /api/saved-parcels/details: each saved parcel's current parcel record and outline, for the
 * exports and the acres sort. A saved parcel whose PIN is no longer served is left out.
 */
export const savedParcelDetailsListSchema = z.object({
  parcels: z.array(
    z.object({ id: z.number(), ...parcelSchema.shape, ...ownerMailingSchema.shape, attributes: z.catch(z.array(parcelAttributeSchema), []), geometry: geometrySchema }),
  ),
});

export type SavedParcelRecord = z.infer<typeof savedParcelRecordSchema>;
export type SavedParcelChange = z.infer<typeof savedParcelChangeSchema>;
export type SavedParcelDetails = z.infer<typeof savedParcelDetailsListSchema>['parcels'][number];
export type SavedParcelList = z.infer<typeof savedParcelListSchema>;
