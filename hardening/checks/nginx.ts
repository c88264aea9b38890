// Issue #27 §1–2, one origin behind a real reverse proxy: `npm run build`'s artefacts (the API and
// local-identity compiled to plain JavaScript under node, the front ends' static folders) behind
// Debian's nginx running exactly deploy/nginx/parcel-map.conf, rendered for loopback ports with a
// self-signed certificate (scripts/renderNginxConfig.mjs). local-identity stays on its own origin,
// as Stytch is another origin in production. Holds when a user signs in, clicks a parcel, saves it,
// lists it and signs out through that one origin; and when each kind of answer carries the caching
// and compression the configuration promises, tiles never compressed twice; and when the shared tile
// cache (issue #45 §2) serves a versioned tile again without the API, but never without a session.
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { PARCEL_TILE_ZOOMS } from '@parcel-map/shared/contracts';
import { CENTRE_PIN } from '../../county-data/src/demo/demoCounty.ts';
import { originOf, portsForOffset, type Ports } from '../../scripts/ports.mjs';
import { ensureFrontEndsBuilt, productServers } from '../../scripts/productServers.mjs';
import { renderNginxConfig } from '../../scripts/renderNginxConfig.mjs';
import { runtimeConfigFromEnv } from '../../scripts/runtimeConfig.mjs';
import { launchChromium, signInThroughOutbox } from '../support/browser.ts';
import { NGINX, nginxMainFile, selfSignedCertificate } from '../support/nginxServer.ts';
import { REPO, startServerProcess, waitUntilAnswering, type ServerProcess } from '../support/childProcesses.ts';
import { seededPgliteDir } from '../support/seededDataDir.ts';
import type { HardeningCheck, HardeningContext, HardeningOutcome } from '../types.ts';

/** nginx's two ports beside the product's (scripts/ports.mjs), shifted by the run's offset. */
const HTTPS_PORT_BASE = 8400;
const HTTP_PORT_BASE = 8300;
const START_TIMEOUT_MS = 120_000;
const PAGE_TIMEOUT_MS = 90_000;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCREENSHOT = path.join(tmpdir(), 'parcel-map-hardening-nginx.png');

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Each header name as often as it was sent (lower case). */
  headerCounts: Map<string, number>;
  /** As sent: still compressed when Content-Encoding says so. */
  body: Buffer;
}

/** One request, its body left as sent; https trusts only the check's own certificate. */
function fetchRaw(url: string, headers: Record<string, string>, ca: string): Promise<Answer> {
  const request = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers, ca }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headerCounts = new Map<string, number>();
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          const name = response.rawHeaders[i]!.toLowerCase();
          headerCounts.set(name, (headerCounts.get(name) ?? 0) + 1);
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, headerCounts, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

interface Deployment {
  origin: string;
  httpOrigin: string;
  identityOrigin: string;
  /** The self-signed certificate (PEM) nginx serves, the only one fetchRaw trusts. */
  certificate: string;
  servers: ServerProcess[];
}

/** The compiled API and local-identity on the run's ports, and nginx in front of the built front ends. */
async function deploy(context: HardeningContext, ports: Ports, work: string): Promise<Deployment> {
  ensureFrontEndsBuilt();
  const origin = `https://127.0.0.1:${HTTPS_PORT_BASE + context.portOffset}`;
  const httpOrigin = `http://127.0.0.1:${HTTP_PORT_BASE + context.portOffset}`;
  const identityOrigin = originOf(ports.identity);
  const dataDir = path.join(work, 'data');
  mkdirSync(dataDir);
  cpSync(await seededPgliteDir(), path.join(dataDir, 'pglite'), { recursive: true });

  const servers: ServerProcess[] = [];
  const deployment = { origin, httpOrigin, identityOrigin, certificate: '', servers };
  try {
    // The API's CORS list stays npm start's: the one origin is not in it, and needs not be.
    const behindNginx = productServers({ dataDir, ports, compiled: true, publicOrigin: origin }).filter(({ name }) => name === 'local-identity' || name === 'api-server');
    for (const server of behindNginx) {
      await server.prepare?.();
      const started = startServerProcess(server.command, server.args, { ...server.env, PARCEL_MAP_PORT_OFFSET: String(context.portOffset), ENABLE_DEV_FAULTS: undefined });
      servers.push(started);
      await waitUntilAnswering(server.readyUrl, started, START_TIMEOUT_MS, `on ${new URL(server.readyUrl).origin}`);
    }

    // nginx's workers read config.json from here, and run as another user when the check runs as root.
    chmodSync(work, 0o755);
    const runtimeConfig = path.join(work, 'config.json');
    writeFileSync(runtimeConfig, JSON.stringify(runtimeConfigFromEnv({ PUBLIC_ORIGIN: origin, IDENTITY_URL: identityOrigin })));
    const { certificate, key } = selfSignedCertificate(work);
    deployment.certificate = readFileSync(certificate, 'utf8');
    const siteFile = path.join(work, 'parcel-map.conf');
    const tileCacheDir = path.join(work, 'tile-cache');
    mkdirSync(tileCacheDir);
    writeFileSync(
      siteFile,
      renderNginxConfig({
        SERVER_NAME: '127.0.0.1',
        HTTP_LISTEN: new URL(httpOrigin).host,
        HTTPS_LISTEN: new URL(origin).host,
        API_UPSTREAM: `127.0.0.1:${ports.api}`,
        STATIC_ROOT: REPO,
        RUNTIME_CONFIG: runtimeConfig,
        TLS_CERTIFICATE: certificate,
        TLS_CERTIFICATE_KEY: key,
        TILE_CACHE_DIR: tileCacheDir,
      }),
    );
    const nginx = startServerProcess(NGINX, ['-p', work, '-c', nginxMainFile(work, siteFile)], {});
    servers.push(nginx);
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (!nginx.isRunning()) throw new Error(`nginx exited:\n${nginx.output()}`);
      const answer = await fetchRaw(`${origin}/styles/streets-local.json`, {}, deployment.certificate).catch((error: unknown) => String(error));
      if (typeof answer !== 'string' && answer.status === 200) break;
      if (Date.now() > deadline) {
        const errorLog = path.join(work, 'error.log');
        throw new Error(`nginx did not answer on ${origin} within ${START_TIMEOUT_MS} ms (last: ${typeof answer === 'string' ? answer : answer.status}):\n${nginx.output()}\n${existsSync(errorLog) ? readFileSync(errorLog, 'utf8').slice(-2000) : ''}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    throw error;
  }
  return deployment;
}

interface Journey {
  failures: string[];
  /** The tiles the map fetched through nginx, and the session it sent with them. */
  parcelTileUrl: string | undefined;
  baseMapTileUrl: string | undefined;
  sessionToken: string | null;
  requestsElsewhere: string[];
}

async function signedInJourney(page: Page, { origin, identityOrigin }: Deployment): Promise<Journey> {
  const journey: Journey = { failures: [], parcelTileUrl: undefined, baseMapTileUrl: undefined, sessionToken: null, requestsElsewhere: [] };
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (!url.startsWith(`${origin}/`) && !url.startsWith(`${identityOrigin}/`)) journey.requestsElsewhere.push(url);
  });
  page.on('pageerror', (error) => journey.failures.push(`the page threw: ${error.message}`));
  page.on('response', (response) => {
    const url = response.url();
    if (response.status() >= 400) journey.failures.push(`${url} → ${response.status()}`);
    if (response.status() !== 200) return;
    if (url.startsWith(`${origin}/tiles/`) && url.includes('?v=')) journey.parcelTileUrl ??= url;
    if (url.startsWith(`${origin}/basemap/`)) journey.baseMapTileUrl ??= url;
  });

  await signInThroughOutbox(page, origin, identityOrigin, 'nginx');
  const container = page.getByTestId('map-container');
  await page.locator('[data-testid="map-container"][data-map-state="idle"]').waitFor();
  const box = await page.locator('canvas.mapboxgl-canvas').boundingBox();
  if (!box) throw new Error('the map canvas has no box');
  await page.screenshot({ path: SCREENSHOT });

  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const panel = page.getByRole('region', { name: /Parcel details/ });
  await panel.getByRole('heading', { name: `PIN ${CENTRE_PIN}` }).waitFor();
  await panel.getByRole('button', { name: 'Save parcel' }).click();
  const modal = page.getByRole('dialog', { name: 'Save Parcel Location' });
  await modal.getByLabel('Notes (optional)').fill('Saved through nginx');
  await modal.getByRole('button', { name: 'Save' }).click();
  await modal.waitFor({ state: 'hidden' });
  await panel.getByRole('button', { name: 'Saved Location' }).waitFor();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'My Saved Parcels' }).click();
  const sheet = page.getByRole('dialog', { name: 'My Saved Parcels' });
  await sheet.getByText(`PIN ${CENTRE_PIN}`).waitFor();
  await sheet.getByText('Saved through nginx').waitFor();
  journey.sessionToken = await page.evaluate(() => localStorage.getItem('session_jwt'));
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'hidden' });

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: /Logout/ }).click();
  await page.waitForURL(`${origin}/login`);
  await page.getByRole('button', { name: 'Get Link' }).waitFor();
  if (await container.count()) journey.failures.push('the map stayed on screen after signing out');
  const session = await page.evaluate(() => localStorage.getItem('session_jwt'));
  if (session !== null) journey.failures.push('a session JWT stayed in local storage after signing out');
  if (!journey.parcelTileUrl) journey.failures.push('the map fetched no versioned parcel tile through nginx');
  if (!journey.baseMapTileUrl) journey.failures.push('the map fetched no base map tile through nginx');
  if (journey.requestsElsewhere.length > 0) journey.failures.push(`the page reached past nginx and the identity service: ${journey.requestsElsewhere.slice(0, 3).join(', ')}`);
  return journey;
}

/** The largest file the host's build named by its content's hash (`main.cd34dfbe.js`): nginx compresses it. */
function hashedHostFile(extension: 'js' | 'css'): string {
  const dist = path.join(REPO, 'host/dist');
  const [largest] = readdirSync(dist)
    .filter((name) => new RegExp(`\\.[0-9a-f]{8}\\.${extension}$`).test(name))
    .sort((a, b) => statSync(path.join(dist, b)).size - statSync(path.join(dist, a)).size);
  if (!largest) throw new Error(`host/dist holds no hashed .${extension} file`);
  return `/${largest}`;
}

interface Expectation {
  path: string;
  cacheControl: string | undefined;
  /** Compressed by nginx for a client that accepts gzip. */
  gzip: boolean;
  token?: string | null;
}

/** Each kind of answer's Cache-Control and Content-Encoding as the configuration promises. */
async function cachingAndCompression(deployment: Deployment, journey: Journey): Promise<HardeningOutcome> {
  const { origin, certificate } = deployment;
  const pathOf = (url: string | undefined) => (url ? url.slice(origin.length) : undefined);
  const expectations: Expectation[] = [
    { path: '/', cacheControl: 'no-cache', gzip: false },
    { path: '/login', cacheControl: 'no-cache', gzip: false },
    { path: '/config.json', cacheControl: 'no-cache', gzip: true },
    { path: '/mf-manifest.json', cacheControl: 'no-cache', gzip: true },
    { path: '/remote-map/mf-manifest.json', cacheControl: 'no-cache', gzip: true },
    { path: '/remote-map/remoteEntry.js', cacheControl: 'no-cache', gzip: true },
    { path: hashedHostFile('js'), cacheControl: IMMUTABLE, gzip: true },
    { path: hashedHostFile('css'), cacheControl: IMMUTABLE, gzip: true },
    { path: '/styles/streets-local.json', cacheControl: 'public, max-age=300', gzip: true },
  ];
  const failures: string[] = [];
  const seen: string[] = [];
  for (const { path: answerPath, cacheControl, gzip } of expectations) {
    const answer = await fetchRaw(`${origin}${answerPath}`, { 'Accept-Encoding': 'gzip' }, certificate);
    const encoding = answer.headers['content-encoding'];
    if (answer.status !== 200) failures.push(`${answerPath} → ${answer.status}`);
    if (answer.headers['cache-control'] !== cacheControl) failures.push(`${answerPath} Cache-Control '${answer.headers['cache-control']}', not '${cacheControl}'`);
    if (gzip && encoding !== 'gzip') failures.push(`${answerPath} not compressed (Content-Encoding '${encoding ?? ''}')`);
    if ((answer.headerCounts.get('cache-control') ?? 0) > 1) failures.push(`${answerPath} sent Cache-Control twice`);
    if (encoding === 'gzip') gunzipSync(answer.body);
    seen.push(`${answerPath.replace(/\.[0-9a-f]{8}\./, '.<hash>.')} ${cacheControl}${encoding ? ' gzip' : ''}`);
  }
  // The style names its tiles on the one origin.
  const style = JSON.parse((await fetchRaw(`${origin}/styles/streets-local.json`, {}, certificate)).body.toString('utf8')) as {
    sources: Record<string, { tiles?: string[] }>;
  };
  const tileUrls = Object.values(style.sources).flatMap((source) => source.tiles ?? []);
  const foreign = tileUrls.filter((url) => !url.startsWith(`${origin}/`));
  if (tileUrls.length === 0 || foreign.length > 0) failures.push(`the style's tile URLs are not on ${origin}: ${foreign.join(', ') || 'none'}`);

  // Tiles arrive gzip-encoded from the API: one decompression gives the vector tile itself.
  const tiles = [
    { kind: 'parcel tile', path: pathOf(journey.parcelTileUrl), cacheControl: 'private, max-age=31536000, immutable', token: journey.sessionToken },
    { kind: 'base map tile', path: pathOf(journey.baseMapTileUrl), cacheControl: 'public, max-age=3600', token: null },
  ];
  for (const tile of tiles) {
    if (!tile.path) continue;
    const answer = await fetchRaw(`${origin}${tile.path}`, { 'Accept-Encoding': 'gzip', ...(tile.token ? { Authorization: `Bearer ${tile.token}` } : {}) }, certificate);
    const encoding = answer.headers['content-encoding'];
    if (answer.status !== 200) failures.push(`${tile.kind} → ${answer.status}`);
    if (encoding !== 'gzip' || answer.headerCounts.get('content-encoding') !== 1) failures.push(`${tile.kind} Content-Encoding '${encoding ?? ''}'`);
    if (answer.headers['cache-control'] !== tile.cacheControl) failures.push(`${tile.kind} Cache-Control '${answer.headers['cache-control']}', not '${tile.cacheControl}'`);
    const once = encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
    if (once.length === 0 || once[0] === 0x1f) failures.push(`${tile.kind} was compressed twice (its body decompresses to gzip again)`);
    seen.push(`${tile.kind} ${tile.cacheControl} gzip once (${answer.body.length} → ${once.length} bytes)`);
  }
  return {
    tried: 'nginx: each kind of answer through deploy/nginx/parcel-map.conf carries its caching and compression',
    held: failures.length === 0 && journey.parcelTileUrl !== undefined && journey.baseMapTileUrl !== undefined,
    detail: failures.length === 0 ? `${seen.join('; ')}; the style's ${tileUrls.length} tile URLs on ${origin}` : failures.slice(0, 8).join('; '),
  };
}

/**
 * A versioned parcel tile the map did not fetch (so not cached yet): the children one zoom in of the
 * one it did, or its parent at the most zoom. Each is tried until one is a miss.
 */
function uncachedTileCandidates(parcelTileUrl: string): string[] {
  const url = new URL(parcelTileUrl);
  const match = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.pbf$/.exec(url.pathname);
  if (!match) throw new Error(`not a parcel tile URL: ${parcelTileUrl}`);
  const [z, x, y] = match.slice(1).map(Number) as [number, number, number];
  const tiles = z < PARCEL_TILE_ZOOMS.max ? [0, 1].flatMap((dx) => [0, 1].map((dy) => [z + 1, 2 * x + dx, 2 * y + dy])) : [[z - 1, x >> 1, y >> 1]];
  return tiles.map(([tz, tx, ty]) => `/tiles/${tz}/${tx}/${ty}.pbf${url.search}`);
}

/**
 * Issue #45 §2, one tile cache for every API instance: a versioned parcel tile fetched twice with a
 * session is a miss, then a hit; the cached tile is still refused (the API's 401) without a session or
 * with a bad one; a tile without its version is never cached.
 */
async function sharedTileCache({ origin, certificate }: Deployment, journey: Journey): Promise<HardeningOutcome> {
  const tried = 'nginx: the shared tile cache serves a versioned tile again from cache, never to a stranger, and never caches an unversioned one';
  if (!journey.parcelTileUrl || !journey.sessionToken) return { tried, held: false, detail: 'the journey gave no versioned parcel tile or no session' };
  const fetchTile = (tilePath: string, authorization?: string) => fetchRaw(`${origin}${tilePath}`, { 'Accept-Encoding': 'gzip', ...(authorization ? { Authorization: authorization } : {}) }, certificate);
  const session = `Bearer ${journey.sessionToken}`;
  const failures: string[] = [];
  const seen: string[] = [];
  let cachedPath: string | undefined;
  for (const candidate of uncachedTileCandidates(journey.parcelTileUrl)) {
    const first = await fetchTile(candidate, session);
    if (first.headers['x-cache-status'] !== 'MISS') continue;
    const second = await fetchTile(candidate, session);
    if (![200, 204].includes(first.status)) failures.push(`${candidate} with a session → ${first.status}`);
    if (second.headers['x-cache-status'] !== 'HIT') failures.push(`${candidate} fetched again → '${second.headers['x-cache-status'] ?? ''}', not HIT`);
    if (second.status !== first.status || !second.body.equals(first.body)) failures.push(`${candidate} from the cache differs from the API's answer`);
    seen.push(`${candidate} MISS then ${second.headers['x-cache-status']} (${second.status}, ${second.body.length} bytes)`);
    cachedPath = candidate;
    break;
  }
  if (!cachedPath) failures.push(`no versioned tile around ${journey.parcelTileUrl} was a miss with a session (the cache did not take it)`);
  else {
    for (const [who, authorization] of [['no session', undefined], ['a bad session', 'Bearer not-a-session'], ['a forged session', `${session.slice(0, -8)}AAAAAAAA`]] as const) {
      const refused = await fetchTile(cachedPath, authorization);
      const message = (() => {
        try {
          return (JSON.parse(refused.body.toString('utf8')) as { message?: string }).message;
        } catch {
          return undefined;
        }
      })();
      if (refused.status !== 401 || message !== 'Authentication required') failures.push(`the cached tile with ${who} → ${refused.status} '${refused.body.toString('utf8').slice(0, 60)}', not the API's 401`);
      if (refused.headers['x-cache-status'] === 'HIT') failures.push(`the cached tile with ${who} was served from the cache`);
      seen.push(`${who} → ${refused.status}`);
    }
  }
  const unversioned = journey.parcelTileUrl.slice(origin.length).replace(/\?.*$/, '');
  const statuses: string[] = [];
  for (let round = 0; round < 2; round += 1) {
    const answer = await fetchTile(unversioned, session);
    statuses.push(String(answer.headers['x-cache-status'] ?? 'none'));
    if (answer.status !== 200) failures.push(`${unversioned} (no version) → ${answer.status}`);
  }
  if (statuses.some((status) => status !== 'BYPASS')) failures.push(`${unversioned} (no version) twice: ${statuses.join(', ')}, not BYPASS both times`);
  seen.push(`${unversioned} (no version) ${statuses.join(', ')}`);
  return { tried, held: failures.length === 0, detail: failures.length === 0 ? seen.join('; ') : failures.slice(0, 8).join('; ') };
}

/** The plain-http port sends browsers to https; front-end pages carry the policy nginx adds, the API's answers only their own. */
async function redirectAndSecurityHeaders({ origin, httpOrigin, certificate }: Deployment): Promise<HardeningOutcome> {
  const failures: string[] = [];
  // $host carries no port: the redirect names https's default port, as a deployment on 80 and 443 needs.
  const redirect = await fetchRaw(`${httpOrigin}/login?x=1`, {}, certificate);
  if (redirect.status !== 301 || redirect.headers.location !== `https://${new URL(origin).hostname}/login?x=1`) failures.push(`http → ${redirect.status} ${redirect.headers.location ?? ''}`);
  const page = await fetchRaw(`${origin}/`, {}, certificate);
  const csp = page.headers['content-security-policy'] ?? '';
  if (!csp.includes("default-src 'self'") || !csp.includes("script-src 'self'")) failures.push(`the host page's CSP '${csp}'`);
  if (page.headers['strict-transport-security'] === undefined) failures.push('the host page has no Strict-Transport-Security');
  const api = await fetchRaw(`${origin}/styles/streets-local.json`, {}, certificate);
  for (const name of ['content-security-policy', 'x-content-type-options', 'strict-transport-security']) {
    if (api.headerCounts.get(name) !== 1) failures.push(`the API's style JSON sent ${name} ${api.headerCounts.get(name) ?? 0} times`);
  }
  return {
    tried: 'nginx: http redirects to https; pages get the front ends\' CSP, the API\'s answers keep their own headers once',
    held: failures.length === 0,
    detail: failures.length === 0 ? `http → 301 ${redirect.headers.location}; host page CSP ${csp.length} chars, HSTS; the API's style JSON: one CSP, nosniff and HSTS (the API's)` : failures.join('; '),
  };
}

async function oneOrigin(context: HardeningContext): Promise<HardeningOutcome[]> {
  const ports = portsForOffset(context.portOffset);
  const work = mkdtempSync(path.join(tmpdir(), 'parcel-map-hardening-nginx-'));
  let deployment: Deployment | undefined;
  const browser = await launchChromium();
  try {
    deployment = await deploy(context, ports, work);
    context.log(`nginx: ${deployment.origin} in front of the compiled API (${ports.api}) and the built front ends; identity on ${deployment.identityOrigin}`);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, ignoreHTTPSErrors: true });
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    const journey = await signedInJourney(page, deployment);
    context.log(`nginx: the map through nginx at 1280×800: ${SCREENSHOT}`);
    return [
      {
        tried: 'nginx: sign in, click a parcel, save it, list it, sign out — all through one origin (deploy/nginx/parcel-map.conf, TLS)',
        held: journey.failures.length === 0,
        detail:
          journey.failures.length === 0
            ? `PIN ${CENTRE_PIN} saved and listed, signed out; every request went to ${deployment.origin} or the identity service (the API's CORS list does not name the origin)`
            : journey.failures.join('; '),
      },
      await cachingAndCompression(deployment, journey),
      await sharedTileCache(deployment, journey),
      await redirectAndSecurityHeaders(deployment),
    ];
  } finally {
    await browser.close();
    if (deployment) await Promise.all(deployment.servers.map((server) => server.stop()));
    rmSync(work, { recursive: true, force: true });
  }
}

const nginx: HardeningCheck = {
  name: 'nginx',
  run: oneOrigin,
};

export default nginx;
