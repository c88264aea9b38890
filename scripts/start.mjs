// `npm start`: install and build what is missing, then run the whole product on its embedded
// defaults (local-identity, PGlite, self-hosted map data) and print the URL to open.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { apiNodeOptions } from './apiNodeOptions.mjs';
import { originOf, PORTS } from './ports.mjs';

const repo = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(repo, process.env.PARCEL_MAP_DATA_DIR ?? '.data');
const FRONT_ENDS = [
  { dir: 'remote-auth', port: PORTS.remote_auth },
  { dir: 'remote-map', port: PORTS.remote_map },
  { dir: 'remote-saved-parcels', port: PORTS.remote_saved_parcels },
  { dir: 'host', port: PORTS.host, role: 'host' },
];

function run(command, args, cwd = repo) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

function ensureInstalled() {
  if (existsSync(path.join(repo, 'node_modules/.package-lock.json'))) return;
  console.log('Installing dependencies (npm ci)…');
  run('npm', ['ci']);
}

/** Two copies of the system started side by side must not build the same app at once. */
function withBuildLock(appDir, fn) {
  const lock = path.join(appDir, '.build-lock');
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) rmSync(lock, { recursive: true, force: true });
      else spawnSync('sleep', ['0.5']);
    }
  }
  try {
    fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function ensureBuilt() {
  const sharedMtime = newestMtime(path.join(repo, 'shared/src'));
  for (const { dir } of FRONT_ENDS) {
    const appDir = path.join(repo, dir);
    withBuildLock(appDir, () => {
      const built = newestMtime(path.join(appDir, 'dist/mf-manifest.json'));
      const sources = Math.max(sharedMtime, newestMtime(path.join(appDir, 'src')), newestMtime(path.join(appDir, 'rspack.config.ts')));
      if (built > sources && process.env.PARCEL_MAP_REBUILD !== '1') return;
      console.log(`Building ${dir}…`);
      run(path.join(repo, 'node_modules/.bin/rspack'), ['build', '--mode', 'production'], appDir);
    });
  }
}

const children = new Map();
/** How to start each server again: SIGUSR2 restarts every one that is not running. */
const starters = new Map();

function startProcess(name, command, args, env = {}) {
  starters.set(name, () => startProcess(name, command, args, env));
  const child = spawn(command, args, { cwd: repo, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!shuttingDown) console.error(`${name} stopped (${signal ?? `exit ${code}`})`);
  });
  return child;
}

/** Runs the demo seed (county-data) and resolves when it has finished; a failure stops the start. */
function seedDemoCounty(tsx, apiDataDir) {
  return new Promise((resolve, reject) => {
    const seed = spawn(tsx, ['county-data/src/cli/seedDemoCli.ts'], { cwd: repo, env: { ...process.env, DATA_DIR: apiDataDir }, stdio: ['ignore', 'inherit', 'inherit'] });
    children.set('seed', seed);
    seed.on('exit', (code, signal) => {
      children.delete('seed');
      if (code === 0) resolve();
      else reject(new Error(`seeding the demo county failed (${signal ?? `exit ${code}`})`));
    });
  });
}

async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

const processesFile = path.join(dataDir, 'processes.json');

let shuttingDown = false;
function shutDown(code = 0) {
  shuttingDown = true;
  for (const child of children.values()) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => shutDown());
process.on('SIGTERM', () => shutDown());

function startFrontEnd({ dir, port, role }) {
  startProcess(dir, process.execPath, ['scripts/serveApp.mjs', `${dir}/dist`, String(port), role ?? 'remote']);
}

/** Tests stop single servers by pid to prove the others keep working, then ask us for them back. */
function writeProcessesFile() {
  const pids = Object.fromEntries([...children].map(([name, child]) => [name, child.pid]));
  writeFileSync(processesFile, JSON.stringify({ start: process.pid, ...pids }, null, 2));
}

process.on('SIGUSR2', () => {
  for (const [name, start] of starters) if (!children.has(name)) start();
  writeProcessesFile();
});

try {
  ensureInstalled();
  ensureBuilt();
  mkdirSync(dataDir, { recursive: true });
  const tsx = path.join(repo, 'node_modules/.bin/tsx');
  const apiDataDir = path.join(dataDir, 'pglite');
  startProcess('local-identity', tsx, ['local-identity/src/server.ts'], {
    PORT: String(PORTS.identity),
    DATA_DIR: path.join(dataDir, 'identity'),
  });
  FRONT_ENDS.forEach(startFrontEnd);
  // The demo county is loaded (on a first start) by the county data tools before the API serves it.
  await seedDemoCounty(tsx, apiDataDir);
  startProcess('api-server', tsx, ['api-server/src/app/server.ts'], {
    NODE_OPTIONS: apiNodeOptions(),
    PORT: String(PORTS.api),
    DATA_DIR: apiDataDir,
    JWKS_URL: `${originOf(PORTS.identity)}/v1/sessions/jwks/project-test-local`,
    // The host, and remote-map's standalone page (remote-map/src/bootstrap.tsx).
    CORS_ORIGINS: [originOf(PORTS.host), `http://localhost:${PORTS.host}`, originOf(PORTS.remote_map)].join(','),
  });
  writeProcessesFile();
  await Promise.all([
    waitFor(`${originOf(PORTS.identity)}/sdk/v1/projects/bootstrap/public-token-test-local`),
    waitFor(`${originOf(PORTS.api)}/health`),
    ...FRONT_ENDS.map(({ port }) => waitFor(`${originOf(port)}/mf-manifest.json`)),
  ]);
  console.log(`\nParcel Map is ready: ${originOf(PORTS.host)}\nSign-in links go to the outbox: ${originOf(PORTS.identity)}/dev/outbox\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  shutDown(1);
}
