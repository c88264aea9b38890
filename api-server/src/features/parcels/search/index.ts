// Parcel search wired to a database: its repository, a gate of one search at a time on PGlite's
// single session, three on a PostgreSQL pool (of ten by default), so the rest of the API always has
// connections free, and its answers kept per data version.
import type { Db } from '@parcel-map/database';
import type { ParcelSearchResponse } from '@parcel-map/shared/contracts';
import type { DataVersion } from '../../../platform/cache/dataVersion.ts';
import { createVersionedCache } from '../../../platform/cache/versionedCache.ts';
import { createParcelSearchRepository } from './parcelSearchRepository.ts';
import { createParcelSearchService } from './parcelSearchService.ts';
import { createSearchGate } from './searchGate.ts';

const SEARCH_SLOTS = { singleSession: 1, pool: 3 } as const;
/** Searches of one user that may wait for a slot (the twenty at once wait); the next is answered 429. */
const SEARCHES_WAITING_PER_USER = 20;
/** Answers kept: every query of the last few minutes' typing, a few KB each. */
const ANSWERS_KEPT = 2_000;

export function createParcelSearch(db: Db, dataVersion: Pick<DataVersion, 'known' | 'current'>) {
  const gate = createSearchGate(db.singleSession ? SEARCH_SLOTS.singleSession : SEARCH_SLOTS.pool, SEARCHES_WAITING_PER_USER);
  const answers = createVersionedCache<ParcelSearchResponse>(dataVersion, ANSWERS_KEPT);
  return createParcelSearchService({ repository: createParcelSearchRepository(db), dataVersion, gate, answers });
}
