// The wire contract of /api/saved-queries (issue #42): a user's attribute queries kept by name, their
// limits and messages, the records the query panel parses and the requests the API validates. A
// saved query is a query's conditions, never its results: run again, it lists what is published then.
import * as z from 'zod/mini';
import { parcelQueryBodySchema } from '../parcels/parcelQueryContract.ts';
import { storableName } from '../wire/storable.ts';

export const SAVED_QUERY_NAME_MAX_LENGTH = 80;
/** The most queries one user may keep: a working set of lists, each up to a drawn area's 2,000 positions. */
export const SAVED_QUERIES_MAX_PER_USER = 100;
/** The API's answer (403) to a query saved beyond it. */
export const SAVED_QUERIES_FULL_MESSAGE = `You have the most saved queries one can keep (${SAVED_QUERIES_MAX_PER_USER}). Delete a saved query to save another.`;
/** The API's answer (409) to a new query, or a rename, under a name the user already keeps. */
export const SAVED_QUERY_NAME_TAKEN_MESSAGE = 'You already have a saved query of this name.';

/** What a saved query keeps: POST /api/parcels/query's body without its page (limit, offset). */
export const savedQueryConditionsSchema = z.omit(parcelQueryBodySchema, { limit: true, offset: true });

/** What POST and PATCH answer with, and each entry of the list. */
export const savedQuerySchema = z.object({
  id: z.number(),
  name: z.string(),
  query: savedQueryConditionsSchema,
  saved_at: z.string(),
});

/** GET /api/saved-queries: the user's queries, the one saved last first. */
export const savedQueryListSchema = z.object({ queries: z.array(savedQuerySchema) });

const nameSchema = storableName(SAVED_QUERY_NAME_MAX_LENGTH);

/** POST /api/saved-queries */
export const createSavedQueryBodySchema = z.object({ name: nameSchema, query: savedQueryConditionsSchema });
/** PATCH /api/saved-queries/{id}: rename it, replace its conditions, or both. */
export const updateSavedQueryBodySchema = z.object({ name: z.optional(nameSchema), query: z.optional(savedQueryConditionsSchema) });

/** The conditions as the panel sends them (defaults may be left out). */
export type SavedQueryConditions = z.input<typeof savedQueryConditionsSchema>;
export type SavedQuery = z.infer<typeof savedQuerySchema>;
