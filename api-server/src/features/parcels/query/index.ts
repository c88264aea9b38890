// Attribute queries wired to a database: the field catalogue read once per data version, and the
// database's gate of lists, which whole nearby lists take turns at too (search/searchGate.ts). The
// queries registered for the map are the query match tiles' to read (createApp.ts wires them).
import type { RequestHandler, Router } from 'express';
import type { Db } from '@parcel-map/database';
import type { DataVersion } from '../../../platform/cache/dataVersion.ts';
import type { SearchGate } from '../search/searchGate.ts';
import { createWholeListRepository } from '../wholeList/wholeListRepository.ts';
import { loadFieldCatalogue } from './queryFields.ts';
import { createQueryMatches, type QueryMatches } from './queryMatches.ts';
import { createQueryRepository } from './queryRepository.ts';
import { createQueryRouter } from './queryRouter.ts';
import { createQueryService } from './queryService.ts';

export function createParcelQueries(deps: { db: Db; dataVersion: Pick<DataVersion, 'known' | 'current'>; requireUser: RequestHandler; rateLimit: RequestHandler; gate: SearchGate }): {
  router: Router;
  matches: QueryMatches;
} {
  const { db, gate, dataVersion } = deps;
  const query = createQueryService({ repository: createQueryRepository(db), wholeList: createWholeListRepository(db), loadCatalogue: () => loadFieldCatalogue(db), dataVersion, gate });
  const matches = createQueryMatches({ matchSet: query.matchSet, dataVersion });
  return { router: createQueryRouter({ query, matches, requireUser: deps.requireUser, rateLimit: deps.rateLimit }), matches };
}
