// The wire contract of /api/markups: a user's kept measurements and drawings. The
// records the screens parse, and the requests the API validates (only the API parses those).
import * as z from 'zod/mini';
import { NOTES_MAX_LENGTH } from '../savedParcels/savedParcelContract.ts';
import { storableName, storableText } from '../wire/storable.ts';

export const MARKUP_NAME_MAX_LENGTH = 80;
/**
 * A drawing with more vertices than this is refused: far beyond anything drawn by hand, and what fits
 * the API's 100 kB body at full precision (5,000 did not: such a drawing met 'Request body too large').
 */
export const MARKUP_MAX_POSITIONS = 2000;

/** The most markups one user may keep. */
export const MARKUPS_MAX_PER_USER = 1000;
/** The API's answer (403) to a markup beyond it. */
export const MARKUPS_FULL_MESSAGE = `You have the most markups one can keep (${MARKUPS_MAX_PER_USER.toLocaleString('en-US')}). Delete a markup to keep another.`;
/**
 * The bytes of drawing (geometry as stored, GeoJSON text) one user may keep: a
 * thousand hand-drawn markups of a few dozen points each, or about 25 of the largest; what a user's
 * whole list costs the API to send.
 */
export const MARKUPS_MAX_BYTES_PER_USER = 2_000_000;
/** The API's answer (413) to a markup that would take a user's drawings beyond it. */
export const MARKUPS_BYTES_FULL_MESSAGE = `Your markups hold the most drawing one can keep (${MARKUPS_MAX_BYTES_PER_USER / 1_000_000} MB). Delete a markup, or keep this one with fewer points.`;
/** GET /api/markups answers a page of at most this many markups… */
export const MARKUPS_PAGE_SIZE = 100;
/**
 * …and of at most this many bytes of drawing, unless its one markup is larger: a page of 1.9 MB (the
 * largest drawings, newest) held the API's thread long enough to put another user's p99 past 600 ms.
 */
export const MARKUPS_PAGE_BYTES = 200_000;

const position = z.tuple([z.number().check(z.gte(-180), z.lte(180)), z.number().check(z.gte(-90), z.lte(90))]);

/** SPEC §5's drawing rules (a line of 2+ points, a ring of 4+ closed), with at most `maxPositions`. */
const markupGeometry = (maxPositions: number) =>
  z.union([
    z.object({ type: z.literal('Point'), coordinates: position }),
    z.object({ type: z.literal('LineString'), coordinates: z.array(position).check(z.minLength(2), z.maxLength(maxPositions)) }),
    z.object({
      type: z.literal('Polygon'),
      coordinates: z.tuple([z.array(position).check(z.minLength(4), z.maxLength(maxPositions))]),
    }),
  ]);

/** Markups kept before MARKUP_MAX_POSITIONS was lowered may have this many positions: they stay listed. */
const KEPT_MAX_POSITIONS = 5000;
/** What a kept markup can be. */
export const markupGeometrySchema = markupGeometry(KEPT_MAX_POSITIONS);
/** What a new markup can be. */
const newMarkupGeometrySchema = markupGeometry(MARKUP_MAX_POSITIONS);

export const markupSchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  geometry: markupGeometrySchema,
  visible: z.boolean(),
  /** What the user noted about it; null (or left out) for none. */
  note: z.optional(z.nullable(z.string())),
  created_at: z.string(),
});

/**
 * GET /api/markups?before=&limit=: a page of the user's markups, newest first. `next_before` is the
 * `before` of the next page, null on the last.
 */
export const markupPageSchema = z.object({ markups: z.array(markupSchema), next_before: z.nullable(z.number()) });

const nameSchema = storableName(MARKUP_NAME_MAX_LENGTH);
const colorSchema = z.pipe(
  z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'color must be #rrggbb')),
  z.transform((color) => color.toLowerCase()),
);

/** A markup's note: as long as a saved parcel's; '' or null for none. */
const noteSchema = z.pipe(
  z.nullable(storableText().check(z.maxLength(NOTES_MAX_LENGTH, `note must be at most ${NOTES_MAX_LENGTH} characters`))),
  z.transform((note) => (note === '' ? null : note)),
);

/** POST /api/markups */
export const createMarkupBodySchema = z.object({
  name: nameSchema,
  color: colorSchema,
  geometry: newMarkupGeometrySchema,
  visible: z.optional(z.boolean()),
  note: z.optional(noteSchema),
});
/** PATCH /api/markups/{id}: rename, recolour, show or hide, change the note. */
export const updateMarkupBodySchema = z.object({
  name: z.optional(nameSchema),
  color: z.optional(colorSchema),
  visible: z.optional(z.boolean()),
  note: z.optional(noteSchema),
});

export type Markup = z.infer<typeof markupSchema>;
export type MarkupPage = z.infer<typeof markupPageSchema>;
export type MarkupGeometry = z.infer<typeof markupGeometrySchema>;
export type CreateMarkupBody = z.infer<typeof createMarkupBodySchema>;
export type UpdateMarkupBody = z.infer<typeof updateMarkupBodySchema>;
