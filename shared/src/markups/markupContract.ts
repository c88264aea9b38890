// The wire contract of /api/markups (issue #25): a user's kept measurements and drawings. The
// records the screens parse, and the requests the API validates (only the API parses those).
import * as z from 'zod/mini';
import { storableText } from '../wire/storable.ts';

export const MARKUP_NAME_MAX_LENGTH = 80;
/** A drawing with more vertices than this is refused: far beyond anything drawn by hand. */
export const MARKUP_MAX_POSITIONS = 5000;

/** The most markups one user may keep (issue #26). */
export const MARKUPS_MAX_PER_USER = 1000;
/** The API's answer (403) to a markup beyond it. */
export const MARKUPS_FULL_MESSAGE = `You have the most markups one can keep (${MARKUPS_MAX_PER_USER.toLocaleString('en-US')}). Delete a markup to keep another.`;

const position = z.tuple([z.number().check(z.gte(-180), z.lte(180)), z.number().check(z.gte(-90), z.lte(90))]);

/** What a markup can be: SPEC §5's drawing rules (a line of 2+ points, a ring of 4+ closed). */
export const markupGeometrySchema = z.union([
  z.object({ type: z.literal('Point'), coordinates: position }),
  z.object({ type: z.literal('LineString'), coordinates: z.array(position).check(z.minLength(2), z.maxLength(MARKUP_MAX_POSITIONS)) }),
  z.object({
    type: z.literal('Polygon'),
    coordinates: z.tuple([z.array(position).check(z.minLength(4), z.maxLength(MARKUP_MAX_POSITIONS))]),
  }),
]);

export const markupSchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  geometry: markupGeometrySchema,
  visible: z.boolean(),
  created_at: z.string(),
});

/** GET /api/markups: the user's markups, newest first. */
export const markupListSchema = z.object({ markups: z.array(markupSchema) });

const nameSchema = z.pipe(
  storableText(),
  z.transform((name) => name.trim()),
).check(z.refine((name) => name.length >= 1 && name.length <= MARKUP_NAME_MAX_LENGTH, `name must be 1 to ${MARKUP_NAME_MAX_LENGTH} characters`));
const colorSchema = z.pipe(
  z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'color must be #rrggbb')),
  z.transform((color) => color.toLowerCase()),
);

/** POST /api/markups */
export const createMarkupBodySchema = z.object({ name: nameSchema, color: colorSchema, geometry: markupGeometrySchema, visible: z.optional(z.boolean()) });
/** PATCH /api/markups/{id}: rename, recolour, show or hide. */
export const updateMarkupBodySchema = z.object({ name: z.optional(nameSchema), color: z.optional(colorSchema), visible: z.optional(z.boolean()) });

export type Markup = z.infer<typeof markupSchema>;
export type MarkupGeometry = z.infer<typeof markupGeometrySchema>;
export type CreateMarkupBody = z.infer<typeof createMarkupBodySchema>;
export type UpdateMarkupBody = z.infer<typeof updateMarkupBodySchema>;
