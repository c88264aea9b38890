// The query of a change list (versionChangesContract.ts) as the API validates it; apart from the
// contract because the browser sends it but never parses it (as parcelRequests.ts).
import * as z from 'zod/mini';
import { queryInteger } from '../parcels/parcelRequests.ts';
import { MAX_CHANGES_PAGE, PARCEL_CHANGE_KINDS } from './versionChangesContract.ts';

/** ?kind=&offset=&limit=: one kind or all, and the page. */
export const changesQuerySchema = z.object({
  kind: z.optional(z.enum(PARCEL_CHANGE_KINDS, { error: `kind must be one of ${PARCEL_CHANGE_KINDS.join(', ')}` })),
  offset: queryInteger('offset', 0, 9_999_999, 0),
  limit: queryInteger('limit', 1, MAX_CHANGES_PAGE, 100),
});
