// The servers the product runs and how each one starts: `npm start` starts them all, the e2e suite
// starts, stops and restarts them one by one, the hardening checks start the product for themselves.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { API_NODE_FLAGS } from './apiNodeFlags.mjs';
import { originOf, PORTS } from './ports.mjs';

export const REPO_DIR = path.resolve(import.meta.dirname, '..');

/** Each front end's folder and the key of its port in PORTS. */
const FRONT_ENDS = [
  { dir: 'remote-auth', port: 'remote_auth' },
  { dir: 'remote-map', port: 'remote_map' },
  { dir: 'remote-saved-parcels', port: 'remote_saved_parcels' },
  { dir: 'remote-data', port: 'remote_data' },
  { dir: 'host', port: 'host' },
];

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
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

/**
 * Runs `build` (a command and its arguments) in `dir` when one of `sources` is newer than `output`,
 * or with `force`; paths from the repository. A build empties its dist/ first, so a second copy of
 * the system started beside a running one (another PARCEL_MAP_PORT_OFFSET) must not rebuild under
 * its servers: the build and the check before it hold the lock.
 */
function buildWhenStale({ dir, output, sources, build: [command, ...args], force = false }) {
  const appDir = path.join(REPO_DIR, dir);
  withBuildLock(appDir, () => {
    const newestSource = Math.max(...sources.map((source) => newestMtime(path.join(REPO_DIR, source))));
    if (!force && newestMtime(path.join(REPO_DIR, output)) > newestSource) return;
    console.log(`Building ${dir}…`);
    run(command, args, appDir);
  });
}

/** Builds each front end whose sources (or shared's) are newer than its build; all of them with PARCEL_MAP_REBUILD=1. */
export function ensureFrontEndsBuilt() {
  for (const { dir } of FRONT_ENDS) {
    buildWhenStale({
      dir,
      output: `${dir}/dist/mf-manifest.json`,
      sources: ['shared/src', `${dir}/src`, `${dir}/rspack.config.ts`],
      build: [path.join(REPO_DIR, 'node_modules/.bin/rspack'), 'build', '--mode', 'production'],
      force: process.env.PARCEL_MAP_REBUILD === '1',
    });
  }
}

/**
 * The Node.js programs `npm run build` compiles (scripts/buildNodeServer.mjs, the entry points named in
 * each package's build script), as paths from the repository.
 */
export const COMPILED_PROGRAMS = {
  api: 'api-server/dist/server.js',
  importCommand: 'api-server/dist/importCli.js',
  datasetsCommand: 'api-server/dist/datasetsCli.js',
  seedCommand: 'api-server/dist/seedDemoCli.js',
  identity: 'local-identity/dist/server.js',
};

/**
 * The compiled servers `npm run build` writes (scripts/buildNodeServer.mjs), each package's dist/ with
 * a program of its own, and what they are bundled from: the workspace packages they import, and the
 * build script in their package.json.
 */
const COMPILED_SERVERS = [
  { dir: 'local-identity', program: COMPILED_PROGRAMS.identity, sources: ['local-identity/src', 'local-identity/package.json'] },
  {
    dir: 'api-server',
    program: COMPILED_PROGRAMS.api,
    sources: ['api-server/src', 'api-server/package.json', 'county-data/src', 'database/src', 'shared/src'],
  },
];

/** Builds the API (with the county data tools) and local-identity into their dist/ when their sources are newer, a second or so each. */
export function buildCompiledServers() {
  for (const { dir, program, sources } of COMPILED_SERVERS) {
    buildWhenStale({ dir, output: program, sources: [...sources, 'scripts/buildNodeServer.mjs'], build: ['npm', 'run', 'build'] });
  }
}

/** What `npm run start:prod` runs that `npm run build` has not written, as paths from the repository. */
export function missingBuildOutputs() {
  const outputs = [COMPILED_PROGRAMS.identity, COMPILED_PROGRAMS.api, ...FRONT_ENDS.map(({ dir }) => `${dir}/dist/mf-manifest.json`)];
  return outputs.filter((output) => !existsSync(path.join(REPO_DIR, output)));
}

/**
 * Every server runs as in production: Express then never shows a stack trace, and nothing the
 * product serves differs between `npm start`, the e2e suite and a deployment.
 */
const PRODUCTION = { NODE_ENV: 'production' };

/**
 * How long the demo seed and the API wait for a county command that holds the PGlite directory (one
 * run just before the start: an import of a large county takes minutes) before they give up:
 * DATA_DIR_LOCK_WAIT_SECONDS, else this (docs/decisions.md).
 */
const START_LOCK_WAIT = { DATA_DIR_LOCK_WAIT_SECONDS: process.env.DATA_DIR_LOCK_WAIT_SECONDS || '600' };

/** Runs `command` from the repository to its end; rejects unless it exits 0. */
function runToEnd(name, command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${name} failed (${signal ?? `exit ${code}`})`))));
  });
}

/**
 * Every server of the product, in the order `npm start` starts them, with its data under `dataDir`:
 * the command and arguments (run from the repository), the variables laid over the caller's
 * environment, what must have run before it starts (`prepare`), and a URL that answers 2xx once the
 * server is up, and whether it serves a front end's build (`servesBuild`: start it once
 * ensureFrontEndsBuilt has run). `compiled`: the API, its seed and local-identity run from `npm run
 * build`'s plain JavaScript under node (`npm run start:prod`) instead of from their TypeScript
 * sources under tsx.
 * `publicOrigin` (PUBLIC_ORIGIN): the one origin a reverse proxy serves the product on
 * (deploy/nginx/parcel-map.conf): pages there sign in, and the API's style JSON names its tiles there.
 */
export function productServers({ dataDir, ports = PORTS, compiled = false, publicOrigin = process.env.PUBLIC_ORIGIN || undefined }) {
  const tsx = path.join(REPO_DIR, 'node_modules/.bin/tsx');
  /** The command and arguments that run one of the Node.js programs: `source` under tsx, or its build. */
  const program = (source, built) => (compiled ? [process.execPath, [built]] : [tsx, [source]]);
  const [identityCommand, identityArgs] = program('local-identity/src/server.ts', COMPILED_PROGRAMS.identity);
  const [apiCommand, apiArgs] = program('api-server/src/app/server.ts', COMPILED_PROGRAMS.api);
  const [seedCommand, seedArgs] = program('county-data/src/cli/seedDemoCli.ts', COMPILED_PROGRAMS.seedCommand);
  const apiDataDir = path.join(dataDir, 'pglite');
  const hostOrigins = [originOf(ports.host), `http://localhost:${ports.host}`];
  const signInOrigins = publicOrigin ? [...hostOrigins, publicOrigin] : hostOrigins;
  // Behind the proxy every request arrives from loopback: the client's address is the proxy's word.
  const behindProxy = publicOrigin ? { PUBLIC_BASE_URL: publicOrigin, TRUST_PROXY: 'loopback' } : {};
  return [
    {
      name: 'local-identity',
      command: identityCommand,
      args: identityArgs,
      // The host is the only page that signs in: its origins get CORS and receive sign-in tokens.
      env: { ...PRODUCTION, PORT: String(ports.identity), DATA_DIR: path.join(dataDir, 'identity'), ALLOWED_ORIGINS: signInOrigins.join(',') },
      readyUrl: `${originOf(ports.identity)}/sdk/v1/projects/bootstrap/public-token-test-local`,
    },
    {
      name: 'api-server',
      command: apiCommand,
      args: [...API_NODE_FLAGS, ...apiArgs],
      // The county data tools load the demo county into an empty database before the API serves it
      // (a few seconds' no-op once it is there).
      prepare: () => runToEnd('the demo seed', seedCommand, seedArgs, { DATA_DIR: apiDataDir, ...START_LOCK_WAIT }),
      env: {
        ...PRODUCTION,
        PORT: String(ports.api),
        DATA_DIR: apiDataDir,
        ...START_LOCK_WAIT,
        JWKS_URL: `${originOf(ports.identity)}/v1/sessions/jwks/project-test-local`,
        // The host, and remote-map's standalone page (remote-map/src/bootstrap.tsx); the one origin
        // needs none.
        CORS_ORIGINS: [...hostOrigins, originOf(ports.remote_map)].join(','),
        ...behindProxy,
      },
      // The API answers last: the demo seed runs before it on a first start.
      readyUrl: `${originOf(ports.api)}/health`,
    },
    ...FRONT_ENDS.map(({ dir, port }) => ({
      name: dir,
      command: process.execPath,
      args: ['scripts/serveApp.mjs', `${dir}/dist`, String(ports[port]), dir === 'host' ? 'host' : 'remote'],
      env: PRODUCTION,
      readyUrl: `${originOf(ports[port])}/mf-manifest.json`,
      servesBuild: true,
    })),
  ];
}

/** Resolves once `url` answers 2xx; rejects after `timeoutMs`. */
export async function waitUntilAnswering(url, timeoutMs = 120_000) {
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
