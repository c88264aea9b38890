// Parcel search wired to a database: its repository, and a gate of one search at a time on PGlite's
// single session, three on a PostgreSQL pool (of ten by default), so the rest of the API always has
// connections free.
import type { Db } from '@parcel-map/database';
import type { DataVersion } from '../../../platform/cache/dataVersion.ts';
import { createParcelSearchRepository } from './parcelSearchRepository.ts';
import { createParcelSearchService } from './parcelSearchService.ts';
import { createSearchGate } from './searchGate.ts';

export const SEARCH_SLOTS = { singleSession: 1, pool: 3 } as const;

export function createParcelSearch(db: Db, dataVersion: Pick<DataVersion, 'known' | 'current'>) {
  const gate = createSearchGate(db.singleSession ? SEARCH_SLOTS.singleSession : SEARCH_SLOTS.pool);
  return createParcelSearchService({ repository: createParcelSearchRepository(db), dataVersion, gate });
}
