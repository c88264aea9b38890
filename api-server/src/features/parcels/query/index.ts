// Attribute queries wired to a database: the field catalogue read once per data version, a gate of
// their own made as search's (one statement at a time on PGlite's single session, three on a pool).
import type { RequestHandler, Router } from 'express';
import type { Db } from '@parcel-map/database';
import type { DataVersion } from '../../../platform/cache/dataVersion.ts';
import { createSearchGate } from '../search/searchGate.ts';
import { loadFieldCatalogue } from './queryFields.ts';
import { createQueryRepository } from './queryRepository.ts';
import { createQueryRouter } from './queryRouter.ts';
import { createQueryService } from './queryService.ts';

const QUERY_SLOTS = { singleSession: 1, pool: 3 } as const;
/** Statements of one user that may wait for a slot; the next is answered 429 as a search's. */
const WAITING_PER_USER = 20;

export function createParcelQueryRouter(deps: { db: Db; dataVersion: Pick<DataVersion, 'known' | 'current'>; requireUser: RequestHandler; rateLimit: RequestHandler }): Router {
  const { db } = deps;
  const gate = createSearchGate(db.singleSession ? QUERY_SLOTS.singleSession : QUERY_SLOTS.pool, WAITING_PER_USER);
  const query = createQueryService({ repository: createQueryRepository(db), loadCatalogue: () => loadFieldCatalogue(db), dataVersion: deps.dataVersion, gate });
  return createQueryRouter({ query, requireUser: deps.requireUser, rateLimit: deps.rateLimit });
}
