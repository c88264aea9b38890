// `npm start`: install and build what is missing, then run the whole product on its embedded
// defaults (local-identity, PGlite, self-hosted map data) and print the URL to open.
// `npm run start:prod` (--prod): the same servers from what `npm run build` wrote, nothing built or
// installed here: the API, its seed and local-identity as plain JavaScript under node.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeStartMarker } from '../database/src/startMarker.mjs';
import { originOf, PORTS } from './ports.mjs';
import { ensureFrontEndsBuilt, missingBuildOutputs, productServers, REPO_DIR as repo, waitUntilAnswering } from './productServers.mjs';
import { createServerSupervisor } from './serverSupervisor.mjs';

const compiled = process.argv.includes('--prod');

const dataDir = path.resolve(repo, process.env.PARCEL_MAP_DATA_DIR ?? '.data');

function ensureInstalled() {
  if (existsSync(path.join(repo, 'node_modules/.package-lock.json'))) return;
  console.log('Installing dependencies (npm ci)…');
  const result = spawnSync('npm', ['ci'], { cwd: repo, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm ci failed in ${repo}`);
}

const supervisor = createServerSupervisor({
  cwd: repo,
  onUnexpectedExit({ report }) {
    console.error(`\n${report}\nStopping Parcel Map: every other server stops and npm start exits 1. Start it again with npm start.`);
    void shutDown(1);
  },
});

let shuttingDown = false;
async function shutDown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  await supervisor.stopAll();
  process.exit(code);
}
process.on('SIGINT', () => void shutDown());
process.on('SIGTERM', () => void shutDown());

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
  const servers = productServers({ dataDir, compiled });
  // From here to this process's end a county command hands over to the API or waits for it; it never
  // takes the PGlite directory between the demo seed and the API (database/src/startMarker.mjs).
  const apiDataDir = servers.find((server) => server.name === 'api-server').env.DATA_DIR;
  mkdirSync(apiDataDir, { recursive: true });
  writeStartMarker(apiDataDir);
  await Promise.all(
    servers.map(async (server) => {
      await server.prepare?.();
      if (shuttingDown) return;
      supervisor.start(server);
      await waitUntilAnswering(server.readyUrl);
    }),
  );
  const admins = process.env.ADMIN_EMAILS || 'admin@example.com';
  console.log(
    `\nParcel Map is ready: ${originOf(PORTS.host)}\nSign-in links go to the outbox: ${originOf(PORTS.identity)}/dev/outbox\n` +
      `The Data page (import, roll back, remove data sets) is for: ${admins} (ADMIN_EMAILS)\n`,
  );
} catch (error) {
  if (!shuttingDown) {
    console.error(error instanceof Error ? error.message : error);
    await shutDown(1);
  }
}
