// Attribute queries wired to a database: the field catalogue read once per data version, and the
// database's gate of lists, which whole nearby lists take turns at too (search/searchGate.ts). The
// queries registered for the map are the query match tiles' to read (createApp.ts wires them).
import type { RequestHandler, Router } from 'express';
import type { Db } from '@parcel-map/database';
import type { DataVersion } from '../../../platform/cache/dataVersion.ts';
import { loadPerVersion } from '../../../platform/cache/perVersion.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { SearchGate } from '../search/searchGate.ts';
import { createWholeListRepository } from '../wholeList/wholeListRepository.ts';
import { loadFieldCatalogue } from './queryFields.ts';
import { buildQueryColumns, createQueryColumnIndex } from './queryColumns.ts';
import { createQueryMatches, type QueryMatches } from './queryMatches.ts';
import { createQueryRepository } from './queryRepository.ts';
import { createQueryRouter } from './queryRouter.ts';
import { createQueryService } from './queryService.ts';

/** The gate's line for reading the catalogue: whoever asks first, it is one read for everyone. */
const CATALOGUE_LINE = 'query-field-catalogue';

export function createParcelQueries(deps: {
  db: Db;
  dataVersion: Pick<DataVersion, 'known' | 'current'>;
  requireUser: RequestHandler;
  rateLimit: RequestHandler;
  gate: SearchGate;
  logger: Pick<Logger, 'warn'>;
}): {
  router: Router;
  matches: QueryMatches;
  /** Whether the current version's column index is built (asking starts building it): GET /health's queryColumns. */
  columnsReady(): boolean;
} {
  const { db, gate, dataVersion } = deps;
  const catalogue = loadPerVersion(() => gate(CATALOGUE_LINE, () => loadFieldCatalogue(db)));
  const index = createQueryColumnIndex(
    async (version) => buildQueryColumns(db, await catalogue(version), version),
    (error) => deps.logger.warn({ err: error }, 'the query column index was not built; queries read the database'),
  );
  const query = createQueryService({ repository: createQueryRepository(db), wholeList: createWholeListRepository(db), catalogue, dataVersion, gate, columns: { index, db } });
  const matches = createQueryMatches({ matchSet: query.matchSet, dataVersion });
  return {
    router: createQueryRouter({ query, matches, requireUser: deps.requireUser, rateLimit: deps.rateLimit }),
    matches,
    columnsReady: () => {
      const version = dataVersion.known();
      return version !== undefined && index.columnsFor(version) !== undefined;
    },
  };
}
