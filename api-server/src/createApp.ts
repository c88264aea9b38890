// Builds the Express app from its dependencies, and the HTTP server that puts the cached-tile hot
// path in front of it; neither listens (server.ts and tests do).
import { createServer, type Server } from 'node:http';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { createBearerVerifier, requireUser, type BearerVerifier } from './auth/verifyBearer.ts';
import type { ApiConfig } from './config.ts';
import { createContourTiles } from './contours/contourTiles.ts';
import { createContoursRouter } from './contours/contoursRouter.ts';
import { createDatasetsRepository } from './datasets/datasetsRepository.ts';
import { createDatasetsRouter } from './datasets/datasetsRouter.ts';
import type { Db } from './db/db.ts';
import { createBaseMapRouter } from './geo/baseMapRouter.ts';
import { createBaseMapTiles, type BaseMapTiles } from './geo/baseMapTiles.ts';
import { createRoadsRepository } from './geo/roadsRepository.ts';
import { corsForOrigins } from './http/cors.ts';
import { errorHandler, notFoundHandler } from './http/errorHandler.ts';
import { expressPrototypedClasses } from './http/expressPrototypes.ts';
import type { Logger } from './logger.ts';
import { createParcelDetailsHotPath, type ParcelDetailsHotPath } from './parcels/parcelDetailsHotPath.ts';
import { createParcelsRepository } from './parcels/parcelsRepository.ts';
import { createParcelsRouter } from './parcels/parcelsRouter.ts';
import { createParcelsService, type ParcelsService } from './parcels/parcelsService.ts';
import { createSavedParcelsRepository } from './savedParcels/savedParcelsRepository.ts';
import { createSavedParcelsRouter } from './savedParcels/savedParcelsRouter.ts';
import { createSavedParcelsService } from './savedParcels/savedParcelsService.ts';
import { createStylesRouter } from './styles/stylesRouter.ts';
import { createDataVersion, DATA_VERSION_CHANNEL } from './tiles/dataVersion.ts';
import { createTileHotPath, type TileHotPath } from './tiles/tileHotPath.ts';
import { createTilesRouter } from './tiles/tilesRouter.ts';
import { createTilesService, type TilesService } from './tiles/tilesService.ts';

const JSON_BODY_LIMIT = '100kb';

export interface CreateAppOptions {
  db: Db;
  config: ApiConfig;
  logger: Logger;
  /** Defaults to verifying against config.jwksUrl over HTTP. */
  verifyBearer?: BearerVerifier;
}

/** Helmet with cross-origin resources allowed: maps, styles and tiles are fetched by the front end's origins. */
export function securityHeaders(): RequestHandler {
  return helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' } });
}

export function createApp(options: CreateAppOptions): Express {
  return buildApp(options).app;
}

export interface ApiServer {
  server: Server;
  app: Express;
  tileHotPath: TileHotPath;
  parcelDetailsHotPath: ParcelDetailsHotPath;
  baseMapTiles: BaseMapTiles;
}

/**
 * The production server: cached tiles and cached parcel details answered by the hot paths
 * (tiles/tileHotPath.ts, parcels/parcelDetailsHotPath.ts), the rest by Express; requests and
 * responses are born with Express's prototypes (http/expressPrototypes.ts).
 */
export function createApiServer(options: CreateAppOptions): ApiServer {
  const { app, tilesService, parcelsService, verifier, security, baseMapTiles } = buildApp(options);
  const corsOrigins = options.config.corsOrigins;
  const parcelDetailsHotPath = createParcelDetailsHotPath({
    parcelsService,
    knownUser: verifier.known,
    etag: app.get('etag fn') as (body: Buffer) => string,
    corsOrigins,
    securityHeaders: security,
    next: app,
  });
  const tileHotPath = createTileHotPath({ tilesService, corsOrigins, securityHeaders: security, next: parcelDetailsHotPath.listener });
  return { server: createServer(expressPrototypedClasses(app), tileHotPath.listener), app, tileHotPath, parcelDetailsHotPath, baseMapTiles };
}

interface BuiltApp {
  app: Express;
  tilesService: TilesService;
  parcelsService: ParcelsService;
  verifier: BearerVerifier;
  security: RequestHandler;
  baseMapTiles: BaseMapTiles;
}

function buildApp({ db, config, logger, verifyBearer }: CreateAppOptions): BuiltApp {
  const parcels = createParcelsRepository(db);
  const savedParcelsService = createSavedParcelsService({ savedParcels: createSavedParcelsRepository(db), parcels });
  const datasets = createDatasetsRepository(db);
  const dataVersion = createDataVersion({
    read: async () => (await datasets.current())?.id ?? 0,
    watch: (onEvent) => db.listen(DATA_VERSION_CHANNEL, onEvent),
  });
  const tilesService = createTilesService({ parcels, dataVersion });
  const baseMapTiles = createBaseMapTiles({ roads: createRoadsRepository(db), dataVersion });
  const parcelsService = createParcelsService(parcels, dataVersion);
  const verifier = verifyBearer ?? createBearerVerifier(config);
  const authenticate = requireUser(verifier, logger);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  const security = securityHeaders();
  app.use(security);
  app.use(corsForOrigins(config.corsOrigins));
  app.use(express.json({ limit: JSON_BODY_LIMIT }));

  // `tilesWarm`: the current parcels are in memory for tile builds, a few seconds after a start or
  // an import; until then the API answers, building tiles from the database (slower, more memory).
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', tilesWarm: tilesService.parcelsInMemory() });
  });
  app.use('/api/parcels', createParcelsRouter({ parcelsService, requireUser: authenticate }));
  app.use('/api/datasets', createDatasetsRouter({ datasets, requireUser: authenticate }));
  app.use('/api/saved-parcels', createSavedParcelsRouter({ savedParcelsService, requireUser: authenticate }));
  app.use('/tiles', createTilesRouter({ tilesService }));
  app.use('/contours', createContoursRouter({ contourTiles: createContourTiles() }));
  app.use('/styles', createStylesRouter({ publicBaseUrl: config.publicBaseUrl }));
  app.use('/basemap', createBaseMapRouter({ baseMapTiles }));

  app.use(notFoundHandler());
  app.use(errorHandler(logger));
  return { app, tilesService, parcelsService, verifier, security, baseMapTiles };
}
