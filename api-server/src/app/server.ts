// Entry point: open the database, migrate, listen; stop on SIGTERM/SIGINT. The data it serves is
// loaded beforehand by the county data tools (`npm start` seeds the demo county first).
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { migrate, openDb, writeLocalHandover } from '@parcel-map/database';
import { createLogger } from '../platform/logger.ts';
import { parseApiConfig } from './config.ts';
import { createApiServer } from './createApp.ts';

const config = parseApiConfig();
const logger = createLogger(config.logLevel);

const { db, mode } = await openDb(config, {
  onIdleClientError: (error) => logger.warn({ err: error }, 'idle PostgreSQL connection lost; the next query reconnects'),
});
logger.info({ mode, dataDir: mode === 'pglite' ? config.dataDir : undefined }, 'database open');
const applied = await migrate(db);
if (applied.length > 0) logger.info({ applied }, 'migrations applied');

// On PGlite this process holds the data directory: the import and datasets commands hand their work
// to it with this token (database/src/localHandover.ts).
const localAdminToken = mode === 'pglite' ? randomBytes(32).toString('base64url') : undefined;
const { server, baseMapTiles } = createApiServer({ db, config, logger, localAdminToken });
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
  logger.info({ signal }, 'shutting down');
  server.close();
  server.closeIdleConnections();
  // Requests still running get a few seconds before their sockets are cut.
  const force = setTimeout(() => server.closeAllConnections(), 5000);
  force.unref();
  await once(server, 'close');
  removeHandover?.();
  await db.close();
  process.exit(0);
}

process.on('SIGTERM', (signal) => void shutdown(signal));
process.on('SIGINT', (signal) => void shutdown(signal));
