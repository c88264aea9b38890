// The composition root: builds the Express app from its dependencies, and the HTTP server that puts
// the fast paths in front of it; neither listens (server.ts and tests do).
import { createServer, type Server } from 'node:http';
import express, { type Express } from 'express';
import type { Db } from '@parcel-map/database';
import { BASEMAP_TILE_ZOOMS, CONTOUR_TILE_ZOOMS, COUNTY_DATA_TILES_PATH, TILE_ACCESS_PATH, IMAGERY_NAME_PATTERN, IMAGERY_TILE_FORMATS, IMAGERY_TILE_ZOOMS, IMAGERY_TILES_PATH, OVERLAY_NAME_PATTERN, OVERLAY_TILE_ZOOMS, OVERLAY_TILES_PATH, PARCEL_TILE_ZOOMS, QUERY_MATCH_KEY_PATTERN, QUERY_MATCH_TILES_PATH } from '@parcel-map/shared/contracts';
import { createDatasetsRepository } from '../features/datasets/datasetsRepository.ts';
import { createDatasetsRouter } from '../features/datasets/datasetsRouter.ts';
import { createDataAdminRouter, DATA_ADMIN_PATH, isFileUpload } from '../features/dataAdmin/dataAdminRouter.ts';
import { createImportJobs } from '../features/dataAdmin/importJobs.ts';
import { createParcelDetailsFastPath } from '../features/parcels/parcelDetailsFastPath.ts';
import { createParcelsRepository } from '../features/parcels/parcelsRepository.ts';
import { createParcelsRouter } from '../features/parcels/parcelsRouter.ts';
import { createParcelsService, type ParcelsService } from '../features/parcels/parcelsService.ts';
import { createParcelSearch } from '../features/parcels/search/index.ts';
import { createParcelQueries } from '../features/parcels/query/index.ts';
import { createDatabaseGates } from '../features/parcels/search/searchGate.ts';
import { createNearbyRepository } from '../features/parcels/nearby/nearbyRepository.ts';
import { createNearbyService } from '../features/parcels/nearby/nearbyService.ts';
import { createWholeListRepository } from '../features/parcels/wholeList/wholeListRepository.ts';
import { createSavedParcelsRepository } from '../features/savedParcels/savedParcelsRepository.ts';
import { createSavedParcelsRouter } from '../features/savedParcels/savedParcelsRouter.ts';
import { createSavedParcelsService } from '../features/savedParcels/savedParcelsService.ts';
import { createMarkupsRepository } from '../features/markups/markupsRepository.ts';
import { createMarkupsRouter } from '../features/markups/markupsRouter.ts';
import { createMarkupsService } from '../features/markups/markupsService.ts';
import { createSavedQueriesRepository } from '../features/savedQueries/savedQueriesRepository.ts';
import { createSavedQueriesRouter } from '../features/savedQueries/savedQueriesRouter.ts';
import { createSavedQueriesService } from '../features/savedQueries/savedQueriesService.ts';
import { createImageryRouter } from '../features/imagery/imageryRouter.ts';
import { createImageryService } from '../features/imagery/imageryService.ts';
import { createImageryServices } from '../features/imagery/imageryServices.ts';
import { createImageryServicesRepository } from '../features/imagery/imageryServicesRepository.ts';
import { createImageryServicesRouter, IMAGERY_SERVICES_PATH } from '../features/imagery/imageryServicesRouter.ts';
import { createOverlaysRouter } from '../features/overlays/overlaysRouter.ts';
import { createOverlaysService } from '../features/overlays/overlaysService.ts';
import { createStylesRouter } from '../features/styles/stylesRouter.ts';
import { adminAccess } from '../platform/auth/adminAccess.ts';
import { createBearerVerifier, requireUser, type BearerVerifier } from '../platform/auth/verifyBearer.ts';
import { createDataVersion, DATA_VERSION_CHANNEL } from '../platform/cache/dataVersion.ts';
import { NO_DIAGNOSTICS, type Diagnostics } from '../platform/diagnostics.ts';
import { errorHandler, notFoundHandler } from '../platform/http/errorHandler.ts';
import { expressPrototypedClasses } from '../platform/http/expressPrototypes.ts';
import { createRateLimits, heldRefusal, type RateLimits } from '../platform/http/rateLimits.ts';
import { perUserAnswers, responseHeaders, type ResponseHeaders } from '../platform/http/responseHeaders.ts';
import type { Logger } from '../platform/logger.ts';
import { createBaseMapFeaturesRepository } from '../tiles/baseMap/baseMapFeaturesRepository.ts';
import { createBaseMapTiles, type BaseMapTiles } from '../tiles/baseMap/baseMapTiles.ts';
import { createContourTiles } from '../tiles/contours/contourTiles.ts';
import { createElevationGridRepository } from '../tiles/contours/elevationGridRepository.ts';
import { countyDataTileAccess, type CountyDataTileAccess } from '../tiles/countyDataTileAccess.ts';
import { createImageryFilesRepository } from '../tiles/imagery/imageryFilesRepository.ts';
import { createImageryTiles, type ImageryTiles } from '../tiles/imagery/imageryTiles.ts';
import { imageryTilesRouter } from '../tiles/imagery/imageryTilesRouter.ts';
import { createCachedTileFastPath } from '../tiles/kit/cachedTileFastPath.ts';
import { createTurnsPerKey } from '../platform/runtime/turnsPerKey.ts';
import { namedTileSetsRouter, tileSetRouter, type TileBuildTurns } from '../tiles/kit/tileSetRouter.ts';
import { createOverlayFeaturesRepository } from '../tiles/overlays/overlayFeaturesRepository.ts';
import { createOverlayTiles } from '../tiles/overlays/overlayTiles.ts';
import { chooseParcelTileSource } from '../tiles/parcels/chooseParcelTileSource.ts';
import { createParcelTilesService, type ParcelTilesService } from '../tiles/parcels/parcelTilesService.ts';
import { createQueryMatchTiles } from '../tiles/parcels/queryMatchTiles.ts';
import { createMetrics } from '../platform/metrics/metrics.ts';
import type { SharedRedis } from '../platform/redis/redisClient.ts';
import { createSharedTurnsPerUser } from '../platform/redis/sharedTurnsPerUser.ts';
import type { ApiConfig } from './config.ts';
import { probesRouter } from './probes.ts';

const JSON_BODY_LIMIT = '100kb';
const PARCEL_TILES_PATH = COUNTY_DATA_TILES_PATH;
const BASEMAP_TILES_PATH = '/basemap';
/** The routes whose answers belong to one signed-in user (CACHE_CONTROL.perUser). */
const PER_USER_PATHS = ['/api/parcels', '/api/saved-parcels', '/api/markups', '/api/saved-queries', '/api/admin'];

export interface CreateAppOptions {
  db: Db;
  /**
   * What details, search, queries, nearby lists, the data set lists and tile misses read, and the data
   * version they are keyed by: the instance's read replica (DATABASE_READ_URL, database/src/readReplicas.ts).
   * Defaults to `db`. Writes, imports, publishes and per-user rows stay on `db`.
   */
  readDb?: Db;
  config: ApiConfig;
  logger: Logger;
  /** Defaults to verifying against config.jwksUrl over HTTP. */
  verifyBearer?: BearerVerifier;
  /**
   * What the running server reports about itself (platform/diagnostics.ts): by default the metrics'
   * when config.metricsToken is set, else nothing.
   */
  diagnostics?: Diagnostics;
  /** The token local commands hand their work over with (app/server.ts); none accepted by default. */
  localAdminToken?: string;
  /** REDIS_URL's client (app/server.ts): rate limits and users' turns at the heavy reads shared with the other instances on it. Unset: this process counts alone. */
  redis?: SharedRedis;
}

export function createApp(options: CreateAppOptions): Express {
  return buildApp(options).app;
}

// Idle keep-alive connections outlive the proxy's (nginx's upstream keepalive_timeout, 60 s in
// deploy/nginx/parcel-map.conf): the side that closes an idle connection first must be the one that
// reuses it, or a request sent as the API closes it is reset (seen in e2e: ECONNRESET on a connection
// idle for Node's default 5 s while a publish kept the event loop busy).
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface ApiServer {
  server: Server;
  app: Express;
  baseMapTiles: BaseMapTiles;
}

/**
 * The production server: cached tiles and cached parcel details answered by the fast paths
 * (tiles/kit/cachedTileFastPath.ts, features/parcels/parcelDetailsFastPath.ts), the rest by Express;
 * requests and responses are born with Express's prototypes (platform/http/expressPrototypes.ts).
 */
export function createApiServer(options: CreateAppOptions): ApiServer {
  const { app, tilesService, imageryTiles, parcelsService, verifier, headers, baseMapTiles, tileAccess, rateLimits, diagnostics } = buildApp(options);
  const parcelDetails = createParcelDetailsFastPath({
    parcelsService,
    knownUser: verifier.known,
    etag: app.get('etag fn') as (body: Buffer) => string,
    headers,
    rateLimit: rateLimits.details,
    diagnostics,
    next: app,
  });
  const parcelTiles = createCachedTileFastPath({
    prefix: PARCEL_TILES_PATH,
    zooms: PARCEL_TILE_ZOOMS,
    peek: ({ z, x, y }) => tilesService.peek(z, x, y),
    knownVersion: tilesService.knownVersion,
    headers,
    diagnostics,
    next: parcelDetails,
  });
  const cachedImagery = createCachedTileFastPath({
    prefix: IMAGERY_TILES_PATH,
    zooms: IMAGERY_TILE_ZOOMS,
    named: { namePattern: IMAGERY_NAME_PATTERN.source.slice(1, -1), extensions: Object.values(IMAGERY_TILE_FORMATS).map((format) => format.extension) },
    peek: imageryTiles.peek,
    knownVersion: imageryTiles.knownVersion,
    headers,
    diagnostics,
    next: parcelTiles,
  });
  // A request's headers may arrive up to the keep-alive timeout after the last answer.
  const server = createServer({ ...expressPrototypedClasses(app), keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS, headersTimeout: KEEP_ALIVE_TIMEOUT_MS + 1000 }, tileAccess.inFrontOf(cachedImagery, app));
  return { server, app, baseMapTiles };
}

interface BuiltApp {
  app: Express;
  tilesService: ParcelTilesService;
  imageryTiles: ImageryTiles;
  parcelsService: ParcelsService;
  verifier: BearerVerifier;
  headers: ResponseHeaders;
  baseMapTiles: BaseMapTiles;
  tileAccess: CountyDataTileAccess;
  rateLimits: RateLimits;
  diagnostics: Diagnostics;
}

function buildApp({ db, readDb = db, config, logger, verifyBearer, localAdminToken, redis, diagnostics: givenDiagnostics }: CreateAppOptions): BuiltApp {
  const imports = createImportJobs({
    db, workDir: config.importWorkDir, dataDir: config.dataDir, imageryDir: config.imageryDir, maxUploadBytes: config.maxUploadBytes, maxJobs: config.maxImportJobs, maxStoredBytes: config.maxImportStoredBytes, logger,
  });
  const metrics = config.metricsToken === undefined ? undefined : createMetrics({ db, importJobStates: imports.countByState });
  const diagnostics = givenDiagnostics ?? metrics?.diagnostics ?? NO_DIAGNOSTICS;
  const savedParcelsService = createSavedParcelsService({ savedParcels: createSavedParcelsRepository(db), parcels: createParcelsRepository(db) });
  const markupsService = createMarkupsService({ markups: createMarkupsRepository(db) });
  const datasets = createDatasetsRepository(db);
  const currentDatasets = createDatasetsRepository(readDb);
  // Read where the data is read, and told of a change once readDb holds it: never a version ahead of its data.
  const dataVersion = createDataVersion({
    read: () => currentDatasets.dataVersion(),
    watch: (onEvent) => readDb.listen(DATA_VERSION_CHANNEL, onEvent),
  });
  const tilesService = createParcelTilesService({ chooseSource: () => chooseParcelTileSource(readDb, () => dataVersion.current()), dataVersion, onCacheLookup: (hit) => diagnostics.tileCacheLookup(PARCEL_TILES_PATH, hit) });
  const baseMapTiles = createBaseMapTiles({ features: createBaseMapFeaturesRepository(readDb), dataVersion, onCacheLookup: (hit) => diagnostics.tileCacheLookup(BASEMAP_TILES_PATH, hit) });
  const contourTiles = createContourTiles({ grids: createElevationGridRepository(readDb), dataVersion });
  const overlayTiles = createOverlayTiles({ features: createOverlayFeaturesRepository(readDb), dataVersion });
  const imageryTiles = createImageryTiles({ files: createImageryFilesRepository(readDb), dataVersion, imageryDir: config.imageryDir });
  const overlays = createOverlaysService({ db: readDb, dataVersion });
  const imageryServicesRepository = createImageryServicesRepository(db);
  const imagery = createImageryService({ db: readDb, services: createImageryServicesRepository(readDb) });
  const parcelsService = createParcelsService(createParcelsRepository(readDb), dataVersion);
  // Searches, and attribute queries with whole lists, take turns at the gates of heavy reads: other requests never wait behind more than their slots.
  const heavyReads = createDatabaseGates(readDb, redis && createSharedTurnsPerUser(redis));
  const parcelSearch = createParcelSearch(readDb, dataVersion, heavyReads.searches);
  const verifier = verifyBearer ?? createBearerVerifier(config);
  const authenticate = requireUser(verifier, logger);
  const headers = responseHeaders(config.corsOrigins);
  const rateLimits = createRateLimits(config.rateLimits, headers, redis);
  const tileAccess = countyDataTileAccess({ publicTiles: config.publicParcelTiles, verifier, requireUser: authenticate });
  // One for every tile set: an address's cold builds are counted together.
  const tileTurns: TileBuildTurns = { coldBuilds: createTurnsPerKey(config.tileBuilds), refuse: heldRefusal(config.rateLimits.refusalDelayMs, headers) };

  const app = express();
  if (metrics) app.use(metrics.timeRequests);
  app.disable('x-powered-by');
  // Forwarded headers only from the proxies the operator named (TRUST_PROXY); none by default.
  app.set('trust proxy', config.trustProxy ?? false);
  app.use(headers.middleware);
  const jsonBody = express.json({ limit: JSON_BODY_LIMIT });
  app.use((req, res, next) => (isFileUpload(req) ? next() : jsonBody(req, res, next)));
  // Before every router: whatever tile set is mounted under the path is covered.
  app.use(COUNTY_DATA_TILES_PATH, tileAccess.middleware);
  app.get(TILE_ACCESS_PATH, perUserAnswers, tileAccess.check);

  app.use(PER_USER_PATHS, perUserAnswers);
  if (metrics && config.metricsToken !== undefined) app.get('/metrics', metrics.endpoint(config.metricsToken));
  const parcelQueries = createParcelQueries({ db: readDb, dataVersion, requireUser: authenticate, rateLimit: rateLimits.search, gate: heavyReads.lists, logger });
  // Until the tiles are warm the API answers, building tiles from the database (slower, more memory);
  // until the query columns are built, the database answers attribute queries.
  app.use(probesRouter({ db, readDb, tilesWarm: tilesService.tilesWarm, queryColumnsReady: parcelQueries.columnsReady }));
  app.use('/api/parcels/query', parcelQueries.router);
  app.use('/api/parcels', createParcelsRouter({ parcelsService, parcelSearch, nearby: createNearbyService({ repository: createNearbyRepository(readDb), wholeList: createWholeListRepository(readDb), gate: heavyReads.lists }), requireUser: authenticate, rateLimits }));
  app.use('/api/datasets', createDatasetsRouter({ datasets: currentDatasets, requireUser: authenticate }));
  app.use('/api/overlays', createOverlaysRouter({ overlays, requireUser: authenticate }));
  app.use('/api/imagery', createImageryRouter({ imagery }));
  const access = adminAccess({ adminEmails: config.adminEmails, localAdminToken, requireUser: authenticate });
  app.use(`${DATA_ADMIN_PATH}${IMAGERY_SERVICES_PATH}`, access.requireAdmin, createImageryServicesRouter({ services: createImageryServices({ repository: imageryServicesRepository }) }));
  app.use(
    DATA_ADMIN_PATH,
    createDataAdminRouter({
      db,
      datasets,
      imports,
      imageryDir: config.imageryDir,
      maxUploadBytes: config.maxUploadBytes,
      access,
      // The new version loaded for tiles (from memory: its parcels read) before the maps ask for them.
      onPublished: () => void tilesService.loadCurrentVersion().catch((error: unknown) => logger.warn({ err: error }, 'parcel tiles of a new version not preloaded after a publish')),
    }),
  );
  app.use('/api/saved-parcels', createSavedParcelsRouter({ savedParcelsService, requireUser: authenticate, writeLimit: rateLimits.savedParcelWrites }));
  app.use('/api/markups', createMarkupsRouter({ markupsService, requireUser: authenticate, rateLimit: rateLimits.markups }));
  app.use('/api/saved-queries', createSavedQueriesRouter({ savedQueriesService: createSavedQueriesService({ savedQueries: createSavedQueriesRepository(db) }), requireUser: authenticate, rateLimit: rateLimits.savedQueries }));
  // Before the parcel tiles: their paths lie under /tiles.
  app.use(IMAGERY_TILES_PATH, imageryTilesRouter(imageryTiles));
  app.use(OVERLAY_TILES_PATH, namedTileSetsRouter({ zooms: OVERLAY_TILE_ZOOMS, namePattern: OVERLAY_NAME_PATTERN, getTile: overlayTiles.getTile, versioned: true }, tileTurns));
  const queryMatchTiles = createQueryMatchTiles({ parcelTiles: tilesService, matchesOf: parcelQueries.matches.matchesOf, dataVersion });
  app.use(QUERY_MATCH_TILES_PATH, namedTileSetsRouter({ zooms: PARCEL_TILE_ZOOMS, namePattern: QUERY_MATCH_KEY_PATTERN, getTile: queryMatchTiles.getTile, versioned: true }, tileTurns));
  app.use(PARCEL_TILES_PATH, tileSetRouter({ zooms: PARCEL_TILE_ZOOMS, getTile: tilesService.getTile, versioned: true }, tileTurns));
  app.use('/contours', tileSetRouter({ zooms: CONTOUR_TILE_ZOOMS, getTile: contourTiles.getTile }, tileTurns));
  app.use(BASEMAP_TILES_PATH, tileSetRouter({ zooms: BASEMAP_TILE_ZOOMS, getTile: baseMapTiles.getTile }, tileTurns));
  app.use('/styles', createStylesRouter({ publicBaseUrl: config.publicBaseUrl, overlays, imagery }));

  app.use(notFoundHandler());
  app.use(errorHandler(logger));
  return { app, tilesService, imageryTiles, parcelsService, verifier, headers, baseMapTiles, tileAccess, rateLimits, diagnostics };
}
