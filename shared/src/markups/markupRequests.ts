// The requests of GET /api/markups as the API validates them (only the API parses these: see
// parcelRequests.ts on why request schemas stay out of the browser's contract).
import * as z from 'zod/mini';
import { queryInteger } from '../parcels/parcelRequests.ts';
import { INT4_MAX } from '../wire/storable.ts';
import { MARKUPS_PAGE_SIZE } from './markupContract.ts';

const BEFORE_MESSAGE = 'before must be a markup id (a positive whole number)';

/** GET /api/markups?before=&limit=: the page of markups older than `before` (from the newest without it). */
export const markupPageQuerySchema = z.object({
  before: z.optional(
    z.pipe(
      z.pipe(z.string({ error: BEFORE_MESSAGE }).check(z.regex(/^[1-9]\d{0,9}$/, BEFORE_MESSAGE)), z.transform(Number)),
      z.number().check(z.lte(INT4_MAX, BEFORE_MESSAGE)),
    ),
  ),
  limit: queryInteger('limit', 1, MARKUPS_PAGE_SIZE, MARKUPS_PAGE_SIZE),
});
