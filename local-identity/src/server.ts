// Entry point: `npm start --workspace local-identity`. Listens on 127.0.0.1 only.
import pino from 'pino';
import { parseIdentityConfig } from './config.ts';
import { createIdentityApp } from './createIdentityApp.ts';
import { loadOrCreateSigningKey } from './keys/signingKeys.ts';

const HOST = '127.0.0.1';

const config = parseIdentityConfig();
const logger = pino({ name: 'local-identity', level: config.logLevel });
const signingKey = await loadOrCreateSigningKey(config.dataDir);
const app = createIdentityApp({ config, signingKey, logger });

const server = app.listen(config.port, HOST, (error) => {
  if (error) {
    logger.fatal({ err: error }, 'could not listen');
    process.exit(1);
  }
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const base = `http://${HOST}:${port}`;
  logger.info(
    { base, projectId: config.projectId, publicToken: config.publicToken, kid: signingKey.kid, dataDir: config.dataDir },
    `local-identity listening on ${base} (outbox: ${base}/dev/outbox)`,
  );
});

function shutDown(signal: NodeJS.Signals): void {
  logger.info({ signal }, 'shutting down');
  server.close(() => process.exit(0));
  // Browsers keep connections alive; don't let them hold the process open.
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), 1_000).unref();
}

process.once('SIGTERM', shutDown);
process.once('SIGINT', shutDown);
