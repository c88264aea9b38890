// Headers and limits (issue #8 point 3) on the product's own servers, started as start.mjs starts
// them on this run's ports: the host's static server (scripts/serveApp.mjs), the API and
// local-identity. Helmet's headers everywhere; a host Content-Security-Policy allowing exactly the
// origins of the served config.json plus what mapbox-gl needs; API CORS only for the front end's
// origins; local-identity's sign-in rate limits hold under a burst; a map view's burst of tile
// requests never meets a 429.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stytchJwtSettings } from '../../api-server/src/platform/auth/stytchJwtSettings.ts';
import { DEMO_CENTRE } from '../../county-data/src/demo/demoCounty.ts';
import { CACHE_CONTROL } from '../../api-server/src/platform/http/responseHeaders.ts';
import { rawRequest, type TestResponse } from '../../api-server/src/testing/testApp.ts';
import { lonLatToTile } from '../../api-server/src/tiles/kit/tileMath.ts';
import { parseIdentityConfig, type IdentityConfig } from '../../local-identity/src/config.ts';
import { requestMagicLink, signInWithOAuth } from '../../local-identity/src/testing/identityTestClient.ts';
import { originOf, portsForOffset, type Ports } from '../../scripts/ports.mjs';
import { startApiProcess, type ApiProcess } from '../support/apiProcess.ts';
import { frontEndOrigins } from '../support/apiStack.ts';
import { COMPILED, REPO, SERVER_START_TIMEOUT_MS, startServerProcess, waitUntilAnswering, type ServerProcess } from '../support/childProcesses.ts';
import type { HardeningCheck, HardeningOutcome } from '../types.ts';

const TILE_BURST = 70;
const TILE_BURST_ROUNDS = { quick: 3, full: 6 };
/** Hosts mapbox-gl talks to for mapbox:// styles and tiles (Mapbox's published CSP requirements). */
const MAPBOX_GL_HOSTS = ['https://api.mapbox.com', 'https://events.mapbox.com', 'https://*.tiles.mapbox.com'];
/** The Stytch API the SDK calls when config.json names no local identity (README, STYTCH_PUBLIC_TOKEN). */
const STYTCH_HOSTS = ['https://test.stytch.com', 'https://api.stytch.com'];
/** Runtime-config variables of the host (README); unset so the embedded defaults are what is checked. */
const RUNTIME_CONFIG_VARIABLES = ['API_BASE_URL', 'REMOTE_AUTH_URL', 'REMOTE_MAP_URL', 'REMOTE_SAVED_PARCELS_URL', 'REMOTE_DATA_URL', 'IDENTITY_URL', 'MAPBOX_ACCESS_TOKEN', 'STYTCH_PUBLIC_TOKEN', 'LOGIN_BACKGROUND_EMBED_URL'];

/** Helmet's defaults that must reach the browser from every server (name → expected value pattern). */
const HELMET_HEADERS: Record<string, RegExp> = {
  'x-content-type-options': /^nosniff$/,
  'x-frame-options': /^SAMEORIGIN$/,
  'strict-transport-security': /^max-age=\d{7,}/,
  'referrer-policy': /^no-referrer$/,
  'cross-origin-opener-policy': /^same-origin$/,
  'origin-agent-cluster': /^\?1$/,
  'x-dns-prefetch-control': /^off$/,
  'x-download-options': /^noopen$/,
  'x-permitted-cross-domain-policies': /^none$/,
  'x-xss-protection': /^0$/,
};

interface Servers {
  ports: Ports;
  identity: ServerProcess;
  identityConfig: IdentityConfig;
  api: ApiProcess;
  host: ServerProcess;
  hostDist: string;
  /**
   * A fresh session's JWT, for the parcel tiles (served to sessions only). By the OAuth flow: it
   * sends no magic link, so the sign-in limits' counts below stay exact.
   */
  sessionJwt(): Promise<string>;
  stop(): Promise<void>;
}

function tempDir(label: string): string {
  return mkdtempSync(path.join(tmpdir(), `parcel-map-hardening-${label}-`));
}

/** The built host, or (not built yet) a stand-in page: the headers come from the server, not the files. */
function hostDistOrStandIn(): { dist: string; standIn: boolean } {
  const dist = path.join(REPO, 'host/dist');
  if (existsSync(path.join(dist, 'index.html'))) return { dist, standIn: false };
  const standIn = tempDir('host-dist');
  writeFileSync(path.join(standIn, 'index.html'), '<!doctype html><title>Parcel Map</title>');
  return { dist: standIn, standIn: true };
}

/** The host's static server, with the runtime config from `env` over the embedded defaults. */
async function startHost(ports: Ports, dist: string, portOffset: number, env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const unset = Object.fromEntries(RUNTIME_CONFIG_VARIABLES.map((name) => [name, undefined]));
  const host = startServerProcess(process.execPath, [path.join(REPO, 'scripts/serveApp.mjs'), dist, String(ports.host), 'host'], {
    ...unset,
    PARCEL_MAP_PORT_OFFSET: String(portOffset),
    ...env,
  });
  await waitUntilAnswering(`${originOf(ports.host)}/config.json`, host, SERVER_START_TIMEOUT_MS, `served on ${originOf(ports.host)}`);
  return host;
}

async function startServers(portOffset: number): Promise<Servers> {
  const ports = portsForOffset(portOffset);
  const identityDir = tempDir('identity');
  const { dist: hostDist, standIn } = hostDistOrStandIn();
  // As start.mjs runs it: port and data directory only, every limit at its configured default.
  const identityEnv = { PORT: String(ports.identity), DATA_DIR: identityDir, LOG_LEVEL: 'info', ENABLE_DEV_FAULTS: '0' };
  const identityConfig = parseIdentityConfig({ ...process.env, ...identityEnv });
  const identity = startServerProcess(process.execPath, [COMPILED.identity], identityEnv);
  let api: ApiProcess | undefined;
  let host: ServerProcess | undefined;
  const stop = async () => {
    await Promise.all([identity.stop(), api?.stop(), host?.stop()]);
    rmSync(identityDir, { recursive: true, force: true });
    if (standIn) rmSync(hostDist, { recursive: true, force: true });
  };
  try {
    const identityBase = originOf(ports.identity);
    await waitUntilAnswering(`${identityBase}/sdk/v1/projects/bootstrap/${identityConfig.publicToken}`, identity, SERVER_START_TIMEOUT_MS, `listening on ${identityBase}`);
    api = await startApiProcess({ port: ports.api, jwt: stytchJwtSettings(identityConfig.projectId, identityBase), corsOrigins: frontEndOrigins(portOffset) });
    host = await startHost(ports, hostDist, portOffset);
    const servers: Servers = {
      ports,
      identity,
      identityConfig,
      api,
      host,
      hostDist,
      sessionJwt: async () => (await signInWithOAuth({ baseUrl: identityBase, config: identityConfig }, `headers-${Date.now()}@example.com`)).session_jwt,
      // The host may have been restarted with another config since: stop whichever runs now.
      async stop() {
        await servers.host.stop();
        await stop();
      },
    };
    return servers;
  } catch (error) {
    await stop();
    throw error;
  }
}

// ---- helmet -----------------------------------------------------------------------------------

function missingHelmetHeaders(response: TestResponse): string[] {
  const missing = Object.entries(HELMET_HEADERS)
    .filter(([name, pattern]) => !pattern.test(String(response.headers[name] ?? '')))
    .map(([name]) => `${name}: ${response.headers[name] ?? '(none)'}`);
  if (response.headers['x-powered-by']) missing.push(`x-powered-by: ${response.headers['x-powered-by']}`);
  return missing;
}

async function helmetEverywhere(servers: Servers): Promise<HardeningOutcome> {
  const { ports } = servers;
  const pages = [
    { name: 'host /login', url: `${originOf(ports.host)}/login`, corp: 'same-origin', csp: true },
    { name: 'host /config.json', url: `${originOf(ports.host)}/config.json`, corp: 'same-origin', csp: true },
    { name: 'API /health', url: `${servers.api.baseUrl}/health`, corp: 'cross-origin', csp: true },
    { name: 'API /api/saved-parcels (401)', url: `${servers.api.baseUrl}/api/saved-parcels`, corp: 'cross-origin', csp: true },
    { name: 'API /styles/streets-local.json', url: `${servers.api.baseUrl}/styles/streets-local.json`, corp: 'cross-origin', csp: true },
  ];
  const failures: string[] = [];
  for (const page of pages) {
    const response = await rawRequest(page.url);
    const problems = missingHelmetHeaders(response);
    if (response.headers['cross-origin-resource-policy'] !== page.corp) problems.push(`cross-origin-resource-policy: ${response.headers['cross-origin-resource-policy']}`);
    if (page.csp && !response.headers['content-security-policy']) problems.push('no content-security-policy');
    if (problems.length > 0) failures.push(`${page.name}: ${problems.join(', ')}`);
  }
  // The cached-tile fast path copies helmet's headers rather than running helmet: check it separately.
  const tile = tileUrls(servers.api.baseUrl, 1, 0)[0]!;
  const token = await servers.sessionJwt();
  await rawRequest(tile, { token });
  const cached = await rawRequest(tile, { token });
  const tileProblems = missingHelmetHeaders(cached);
  if (tileProblems.length > 0) failures.push(`API cached tile: ${tileProblems.join(', ')}`);
  return {
    tried: "helmet's security headers on the host and the API (cached tiles included)",
    held: failures.length === 0,
    detail: failures.length === 0 ? `${pages.length + 1} responses carry nosniff, SAMEORIGIN, HSTS, no-referrer, COOP same-origin and the rest, no x-powered-by; CORP same-origin on the host, cross-origin on the API` : failures.join('; '),
  };
}

// ---- Content-Security-Policy -------------------------------------------------------------------

function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** Every http(s) origin a runtime config names (remotes, API, identity, style and tile URLs). */
function configOrigins(config: unknown): { origins: Set<string>; mapbox: boolean } {
  const origins = new Set<string>();
  let mapbox = false;
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      if (value.startsWith('mapbox://')) mapbox = true;
      else if (/^https?:\/\//.test(value)) origins.add(new URL(value.replaceAll('{', '%7B').replaceAll('}', '%7D')).origin);
    } else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(config);
  return { origins, mapbox };
}

/** Where a source may appear at all: beyond these, the policy allows something nobody asked for. */
const KEYWORD_PLACES: Record<string, string[]> = {
  "'self'": ['*'],
  "'none'": ['*'],
  "'unsafe-inline'": ['style-src'],
  'data:': ['img-src', 'font-src'],
  'blob:': ['img-src', 'worker-src', 'child-src'],
};

function cspProblems(header: string, config: unknown): { problems: string[]; summary: string } {
  const csp = parseCsp(header);
  const { origins, mapbox } = configOrigins(config);
  const identity = (config as { identity?: { localApiUrl?: string } }).identity;
  const allowedHosts = new Set([...origins, ...(mapbox ? MAPBOX_GL_HOSTS : []), ...(identity?.localApiUrl ? [] : STYTCH_HOSTS)]);
  const problems: string[] = [];
  for (const [directive, sources] of csp) {
    for (const source of sources) {
      const places = KEYWORD_PLACES[source];
      if (places) {
        if (!places.includes('*') && !places.includes(directive)) problems.push(`${directive} allows ${source}`);
      } else if (!allowedHosts.has(source)) problems.push(`${directive} allows ${source}, which the config does not name`);
    }
  }
  const has = (directive: string, source: string) => csp.get(directive)?.includes(source) ?? false;
  const required: [string, string][] = [
    ['default-src', "'self'"],
    ['object-src', "'none'"],
    ['worker-src', 'blob:'],
    ['img-src', 'data:'],
    ['img-src', 'blob:'],
    ...[...origins].map((origin): [string, string] => ['connect-src', origin]),
    ...Object.values((config as { remotes: Record<string, string> }).remotes).map((url): [string, string] => ['script-src', new URL(url).origin]),
    // Without these the map or the sign-in would be blocked.
    ...(mapbox ? MAPBOX_GL_HOSTS : []).map((source): [string, string] => ['connect-src', source]),
    ...(identity?.localApiUrl ? [] : STYTCH_HOSTS).map((source): [string, string] => ['connect-src', source]),
  ];
  for (const [directive, source] of required) if (!has(directive, source)) problems.push(`${directive} lacks ${source}`);
  if (!csp.has('frame-ancestors')) problems.push('no frame-ancestors');
  const extras = [mapbox ? 'Mapbox hosts' : '', identity?.localApiUrl ? '' : 'Stytch API'].filter(Boolean).join(' and ');
  return {
    problems,
    summary:
      `${csp.size} directives; hosts allowed: the ${origins.size} origins of config.json${extras ? ` plus ${extras}` : ''}; blob: workers, data:/blob: images, ` +
      `'unsafe-inline' in style-src only; no 'unsafe-eval', no * source${mapbox ? " (the one wildcard is Mapbox's https://*.tiles.mapbox.com)" : ''}`,
  };
}

async function contentSecurityPolicy(servers: Servers, portOffset: number): Promise<HardeningOutcome[]> {
  const host = originOf(servers.ports.host);
  const check = async (label: string): Promise<HardeningOutcome> => {
    const config = (await rawRequest(`${host}/config.json`)).json;
    const page = await rawRequest(`${host}/login`);
    const header = String(page.headers['content-security-policy'] ?? '');
    const { problems, summary } = header ? cspProblems(header, config) : { problems: ['no Content-Security-Policy on the page'], summary: '' };
    return { tried: `host Content-Security-Policy: exactly config.json's origins plus mapbox-gl's needs (${label})`, held: problems.length === 0, detail: problems.length === 0 ? summary : problems.join('; ') };
  };
  const outcomes = [await check('embedded defaults: local identity, self-hosted map')];
  // The same host with a Mapbox token and a Stytch public token: mapbox:// styles, Stytch's API.
  await servers.host.stop();
  servers.host = await startHost(servers.ports, servers.hostDist, portOffset, { MAPBOX_ACCESS_TOKEN: 'pk.hardening-check', STYTCH_PUBLIC_TOKEN: 'public-token-test-hardening' });
  outcomes.push(await check('Mapbox styles and Stytch'));
  return outcomes;
}

// ---- CORS -------------------------------------------------------------------------------------

async function corsOnTheApi(servers: Servers, portOffset: number): Promise<HardeningOutcome> {
  const { ports, api } = servers;
  const allowed = frontEndOrigins(portOffset);
  const foreign = [
    'https://evil.example',
    'null',
    `${originOf(ports.host)}.evil.example`,
    `http://127.0.0.1:${ports.host}0`,
    `https://127.0.0.1:${ports.host}`,
    originOf(ports.remote_map),
    originOf(ports.identity),
    `http://evil.localhost:${ports.host}`,
  ];
  const tile = tileUrls(api.baseUrl, 1, 1)[0]!.slice(api.baseUrl.length);
  const token = await servers.sessionJwt();
  await api.request(tile, { token }); // cached: the fast path answers the requests below
  const requests = [
    { name: 'GET /health', path: '/health', method: 'GET' },
    { name: 'GET /api/saved-parcels', path: '/api/saved-parcels', method: 'GET' },
    { name: 'cached tile', path: tile, method: 'GET' },
    { name: 'tile through Express', path: `${tile}?v=1`, method: 'GET' },
    { name: 'preflight', path: '/api/saved-parcels', method: 'OPTIONS', headers: { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' } },
  ];
  const failures: string[] = [];
  let tried = 0;
  for (const request of requests) {
    for (const origin of [...allowed, ...foreign]) {
      tried += 1;
      const response = await api.request(request.path, { method: request.method, token: request.method === 'OPTIONS' ? undefined : token, headers: { ...request.headers, Origin: origin } });
      const granted = response.headers['access-control-allow-origin'];
      const shouldGrant = allowed.includes(origin);
      if (shouldGrant && (granted !== origin || response.headers['access-control-allow-credentials'] !== 'true')) failures.push(`${request.name} from ${origin}: not granted`);
      if (!shouldGrant && (granted !== undefined || response.headers['access-control-allow-methods'] !== undefined)) failures.push(`${request.name} from ${origin}: granted ${granted}`);
    }
  }
  return {
    tried: "API CORS only for the front end's configured origins",
    held: failures.length === 0,
    detail: failures.length === 0 ? `${tried} requests (health, saved parcels, cached and uncached tiles, preflight): ${allowed.join(', ')} granted; ${foreign.length} other origins (look-alikes, other scheme, a remote's and the identity's own) got no Access-Control-Allow-Origin` : failures.slice(0, 6).join('; '),
  };
}

// ---- caching of per-user answers ---------------------------------------------------------------

/** Issue #39 point 7: every per-user answer, refusals included, is private, no-store; shared answers keep theirs. */
async function perUserCaching(servers: Servers): Promise<HardeningOutcome> {
  const { api } = servers;
  const token = await servers.sessionJwt();
  const tile = tileUrls(api.baseUrl, 1, 2)[0]!.slice(api.baseUrl.length);
  await api.request(tile, { token }); // cached: the fast path answers it below
  const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 14);
  const expected: [string, string | undefined, string][] = [
    [`/api/parcels/at?lng=${DEMO_CENTRE.lng}&lat=${DEMO_CENTRE.lat}`, token, CACHE_CONTROL.perUser],
    ['/api/parcels/search?q=main', token, CACHE_CONTROL.perUser],
    ['/api/saved-parcels', token, CACHE_CONTROL.perUser],
    ['/api/saved-parcels', undefined, CACHE_CONTROL.perUser],
    ['/api/markups', token, CACHE_CONTROL.perUser],
    ['/api/saved-queries', token, CACHE_CONTROL.perUser],
    ['/api/admin/datasets', token, CACHE_CONTROL.perUser],
    [tile, token, CACHE_CONTROL.privateUnversionedTiles],
    [`/basemap/14/${x}/${y}.pbf`, undefined, CACHE_CONTROL.tiles],
  ];
  const seen: string[] = [];
  const failures: string[] = [];
  for (const [path, bearer, cacheControl] of expected) {
    const response = await api.request(path, { token: bearer });
    const label = `${path.split('?')[0]}${bearer ? '' : ' without a session'} (${response.status})`;
    seen.push(label);
    if (response.headers['cache-control'] !== cacheControl) failures.push(`${label}: ${String(response.headers['cache-control'])}`);
  }
  return {
    tried: 'per-user answers (parcels, saved parcels, markups, saved queries, the Data page) not stored by any cache; shared tiles as before',
    held: failures.length === 0,
    detail: failures.length === 0 ? `${seen.join(', ')}: '${CACHE_CONTROL.perUser}' on the per-user ones, the tiles' own on the tiles` : failures.join('; '),
  };
}

// ---- rate limits --------------------------------------------------------------------------------

async function signInRateLimits(servers: Servers): Promise<HardeningOutcome[]> {
  const identity = { baseUrl: originOf(servers.ports.identity), config: servers.identityConfig };
  const { sendLimitPerEmailPerMinute: perEmail, sendLimitPerIpPerMinute: perIp } = servers.identityConfig;
  /** Sends all at once; returns the addresses answered 200 and those refused with 429 too_many_requests. */
  const burst = async (emails: string[]) => {
    const answers = await Promise.all(
      emails.map(async (email) => {
        const response = await requestMagicLink(identity, email);
        return { email, status: response.status, body: await response.text() };
      }),
    );
    return {
      sent: answers.filter((a) => a.status === 200).map((a) => a.email),
      refused: answers.filter((a) => a.status === 429 && a.body.includes('too_many_requests')).map((a) => a.email),
      other: answers.filter((a) => a.status !== 200 && a.status !== 429).map((a) => a.status),
    };
  };
  const linksTo = async (email: string) =>
    ((await (await fetch(`${identity.baseUrl}/dev/outbox?format=json&to=${encodeURIComponent(email)}`)).json()) as { messages: unknown[] }).messages.length;

  const oneAddress = await burst(Array.from({ length: perEmail * 2 }, () => 'burst@example.com'));
  const linksToOne = await linksTo('burst@example.com');
  // What is left of the IP's minute after the first burst (its refused sends count too: the IP is checked first).
  const used = perEmail * 2;
  const extra = 20;
  const manyAddresses = await burst(Array.from({ length: perIp - used + extra }, (_, i) => `burst-${i}@example.com`));
  // A refused send must send nothing.
  const linksToRefused = (await Promise.all(manyAddresses.refused.map(linksTo))).reduce((sum, n) => sum + n, 0);
  return [
    {
      tried: `local-identity: a burst of ${perEmail * 2} sign-in links to one address (limit ${perEmail}/min)`,
      held: oneAddress.sent.length === perEmail && oneAddress.refused.length === perEmail && oneAddress.other.length === 0 && linksToOne === perEmail,
      detail: `${oneAddress.sent.length} sent, ${oneAddress.refused.length} refused with 429 too_many_requests${oneAddress.other.length ? `, others: ${oneAddress.other.join(',')}` : ''}; the outbox holds ${linksToOne} links for the address`,
    },
    {
      tried: `local-identity: a burst of ${perIp - used + extra} links to different addresses from one IP (limit ${perIp}/min)`,
      held: manyAddresses.sent.length === perIp - used && manyAddresses.refused.length === extra && manyAddresses.other.length === 0 && linksToRefused === 0,
      detail: `${manyAddresses.sent.length} sent, ${manyAddresses.refused.length} refused with 429 (${used} of the minute's ${perIp} used by the first burst); ${linksToRefused} links in the outbox for refused addresses`,
    },
  ];
}

/** The tiles of one map view: a `columns`×`rows` block at z16 around the centre, shifted by `pan` views east. */
function tileUrls(base: string, count: number, pan: number, prefix = '/tiles', zoom = 16): string[] {
  const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, zoom);
  const columns = 10;
  return Array.from({ length: count }, (_, i) => `${base}${prefix}/${zoom}/${x + (i % columns) - 5 + pan * columns}/${y + Math.floor(i / columns) - 3}.pbf`);
}

async function tileBursts(servers: Servers, rounds: number): Promise<HardeningOutcome> {
  const origin = originOf(servers.ports.host);
  const token = await servers.sessionJwt();
  const counts = new Map<number, number>();
  const etags = new Map<string, string>();
  let slowestMs = 0;
  for (let round = 0; round < rounds; round++) {
    // A view: parcel tiles and the contour tiles under them, 70 requests at once as mapbox-gl sends them.
    // Even rounds pan to new tiles (built on demand), odd rounds reload the same view with the ETags (304s).
    const pan = Math.floor(round / 2);
    const urls = [...tileUrls(servers.api.baseUrl, 50, pan), ...tileUrls(servers.api.baseUrl, 20, pan, '/contours', 15)];
    const started = performance.now();
    const responses = await Promise.all(
      urls.map(async (url) => {
        const etag = etags.get(url);
        // The map sends its session's token with the parcel tiles only (remote-map/src/map/countyTileRequests.ts).
        const response = await rawRequest(url, { token: url.includes('/tiles/') ? token : undefined, headers: { Origin: origin, ...(etag ? { 'If-None-Match': etag } : {}) } });
        if (typeof response.headers.etag === 'string') etags.set(url, response.headers.etag);
        return response;
      }),
    );
    slowestMs = Math.max(slowestMs, performance.now() - started);
    for (const response of responses) counts.set(response.status, (counts.get(response.status) ?? 0) + 1);
  }
  const throttled = counts.get(429) ?? 0;
  const bad = [...counts].filter(([status]) => ![200, 204, 304].includes(status));
  return {
    tried: `${rounds} bursts of ${TILE_BURST} tile requests (one map view each: 50 parcel + 20 contour tiles)`,
    held: throttled === 0 && bad.length === 0,
    detail: `${rounds * TILE_BURST} requests: ${[...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(', ')}; no 429; slowest burst ${(slowestMs / 1000).toFixed(1)} s`,
  };
}

const headers: HardeningCheck = {
  name: 'headers',
  async run(context) {
    const servers = await startServers(context.portOffset);
    try {
      context.log(`host ${originOf(servers.ports.host)} (${servers.hostDist.startsWith(REPO) ? 'built app' : 'stand-in page: host not built'}) pid ${servers.host.pid}, API pid ${servers.api.process.pid}, identity pid ${servers.identity.pid}`);
      return [
        await helmetEverywhere(servers),
        ...(await contentSecurityPolicy(servers, context.portOffset)),
        await corsOnTheApi(servers, context.portOffset),
        await perUserCaching(servers),
        ...(await signInRateLimits(servers)),
        await tileBursts(servers, context.quick ? TILE_BURST_ROUNDS.quick : TILE_BURST_ROUNDS.full),
      ];
    } finally {
      await servers.stop();
    }
  },
};

export default headers;
