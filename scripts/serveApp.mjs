// Serves one built front-end app (host or remote) as a CDN would: hashed files cached for good,
// entry files never cached, CORS open for remotes. Usage: node serveApp.mjs <distDir> <port> [host]
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import express from 'express';
import helmet from 'helmet';
import { runtimeConfigFromEnv } from './runtimeConfig.mjs';
import { cspDirectives } from './contentSecurityPolicy.mjs';
import { createImageryServiceOrigins } from './imageryServiceOrigins.mjs';

const [distDir, portArg, role] = process.argv.slice(2);
const root = path.resolve(distDir);
const app = express();
app.disable('x-powered-by');

// A malformed request (`/%c0`: a %-escape that decodes to no character) is the client's mistake:
// a plain 400, before any route or static file lookup tries to decode it.
app.use((req, res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    res.status(400).type('text/plain').send(STATUS_CODES[400]);
    return;
  }
  next();
});

const NEVER_CACHED = new Set(['/', '/index.html', '/remoteEntry.js', '/mf-manifest.json', '/config.json', '/parcel-map-embed.js']);
app.use((req, res, next) => {
  if (role !== 'host') res.set('Access-Control-Allow-Origin', '*');
  res.set('Cache-Control', NEVER_CACHED.has(req.path) ? 'no-cache' : 'public, max-age=31536000, immutable');
  next();
});

// Every front end serves the same runtime config: the host reads it at start, and each remote's
// standalone page (its own index.html) reads it too instead of carrying defaults of its own.
const config = runtimeConfigFromEnv();
// One Content-Security-Policy for every front end's pages: a remote's standalone page runs the same
// code under the same config as the host does, so it may reach exactly what the host may — and the
// imagery services' hosts, asked of the API before each page (a page is a path without a file
// extension, or an .html file); other files carry the last list known.
const imageryOrigins = createImageryServiceOrigins({ listUrl: `${config.apiBaseUrl}/api/imagery` });
const isPage = (req) => req.method === 'GET' && (path.extname(req.path) === '' || path.extname(req.path) === '.html');
const helmetFor = new Map();
const headersFor = (origins) => {
  const key = origins.join(' ');
  if (!helmetFor.has(key)) {
    // A handful of services at most: one helmet per distinct list is kept.
    helmetFor.set(key, helmet({
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config, origins) },
      // Remote entries and map tiles come from other origins.
      crossOriginEmbedderPolicy: false,
      // The host loads every remote's files from the remote's origin.
      crossOriginResourcePolicy: role === 'host' ? undefined : { policy: 'cross-origin' },
    }));
  }
  return helmetFor.get(key);
};
app.use(async (req, res, next) => {
  const origins = isPage(req) ? await imageryOrigins.current() : imageryOrigins.last();
  headersFor(origins)(req, res, next);
});
app.get('/config.json', (_req, res) => res.json(config));
app.use(express.static(root, { index: false, cacheControl: false }));
if (role === 'host') {
  // Deep links (/authenticate?token=…, /?pin=…) are client routes.
  app.get('/{*path}', (_req, res) => res.sendFile(path.join(root, 'index.html'), { cacheControl: false }));
}

// Whatever else fails, the answer is its status line in plain text, never Express's default page
// with a stack trace and the server's paths (which it shows unless NODE_ENV=production).
app.use((error, _req, res, _next) => {
  const status = Number.isInteger(error?.status) && error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status === 500) console.error(error);
  res.status(status).type('text/plain').send(STATUS_CODES[status]);
});

const server = app.listen(Number(portArg), '127.0.0.1', () => {
  console.log(`${path.basename(path.dirname(root))} served on http://127.0.0.1:${portArg}`);
});
// Drop keep-alive connections too: a stopped server must stop answering at once.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
