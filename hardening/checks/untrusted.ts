// Nothing taken from a URL, and outputs from untrusted input (issue #26 points 3 and 5), each attack
// of the outside test replayed against the product's own servers on this run's ports:
// - remote-map's standalone page opened with ?config=<attacker> and ?jwt= while its origin holds a
//   session: the attacker's server hears nothing;
// - every front end's pages carry the host's Content-Security-Policy;
// - `/%c0` on every static server: a plain 400, no stack trace; every server runs with NODE_ENV=production;
// - style JSON asked for with a forged Host and X-Forwarded-*: its URLs are the API's own; and the API
//   refuses to start trusting a proxy (which passes any Host on) without PUBLIC_BASE_URL (issue #39);
// - the CSV cells that turned into formulas (`X;=2+5`, a leading no-break space, a full-width `＝`);
// - a correctly signed session JWT valid for 100 years;
// - an imported owner name longer than a saved parcel's limit, then saved.
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { rawRequest } from '../../api-server/src/testing/testApp.ts';
import { parseImportMapping } from '../../county-data/src/import/importMapping.ts';
import { DEFAULT_IMPORT_FILE_LIMITS } from '../../county-data/src/import/importFileLimits.ts';
import { importParcels } from '../../county-data/src/import/importParcels.ts';
import { DEMO_CENTRE } from '../../county-data/src/demo/demoCounty.ts';
import { openPgliteDb } from '../../database/src/pgliteDb.ts';
import { originOf, portsForOffset, type Ports } from '../../scripts/ports.mjs';
import { ensureFrontEndsBuilt, productServers } from '../../scripts/productServers.mjs';
import { csvText } from '../../shared/src/files/csvFile.ts';
import { PARCEL_TEXT_MAX_LENGTH } from '../../shared/src/wire/cutText.ts';
import { startApiProcess, type ApiProcess } from '../support/apiProcess.ts';
import { launchChromium } from '../support/browser.ts';
import { frontEndOrigins } from '../support/apiStack.ts';
import { COMPILED, REPO, SERVER_START_TIMEOUT_MS, startServerProcess, waitUntilAnswering, type ServerProcess } from '../support/childProcesses.ts';
import { startIdentityUnderTest, type IdentityUnderTest } from '../support/identityUnderTest.ts';
import { hasStackTrace } from '../support/responseRules.ts';
import { seededPgliteDir } from '../support/seededDataDir.ts';
import type { HardeningCheck, HardeningOutcome } from '../types.ts';

/** How long the standalone page is watched after it asked for its own config. */
const WATCH_PAGE_MS = 3_000;
const FRONT_ENDS = ['host', 'remote-auth', 'remote-map', 'remote-saved-parcels', 'remote-data'] as const;

function outcome(tried: string, failures: string[], summary: string): HardeningOutcome {
  return { tried, held: failures.length === 0, detail: failures.length === 0 ? summary : failures.slice(0, 6).join('; ') };
}

// ---- front ends -------------------------------------------------------------------------------

type FrontEnds = Map<string, { origin: string; server: ServerProcess }>;

/** The five static servers as `npm start` runs them (productServers.mjs), on this run's ports. */
async function startFrontEnds(ports: Ports, portOffset: number, dataDir: string): Promise<FrontEnds> {
  ensureFrontEndsBuilt();
  const started: FrontEnds = new Map();
  try {
    for (const definition of productServers({ dataDir, ports }).filter((server) => (FRONT_ENDS as readonly string[]).includes(server.name))) {
      const server = startServerProcess(definition.command, definition.args, { ...definition.env, PARCEL_MAP_PORT_OFFSET: String(portOffset) });
      started.set(definition.name, { origin: new URL(definition.readyUrl).origin, server });
      await waitUntilAnswering(definition.readyUrl, server, SERVER_START_TIMEOUT_MS, `served on ${new URL(definition.readyUrl).origin}`);
    }
  } catch (error) {
    await Promise.all([...started.values()].map(({ server }) => server.stop()));
    throw error;
  }
  return started;
}

function productionMode(ports: Ports, dataDir: string): HardeningOutcome {
  const notProduction = productServers({ dataDir, ports }).filter((server) => server.env.NODE_ENV !== 'production').map((server) => server.name);
  return outcome('every server npm start runs has NODE_ENV=production', notProduction.map((name) => `${name} without it`), 'local-identity, the API and the five static servers (scripts/productServers.mjs, used by npm start, e2e and these checks)');
}

async function remotePagesCsp(frontEnds: FrontEnds): Promise<HardeningOutcome> {
  const hostCsp = String((await rawRequest(`${frontEnds.get('host')!.origin}/login`)).headers['content-security-policy'] ?? '');
  const failures = hostCsp === '' ? ['the host page has no CSP'] : [];
  for (const [name, { origin }] of frontEnds) {
    if (name === 'host') continue;
    const csp = String((await rawRequest(`${origin}/index.html`)).headers['content-security-policy'] ?? '');
    if (csp !== hostCsp) failures.push(`${name}'s page: ${csp ? 'another CSP' : 'no CSP'}`);
  }
  return outcome("each remote's standalone page is served with the host's Content-Security-Policy", failures, `${frontEnds.size - 1} remote pages carry the host's policy (${hostCsp.split(';').length} directives)`);
}

async function malformedUrl(frontEnds: FrontEnds): Promise<HardeningOutcome> {
  const failures: string[] = [];
  for (const [name, { origin }] of frontEnds) {
    for (const requestPath of ['/%c0', '/%E0%A4%A', '/%']) {
      const response = await rawRequest(origin + requestPath);
      const body = response.body.toString('utf8');
      if (response.status !== 400 || hasStackTrace(response) || body !== 'Bad Request') failures.push(`${name} ${requestPath} → ${response.status} ${body.slice(0, 60)}`);
    }
  }
  return outcome('`/%c0` (and other malformed %-escapes) on every static server', failures, `${frontEnds.size} servers × 3 URLs → plain "Bad Request" 400, no stack trace, no path`);
}

/** A server standing in for the attacker's: records every request and serves a config naming itself. */
async function attackerServer() {
  const heard: string[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    heard.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
    res.writeHead(200, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'content-type': 'application/json' });
    res.end('{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, heard, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function standalonePage(frontEnds: FrontEnds): Promise<HardeningOutcome> {
  const remoteMap = frontEnds.get('remote-map')!.origin;
  const attacker = await attackerServer();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const bearers: string[] = [];
    page.on('request', (request) => {
      const authorization = request.headers().authorization;
      if (authorization) bearers.push(`${request.url()} ${authorization}`);
    });
    // The victim's session in remote-map's origin, as a signed-in standalone user has it.
    await page.goto(`${remoteMap}/config.json`);
    await page.evaluate(() => localStorage.setItem('session_jwt', 'victims-session-jwt'));
    const ownConfig = page.waitForRequest(`${remoteMap}/config.json`);
    // The map's first API call carries the session it uses: the origin's, not the URL's.
    const sessionUsed = page.waitForRequest((request) => request.headers().authorization?.startsWith('Bearer ') === true);
    await page.goto(`${remoteMap}/index.html?config=${encodeURIComponent(`${attacker.origin}/config.json`)}&jwt=attackers-jwt`);
    await ownConfig;
    const used = (await sessionUsed).headers().authorization;
    await page.waitForTimeout(WATCH_PAGE_MS);
    const failures = [
      ...(used === 'Bearer victims-session-jwt' ? [] : [`the map used ${used}`]),
      ...attacker.heard.map((request) => `the attacker's server heard ${request}`),
      ...bearers.filter((entry) => entry.includes('attackers-jwt') || entry.startsWith(attacker.origin)).map((entry) => `sent ${entry}`),
    ];
    return outcome(
      "remote-map's standalone page opened with ?config=<attacker's URL>&jwt=… while its origin holds a session",
      failures,
      `the page read its own ${remoteMap}/config.json and used its origin's session; the attacker's server heard 0 requests; no request carried the URL's jwt`,
    );
  } finally {
    await browser.close();
    await attacker.close();
  }
}

// ---- API ----------------------------------------------------------------------------------------

async function styleUrls(api: ApiProcess): Promise<HardeningOutcome> {
  const failures: string[] = [];
  const forged: Record<string, string>[] = [{ Host: 'evil.example' }, { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' }, { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', Forwarded: 'host=evil.example;proto=https' }];
  for (const headers of forged) {
    for (const id of ['streets-local', 'dark-local']) {
      const response = await api.request(`/styles/${id}.json`, { headers });
      const style = response.json as { glyphs?: string; sources?: Record<string, { tiles?: string[] }> } | undefined;
      const urls = [style?.glyphs ?? '', ...Object.values(style?.sources ?? {}).flatMap((source) => source.tiles ?? [])];
      const foreign = urls.filter((url) => !url.startsWith(`${api.baseUrl}/`));
      if (response.status !== 200 || urls.length < 2 || foreign.length > 0) failures.push(`${id} with ${Object.keys(headers).join('+')} → ${response.status} ${foreign.join(' ')}`);
    }
  }
  return outcome('style JSON asked for with a forged Host, X-Forwarded-Host/-Proto and Forwarded (no PUBLIC_BASE_URL, no TRUST_PROXY)', failures, `${forged.length * 2} answers: every tile and glyph URL on ${api.baseUrl}, the address the API was reached on`);
}

async function longLivedToken(api: ApiProcess, identity: IdentityUnderTest): Promise<HardeningOutcome> {
  const { signingKey, config } = identity.identity;
  const sign = (lifetimeSeconds: number) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ 'https://stytch.com/session': { id: 'session-hardening-long' } })
      .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid, typ: 'JWT' })
      .setSubject('user-test-long-lived')
      .setIssuer(identity.jwt.jwtIssuer)
      .setAudience([config.projectId])
      .setIssuedAt(now)
      .setNotBefore(now)
      .setExpirationTime(now + lifetimeSeconds)
      .sign(signingKey.privateKey);
  };
  const failures: string[] = [];
  for (const [label, lifetime] of [['100 years', 100 * 365 * 86_400], ['5 minutes and 1 second', 301]] as const) {
    const response = await api.request('/api/saved-parcels', { token: await sign(lifetime) });
    if (response.status !== 401) failures.push(`a token valid for ${label} → ${response.status}`);
  }
  const stytchLength = await api.request('/api/saved-parcels', { token: await sign(300) });
  if (stytchLength.status !== 200) failures.push(`a 5-minute token → ${stytchLength.status}`);
  return outcome('a correctly signed session JWT valid for 100 years (JWT_MAX_LIFETIME_SECONDS default 5 minutes)', failures, "100 years and 5 min 1 s → 401; Stytch's 5-minute lifetime → 200");
}

const LONG_PIN = 'HARDENING-LONG-TEXT';

/** Imports one parcel whose owner and address are longer than a saved parcel's, into `dataDir`. */
async function importLongText(dataDir: string, workDir: string): Promise<string> {
  const owner = `${'VERY LONG OWNER NAME '.repeat(40)}END`;
  const size = 0.0005;
  const { lng, lat } = DEMO_CENTRE;
  const ring = [[lng, lat], [lng + size, lat], [lng + size, lat + size], [lng, lat + size], [lng, lat]];
  const file = path.join(workDir, 'long-text.geojson');
  writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { PIN: LONG_PIN, owner, ADD1: `1 ${'LONG '.repeat(150)}ST` }, geometry: { type: 'Polygon', coordinates: [ring] } }] }));
  const db = await openPgliteDb(dataDir);
  try {
    await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file, dataset: 'long-text', mapping: parseImportMapping({ dataset: { sourceName: 'hardening', licence: 'CC0' }, fields: { PIN: 'PIN', owner: 'owner', ADD1: 'ADD1' } }) });
  } finally {
    await db.close();
  }
  return owner;
}

async function importedTextSaved(api: ApiProcess, identity: IdentityUnderTest, owner: string): Promise<HardeningOutcome> {
  const user = await identity.signIn('long-text@example.com');
  const token = await user.jwt();
  const details = await api.request(`/api/parcels/${LONG_PIN}`, { token });
  const parcel = details.json as { owner?: string; add1?: string } | undefined;
  const failures: string[] = [];
  if (details.status !== 200 || !parcel?.owner) failures.push(`details → ${details.status}`);
  else if (parcel.owner.length > PARCEL_TEXT_MAX_LENGTH || !owner.startsWith(parcel.owner)) failures.push(`the imported owner is ${parcel.owner.length} characters`);
  const save = await api.request('/api/saved-parcels', {
    method: 'POST',
    token,
    body: { parcel_pin: LONG_PIN, parcel_owner_name: parcel?.owner ?? owner, parcel_address: parcel?.add1 ?? '', parcel_centroid_lat: DEMO_CENTRE.lat, parcel_centroid_lon: DEMO_CENTRE.lng },
  });
  if (save.status !== 201) failures.push(`saving it → ${save.status} ${save.body.toString('utf8').slice(0, 80)}`);
  // The API cuts the same way when a client sends the uncut text (data imported before the rule).
  const uncut = await api.request('/api/saved-parcels', {
    method: 'POST',
    token: await (await identity.signIn('long-text-2@example.com')).jwt(),
    body: { parcel_pin: LONG_PIN, parcel_owner_name: owner, parcel_address: 'x', parcel_centroid_lat: DEMO_CENTRE.lat, parcel_centroid_lon: DEMO_CENTRE.lng },
  });
  const stored = (uncut.json as { parcel_owner_name?: string } | undefined)?.parcel_owner_name;
  if (uncut.status !== 201 || stored !== parcel?.owner) failures.push(`the uncut owner saved → ${uncut.status}, stored ${stored?.length ?? 0} characters`);
  return outcome(
    `an imported owner name of ${owner.length} characters and a 750-character address, then saved`,
    failures,
    `imported cut to ${PARCEL_TEXT_MAX_LENGTH} characters; saved (201); the uncut text sent to the API cut the same way`,
  );
}

// ---- CSV ----------------------------------------------------------------------------------------

const FORMULA_START = /^[\s]*[=+\-@＝＋－＠]/u;

/** Every cell a spreadsheet could make of the file: split on every locale's separators and line breaks, quotes ignored. */
function csvInjection(): HardeningOutcome {
  const attacks = ['X;=2+5', '\u00a0=1+1', '＝1+1', 'a,=HYPERLINK("http://evil.example")', 'x\t@SUM(A1)', 'ok\n-2+3', ' +1', '\u3000＋1'];
  const text = csvText(['notes'], attacks.map((attack) => [attack]));
  const cells = text.replace(/^\uFEFF/, '').split(/[,;\t\r\n]/).map((cell) => cell.replace(/^"/, ''));
  const evaluable = cells.filter((cell) => FORMULA_START.test(cell));
  return outcome(
    'CSV cells a spreadsheet could evaluate, whatever comes before the formula character (X;=2+5, a leading no-break space, full-width ＝)',
    evaluable.map((cell) => `cell ${JSON.stringify(cell)} would be evaluated`),
    `${attacks.length} hostile texts written by shared/src/files/csvFile.ts: split as a comma, semicolon or tab locale would, no cell starts with = + - @ or their full-width forms (after any spaces)`,
  );
}
/** Issue #39 point 7: behind a proxy, style JSON would name whatever Host a client sent through it. */
function proxyWithoutPublicBaseUrl(ports: Ports): HardeningOutcome {
  const started = spawnSync(process.execPath, [COMPILED.api], {
    cwd: REPO,
    env: { ...process.env, PORT: String(ports.api), TRUST_PROXY: 'loopback', PUBLIC_BASE_URL: '', DATABASE_URL: '', DATA_DIR: path.join(tmpdir(), 'parcel-map-never-opened') },
    encoding: 'utf8',
    timeout: SERVER_START_TIMEOUT_MS,
  });
  const refused = started.status !== 0 && started.stderr.includes('PUBLIC_BASE_URL must be set when TRUST_PROXY is');
  return outcome('the API started with TRUST_PROXY and no PUBLIC_BASE_URL', refused ? [] : [`exit ${started.status}: ${started.stderr.slice(-300)}`], `refused to start (exit ${started.status}): "PUBLIC_BASE_URL must be set when TRUST_PROXY is…"`);
}

const untrusted: HardeningCheck = {
  name: 'untrusted',
  async run(context) {
    const ports = portsForOffset(context.portOffset);
    const workDir = mkdtempSync(path.join(tmpdir(), 'parcel-map-hardening-untrusted-'));
    const outcomes: HardeningOutcome[] = [productionMode(ports, workDir), csvInjection(), proxyWithoutPublicBaseUrl(ports)];
    const frontEnds = await startFrontEnds(ports, context.portOffset, workDir);
    try {
      outcomes.push(await remotePagesCsp(frontEnds), await malformedUrl(frontEnds), await standalonePage(frontEnds));
    } finally {
      await Promise.all([...frontEnds.values()].map(({ server }) => server.stop()));
    }
    const identity = await startIdentityUnderTest();
    let api: ApiProcess | undefined;
    try {
      const dataDir = await seededPgliteDir();
      const owner = await importLongText(dataDir, workDir);
      api = await startApiProcess({ port: ports.api, jwt: identity.jwt, corsOrigins: frontEndOrigins(context.portOffset), dataDir });
      outcomes.push(await styleUrls(api), await longLivedToken(api, identity), await importedTextSaved(api, identity, owner));
    } finally {
      await api?.stop();
      await identity.close();
      rmSync(workDir, { recursive: true, force: true });
    }
    context.log(`front ends on ${originOf(ports.host)}…, API on ${originOf(ports.api)}`);
    return outcomes;
  },
};

export default untrusted;
