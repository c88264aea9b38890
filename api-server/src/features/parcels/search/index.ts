// Parcel search wired to a database: its repository, the database's gate of heavy reads
// (searchGate.ts, shared with attribute queries), and its answers kept per data version.
import type { Db } from '@parcel-map/database';
import type { ParcelSearchResponse } from '@parcel-map/shared/contracts';
import type { DataVersion } from '../../../platform/cache/dataVersion.ts';
import { createVersionedCache } from '../../../platform/cache/versionedCache.ts';
import { createParcelSearchRepository } from './parcelSearchRepository.ts';
import { createParcelSearchService } from './parcelSearchService.ts';
import type { SearchGate } from './searchGate.ts';

/** Answers kept: every query of the last few minutes' typing, a few KB each. */
const ANSWERS_KEPT = 2_000;

export function createParcelSearch(db: Db, dataVersion: Pick<DataVersion, 'known' | 'current'>, gate: SearchGate) {
  const answers = createVersionedCache<ParcelSearchResponse>(dataVersion, ANSWERS_KEPT);
  return createParcelSearchService({ repository: createParcelSearchRepository(db), dataVersion, gate, answers });
}
