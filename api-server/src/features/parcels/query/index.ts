// Attribute queries wired to a database: the field catalogue read once per data version, and the
// database's gate of heavy reads, which searches take turns at too (search/searchGate.ts).
import type { RequestHandler, Router } from 'express';
import type { Db } from '@parcel-map/database';
import type { DataVersion } from '../../../platform/cache/dataVersion.ts';
import type { SearchGate } from '../search/searchGate.ts';
import { createWholeListRepository } from '../wholeList/wholeListRepository.ts';
import { loadFieldCatalogue } from './queryFields.ts';
import { createQueryRepository } from './queryRepository.ts';
import { createQueryRouter } from './queryRouter.ts';
import { createQueryService } from './queryService.ts';

export function createParcelQueryRouter(deps: { db: Db; dataVersion: Pick<DataVersion, 'known' | 'current'>; requireUser: RequestHandler; rateLimit: RequestHandler; gate: SearchGate }): Router {
  const { db, gate } = deps;
  const query = createQueryService({ repository: createQueryRepository(db), wholeList: createWholeListRepository(db), loadCatalogue: () => loadFieldCatalogue(db), dataVersion: deps.dataVersion, gate });
  return createQueryRouter({ query, requireUser: deps.requireUser, rateLimit: deps.rateLimit });
}
