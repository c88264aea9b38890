// `npm start`: install and build what is missing, then run the whole product on its embedded
// defaults (local-identity, PGlite, self-hosted map data) and print the URL to open.
// `npm run start:prod` (--prod): the same servers from what `npm run build` wrote, nothing built or
// installed here: the API, its seed and local-identity as plain JavaScript under node.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { originOf, PORTS } from './ports.mjs';
import { ensureFrontEndsBuilt, missingBuildOutputs, productServers, REPO_DIR as repo, waitUntilAnswering } from './productServers.mjs';

const compiled = process.argv.includes('--prod');

const dataDir = path.resolve(repo, process.env.PARCEL_MAP_DATA_DIR ?? '.data');

function ensureInstalled() {
  if (existsSync(path.join(repo, 'node_modules/.package-lock.json'))) return;
  console.log('Installing dependencies (npm ci)…');
  const result = spawnSync('npm', ['ci'], { cwd: repo, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm ci failed in ${repo}`);
}

const children = new Set();

function startServer({ name, command, args, env }) {
  const child = spawn(command, args, { cwd: repo, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!shuttingDown) console.error(`${name} stopped (${signal ?? `exit ${code}`})`);
  });
}

let shuttingDown = false;
function shutDown(code = 0) {
  shuttingDown = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => shutDown());
process.on('SIGTERM', () => shutDown());

function ensureBuilt() {
  const missing = missingBuildOutputs();
  if (missing.length > 0) throw new Error(`npm run build has not written ${missing.join(', ')}: run it first`);
}

try {
  if (compiled) ensureBuilt();
  else {
    ensureInstalled();
    ensureFrontEndsBuilt();
  }
  mkdirSync(dataDir, { recursive: true });
  await Promise.all(
    productServers({ dataDir, compiled }).map(async (server) => {
      await server.prepare?.();
      startServer(server);
      await waitUntilAnswering(server.readyUrl);
    }),
  );
  const admins = process.env.ADMIN_EMAILS || 'admin@example.com';
  console.log(
    `\nParcel Map is ready: ${originOf(PORTS.host)}\nSign-in links go to the outbox: ${originOf(PORTS.identity)}/dev/outbox\n` +
      `The Data page (import, roll back, remove data sets) is for: ${admins} (ADMIN_EMAILS)\n`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  shutDown(1);
}
