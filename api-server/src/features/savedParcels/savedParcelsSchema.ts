// Request validation and the record shape of /api/saved-parcels (SPEC §3 Saved parcel, §5, §7).
import { z } from 'zod';
import { storableText } from '../../platform/http/storableText.ts';
import { pinSchema } from '@parcel-map/shared/contracts';

export const NOTES_MAX_LENGTH = 256;
const TEXT_MAX_LENGTH = 512;
const INT4_MAX = 2_147_483_647;

const notesSchema = storableText().max(NOTES_MAX_LENGTH, `notes must be at most ${NOTES_MAX_LENGTH} characters`).nullable();

// z.object drops unknown keys, which is what "unknown fields ignored" asks for.
export const saveParcelBodySchema = z.object({
  parcel_pin: pinSchema,
  parcel_owner_name: storableText().max(TEXT_MAX_LENGTH),
  parcel_address: storableText().max(TEXT_MAX_LENGTH),
  parcel_centroid_lat: z.number().min(-90).max(90),
  parcel_centroid_lon: z.number().min(-180).max(180),
  notes: notesSchema.optional().transform((notes) => notes ?? null),
});

export const updateSavedParcelBodySchema = z.object({ notes: notesSchema });

/** Digits only (SPEC §5 sends all-digit ids as numbers); ids beyond int4 cannot exist, so they are null. */
export const savedParcelParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,12}$/, 'id must be a positive integer')
    .transform((id) => {
      const value = Number(id);
      return value >= 1 && value <= INT4_MAX ? value : null;
    }),
});

export type SaveParcelInput = z.infer<typeof saveParcelBodySchema>;

export type { SavedParcelRecord } from '@parcel-map/shared/contracts';
