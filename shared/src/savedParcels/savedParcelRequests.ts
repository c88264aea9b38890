// The requests of /api/saved-parcels as the API validates them, with the 400 messages it answers
// (SPEC §5, §7). Apart from savedParcelContract.ts for the reason parcelRequests.ts gives.
import * as z from 'zod/mini';
import { pinSchema } from '../parcels/parcelRequests.ts';
import { cutText, PARCEL_TEXT_MAX_LENGTH } from '../wire/cutText.ts';
import { INT4_MAX, storableText } from '../wire/storable.ts';
import { NOTES_MAX_LENGTH, TAG_MAX_LENGTH, TAGS_MAX_COUNT } from './savedParcelContract.ts';

/** Owner name and address, copied from the parcel: cut as the importer cut the parcel's own, so any parcel can be saved. */
const parcelTextSchema = z.pipe(storableText(), z.transform((text: string) => cutText(text, PARCEL_TEXT_MAX_LENGTH)));

const notesSchema = z.nullable(storableText().check(z.maxLength(NOTES_MAX_LENGTH, `notes must be at most ${NOTES_MAX_LENGTH} characters`)));

const tagSchema = z.pipe(
  storableText(),
  z.transform((tag) => tag.trim().replace(/\s+/g, ' ')),
).check(z.refine((tag) => tag.length >= 1 && tag.length <= TAG_MAX_LENGTH, `each tag must be 1 to ${TAG_MAX_LENGTH} characters`));

/** A parcel's tags: each trimmed, one that repeats another (any case) dropped, so the list is what the user sees. */
const tagListSchema = z.pipe(
  z.array(tagSchema).check(z.maxLength(TAGS_MAX_COUNT, `at most ${TAGS_MAX_COUNT} tags`)),
  z.transform((tags) => tags.filter((tag, index) => tags.findIndex((other) => other.toLowerCase() === tag.toLowerCase()) === index)),
);

/** POST /api/saved-parcels. z.object drops unknown keys, which is what "unknown fields ignored" asks for. */
export const saveParcelBodySchema = z.object({
  parcel_pin: pinSchema,
  parcel_owner_name: parcelTextSchema,
  parcel_address: parcelTextSchema,
  parcel_centroid_lat: z.number().check(z.gte(-90), z.lte(90)),
  parcel_centroid_lon: z.number().check(z.gte(-180), z.lte(180)),
  notes: z.pipe(z.optional(notesSchema), z.transform((notes) => notes ?? null)),
  /** Tags given in the save dialog; none when left out. */
  tags: z.optional(tagListSchema),
});

/** PUT /api/saved-parcels/{id} */
export const updateSavedParcelBodySchema = z.object({ notes: notesSchema });

/** PUT /api/saved-parcels/{id}/tags: the parcel's whole tag list. */
export const savedParcelTagsBodySchema = z.object({ tags: tagListSchema });

/**
 * {id} of PUT and DELETE: digits only (SPEC §5 sends all-digit ids as numbers); an id beyond int4
 * cannot exist, so it is null (a 404, not a 400).
 */
export const savedParcelParamsSchema = z.object({
  id: z.pipe(
    z.string().check(z.regex(/^\d{1,12}$/, 'id must be a positive integer')),
    z.transform((id) => {
      const value = Number(id);
      return value >= 1 && value <= INT4_MAX ? value : null;
    }),
  ),
});

export type SaveParcelBody = z.infer<typeof saveParcelBodySchema>;
export type UpdateSavedParcelBody = z.infer<typeof updateSavedParcelBodySchema>;
export type SavedParcelTagsBody = z.infer<typeof savedParcelTagsBodySchema>;
