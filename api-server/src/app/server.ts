// Entry point: open the database, migrate, listen; stop on SIGTERM/SIGINT (docs/operations.md,
// "Shutdown"). The data it serves is loaded beforehand by the county data tools (`npm start` seeds
// the demo county first).
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { migrate, openDb, openReadReplica, writeLocalHandover } from '@parcel-map/database';
import { createLogger } from '../platform/logger.ts';
import { openSharedRedis } from '../platform/redis/redisClient.ts';
import { keepTickObjectShape } from '../platform/runtime/tickObjectShape.ts';
import { parseApiConfig } from './config.ts';
import { createApiServer } from './createApp.ts';

// Before the first request and the start-up's full garbage collections.
keepTickObjectShape();

const config = parseApiConfig();
const logger = createLogger(config.logLevel);

// How long closing the database may take once the last request is answered (closing abandons a
// transaction still running, an import: database/src/pgDb.ts, pgliteThread.ts); then the process exits anyway.
const DATABASE_CLOSE_TIMEOUT_MS = 5_000;
/** The exit code when the PGlite thread died: a supervisor restarts the process. */
const EXIT_DATABASE_LOST = 70;

const onIdleClientError = (error: Error) => logger.warn({ err: error }, 'idle PostgreSQL connection lost; the next query reconnects');
const { db, mode } = await openDb(config, {
  onIdleClientError,
  // Nothing in this process brings a dead PGlite thread back; a restart does.
  onThreadLost(error) {
    logger.fatal({ err: error }, 'the PGlite thread died: exiting for a restart');
    process.exit(EXIT_DATABASE_LOST);
  },
  // `npm start` gives a county command run just before it the time to finish (DATA_DIR_LOCK_WAIT_SECONDS).
  onLockWait: (message) => logger.warn(message),
});
logger.info({ mode, dataDir: mode === 'pglite' ? config.dataDir : undefined }, 'database open');
const applied = await migrate(db);
if (applied.length > 0) logger.info({ applied }, 'migrations applied');
const replica = config.databaseReadUrls.length === 0 ? undefined : await openReadReplica(db, config.databaseReadUrls, { onIdleClientError });
// Its host and port only: the URL may hold a password.
if (replica) logger.info({ replica: new URL(replica.url).host }, 'reads go to a read replica');
const readDb = replica?.readDb;

// On PGlite this process holds the data directory: the import and datasets commands hand their work
// to it with this token (database/src/localHandover.ts).
const localAdminToken = mode === 'pglite' ? randomBytes(32).toString('base64url') : undefined;
const redis = config.redisUrl === undefined ? undefined : openSharedRedis(config.redisUrl);
redis?.on('error', (error: unknown) => logger.warn({ err: error }, 'Redis (REDIS_URL) unreachable: rate-limited requests and searches fail until it answers'));
const { server, baseMapTiles } = createApiServer({ db, readDb, config, logger, localAdminToken, redis });
server.listen(config.port, config.host);
await once(server, 'listening');
const address = server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
const removeHandover = localAdminToken === undefined ? undefined : writeLocalHandover(config.dataDir, { url, token: localAdminToken });
console.log(`API listening on ${url}`);
console.log(`Data page for: ${[...config.adminEmails].join(', ') || 'nobody (ADMIN_EMAILS is empty)'}`);
// The first map's base map tiles should not wait for the roads to be read and indexed.
baseMapTiles.warm().catch((error: unknown) => logger.warn({ err: error }, 'base map tiles not warmed; the first request builds them'));

let stopping = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
  server.close();
  server.closeIdleConnections();
  // Requests still running get the grace period before their sockets are cut.
  const force = setTimeout(() => {
    logger.warn('requests still running at the end of the grace period: connections cut');
    server.closeAllConnections();
  }, config.shutdownGraceMs);
  force.unref();
  await once(server, 'close');
  clearTimeout(force);
  removeHandover?.();
  redis?.disconnect();
  const closing = Promise.all([readDb?.close(), db.close()]).then(
    () => true,
    (error: unknown) => {
      logger.warn({ err: error }, 'closing the database failed');
      return true;
    },
  );
  const closed = await Promise.race([closing, delay(DATABASE_CLOSE_TIMEOUT_MS, false)]);
  if (!closed) logger.warn('the database did not close in time: exiting anyway');
  process.exit(0);
}

process.on('SIGTERM', (signal) => void shutdown(signal));
process.on('SIGINT', (signal) => void shutdown(signal));
