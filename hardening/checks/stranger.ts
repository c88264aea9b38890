// Attacked as a stranger would (issue #26 points 1, 2 and 6), each attack of the outside test
// replayed against the product's own API process and import command:
// - the owner roll scraped from the parcel tiles without an account: 401, and 200 with a session;
// - a scripted flood of saves (the attack saved 6,000 in 7 s): 429 with Retry-After and a message,
//   while a busy person's session — a map view of tiles, typing, clicks, a burst of saves — meets none;
//   a flood of OAuth consents on the identity service: 429 with Retry-After past its limit;
// - a user's saved parcels and markups past their quotas, in a burst;
// - a 1 MB zip holding a 1 GiB .shp (the attack took 3.6 GB before failing), and a 2-million-vertex
//   polygon (accepted then), given to the import command.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { createDeflateRaw, crc32 } from 'node:zlib';
import { rawRequest, type TestResponse } from '../../api-server/src/testing/testApp.ts';
import { lonLatToTile } from '../../api-server/src/tiles/kit/tileMath.ts';
import { DEMO_CENTRE } from '../../county-data/src/demo/demoCounty.ts';
import { openPgliteDb } from '../../database/src/pgliteDb.ts';
import { portsForOffset } from '../../scripts/ports.mjs';
import { MARKUPS_FULL_MESSAGE, MARKUPS_MAX_PER_USER } from '../../shared/src/markups/markupContract.ts';
import { SAVED_PARCELS_FULL_MESSAGE, SAVED_PARCELS_MAX_PER_USER } from '../../shared/src/savedParcels/savedParcelContract.ts';
import { TOO_MANY_REQUESTS_MESSAGE } from '../../shared/src/wire/rateLimit.ts';
import { startApiProcess } from '../support/apiProcess.ts';
import { frontEndOrigins, startApiStack, type ApiStack } from '../support/apiStack.ts';
import { COMPILED, REPO } from '../support/childProcesses.ts';
import { startIdentityUnderTest } from '../support/identityUnderTest.ts';
import { APP_CALLBACK_URL, newPkcePair, startOAuthFlow, submitOAuthConsent } from '../../local-identity/src/testing/identityTestClient.ts';
import { sampleParcels, type SaveBody } from '../support/parcelSample.ts';
import { seededPgliteDir } from '../support/seededDataDir.ts';
import type { HardeningCheck, HardeningOutcome } from '../types.ts';

const FLOOD_SECONDS = 7;
const FLOOD_IN_FLIGHT = 20;
const GIB = 1024 ** 3;
/**
 * What the import command may take to refuse the zip bomb, and the memory it may use beyond what it
 * takes to refuse a 1 MiB file of the same kind (node, tsx and PGlite start at a few hundred MB).
 */
const BOMB_BUDGET = { seconds: 10, residentMbOverBaseline: 64 };
const ATTACK_VERTICES = 2_000_000;

function outcome(tried: string, failures: string[], summary: string): HardeningOutcome {
  return { tried, held: failures.length === 0, detail: failures.length === 0 ? summary : failures.slice(0, 6).join('; ') };
}

const tally = (statuses: number[]) =>
  [...statuses.reduce((counts, status) => counts.set(status, (counts.get(status) ?? 0) + 1), new Map<number, number>())]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n.toLocaleString('en-US')}`)
    .join(', ');

/** The z16 tiles of a map view around the centre: 10 × 7. */
function viewTiles(prefix: string, zoom = 16): string[] {
  const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, zoom);
  return Array.from({ length: 70 }, (_, i) => `${prefix}/${zoom}/${x + (i % 10) - 5}/${y + Math.floor(i / 10) - 3}.pbf`);
}

// ---- point 1: parcel tiles -----------------------------------------------------------------------

async function tilesWithoutSession(stack: ApiStack): Promise<HardeningOutcome> {
  const { api } = stack;
  const jwt = await (await stack.identity.signIn('stranger-tiles@example.com')).jwt();
  const tiles = viewTiles('/tiles');
  const failures: string[] = [];
  const anonymous = await Promise.all(tiles.map((tile) => api.request(tile)));
  const forged = await Promise.all(tiles.slice(0, 10).map((tile) => api.request(tile, { token: `${jwt.slice(0, -4)}AAAA` })));
  for (const response of [...anonymous, ...forged]) {
    if (response.status !== 401 || (response.json as { message?: unknown } | undefined)?.message !== 'Authentication required') failures.push(`without a valid session: ${response.status}`);
  }
  // Owner names travel from z14: the scraper's zoom.
  const overlay = await api.request('/tiles/overlays/owners/14/4529/6476.pbf');
  if (overlay.status !== 401) failures.push(`an overlay tile without a session: ${overlay.status}`);
  const signedIn = await Promise.all(tiles.map((tile) => api.request(tile, { token: jwt })));
  const again = await Promise.all(tiles.map((tile) => api.request(tile, { token: jwt })));
  for (const response of [...signedIn, ...again]) {
    if (response.status !== 200 && response.status !== 204) failures.push(`with a session: ${response.status}`);
    if (response.status === 200 && !String(response.headers['cache-control']).startsWith('private')) failures.push(`a session's tile cached as ${response.headers['cache-control']}`);
  }
  const publicTiles = await Promise.all([...viewTiles('/basemap', 14).slice(0, 10), ...viewTiles('/contours', 14).slice(0, 10)].map((tile) => api.request(tile)));
  for (const response of publicTiles) if (response.status !== 200 && response.status !== 204) failures.push(`a base map or contour tile without a session: ${response.status}`);
  return outcome(
    'the parcel tiles (owner, address, acreage) fetched without an account, as a scraper would',
    [...new Set(failures)],
    `a z16 view's 70 tiles without a session and 10 with a forged token: all 401 with a JSON message, an overlay tile too; with a session ${tally(signedIn.map((r) => r.status))} then ${tally(again.map((r) => r.status))} (the fast path), Cache-Control private; base map and contour tiles stay public (${tally(publicTiles.map((r) => r.status))})`,
  );
}

// ---- point 2: rate limits --------------------------------------------------------------------------

function tooManyRequestsProblems(response: TestResponse): string[] {
  const problems: string[] = [];
  const retryAfter = Number(response.headers['retry-after']);
  if (!(retryAfter >= 1 && retryAfter <= 3600)) problems.push(`429 with Retry-After ${response.headers['retry-after']}`);
  if ((response.json as { message?: unknown } | undefined)?.message !== TOO_MANY_REQUESTS_MESSAGE) problems.push('429 without the message');
  return problems;
}

const saveRequest = (baseUrl: string, jwt: string, body: SaveBody) => rawRequest(`${baseUrl}/api/saved-parcels`, { method: 'POST', token: jwt, body: { ...body, notes: 'x'.repeat(256) } });

async function busySession(stack: ApiStack, parcels: SaveBody[]): Promise<HardeningOutcome> {
  const { api } = stack;
  const jwt = await (await stack.identity.signIn('stranger-busy@example.com')).jwt();
  const statuses: number[] = [];
  // A map view as mapbox-gl asks for it, all at once, then panned and reloaded.
  for (const round of [0, 1]) {
    const responses = await Promise.all(viewTiles('/tiles', 16 - round).map((tile) => api.request(tile, { token: jwt })));
    statuses.push(...responses.map((response) => response.status));
  }
  // Typing an address: one search per pause, each prefix.
  const typed = '4605 lake shore road mooresville';
  for (let end = 2; end <= typed.length; end++) statuses.push((await api.request(`/api/parcels/search?q=${encodeURIComponent(typed.slice(0, end))}`, { token: jwt })).status);
  // Clicking through twenty parcels, then saving them in one burst.
  for (const parcel of parcels.slice(0, 20)) statuses.push((await api.request(`/api/parcels/${parcel.parcel_pin}`, { token: jwt })).status);
  statuses.push(...(await Promise.all(parcels.slice(0, 20).map((parcel) => saveRequest(api.baseUrl, jwt, parcel)))).map((response) => response.status));
  const refused = statuses.filter((status) => status === 429).length;
  const failed = statuses.filter((status) => status >= 300);
  return outcome(
    'a busy session: two map views of tiles at once, typing an address, twenty parcels clicked and saved in a burst',
    failed.length > 0 ? [`${refused} answered 429; ${tally(failed)}`] : [],
    `${statuses.length} requests: ${tally(statuses)}; none limited`,
  );
}

async function saveFlood(stack: ApiStack, parcels: SaveBody[]): Promise<HardeningOutcome> {
  const { api } = stack;
  const jwt = await (await stack.identity.signIn('stranger-flood@example.com')).jwt();
  const statuses: number[] = [];
  const problems = new Set<string>();
  const until = performance.now() + FLOOD_SECONDS * 1000;
  let next = 0;
  const worker = async () => {
    while (performance.now() < until) {
      const response = await saveRequest(api.baseUrl, jwt, parcels[next++ % parcels.length]!);
      statuses.push(response.status);
      if (response.status === 429) for (const problem of tooManyRequestsProblems(response)) problems.add(problem);
    }
  };
  await Promise.all(Array.from({ length: FLOOD_IN_FLIGHT }, worker));
  const list = await api.request('/api/saved-parcels', { token: jwt });
  const kept = (list.json as { parcels: unknown[] }).parcels.length;
  const served = statuses.filter((status) => status !== 429).length;
  const failures = [...problems];
  if (statuses.filter((status) => status === 429).length === 0) failures.push(`no 429 in ${statuses.length} saves`);
  if (served > 200) failures.push(`${served} saves served in ${FLOOD_SECONDS} s`);
  return outcome(
    `a scripted flood of saves with 256-character notes, ${FLOOD_IN_FLIGHT} in flight for ${FLOOD_SECONDS} s (the attack: 6,000 in 7 s)`,
    failures,
    `${statuses.length.toLocaleString('en-US')} saves sent: ${tally(statuses)}; every 429 with Retry-After and { message }; ${kept} parcels kept`,
  );
}

/** A script posting OAuth consents (each mints a sign-in token) to the identity service the suites trust. */
async function consentFlood(): Promise<HardeningOutcome> {
  const { identity } = await startIdentityUnderTest();
  try {
    const limit = identity.config.consentLimitPerIpPerMinute;
    const provider = `${identity.baseUrl}/v1/public/oauth/${identity.config.oauthProvider}`;
    const start = () =>
      `${provider}/start?${new URLSearchParams({ public_token: identity.config.publicToken, login_redirect_url: APP_CALLBACK_URL, signup_redirect_url: APP_CALLBACK_URL, code_challenge: newPkcePair().codeChallenge })}`;
    const answers = await Promise.all(Array.from({ length: limit + 20 }, async (_, i) => submitOAuthConsent(`${provider}/consent`, await startOAuthFlow(start()), `flood-${i}@example.com`)));
    const statuses = answers.map((answer) => answer.status);
    const refused = answers.filter((answer) => answer.status === 429);
    const failures: string[] = [];
    if (statuses.filter((status) => status === 302).length !== limit || refused.length !== 20) failures.push(tally(statuses));
    if (refused.some((answer) => !(Number(answer.headers.get('retry-after')) >= 1) || answer.headers.get('location') !== null)) failures.push('a refusal without Retry-After, or with a token');
    return outcome(
      `local-identity: ${limit + 20} OAuth consents at once from one address (limit ${limit}/min, CONSENT_LIMIT_PER_IP_PER_MINUTE)`,
      failures,
      `${tally(statuses)}: each 302 carries a sign-in token, each 429 a Retry-After (${refused[0]?.headers.get('retry-after')} s) and none`,
    );
  } finally {
    await identity.close();
  }
}

// ---- point 2: quotas -------------------------------------------------------------------------------

async function quotas(portOffset: number): Promise<HardeningOutcome> {
  const identity = await startIdentityUnderTest();
  const dataDir = await seededPgliteDir();
  try {
    const user = await identity.signIn('stranger-quota@example.com');
    // The lists filled to just under their quotas in the database, as months of use would.
    const db = await openPgliteDb(dataDir);
    try {
      await db.query(
        `INSERT INTO saved_parcels (user_id, parcel_pin, parcel_owner_name, parcel_address, parcel_centroid_lat, parcel_centroid_lon)
         SELECT $1, 'KEPT-' || n, 'OWNER', 'ADDRESS', 35.62, -80.86 FROM generate_series(1, $2::int) AS n`,
        [user.userId, SAVED_PARCELS_MAX_PER_USER - 10],
      );
      await db.query(
        `INSERT INTO markups (user_id, name, color, geometry) SELECT $1, 'Kept ' || n, '#000000', '{"type":"Point","coordinates":[-80.86,35.62]}'::json FROM generate_series(1, $2::int) AS n`,
        [user.userId, MARKUPS_MAX_PER_USER - 5],
      );
    } finally {
      await db.close();
    }
    const api = await startApiProcess({ port: portsForOffset(portOffset).api, jwt: identity.jwt, corsOrigins: frontEndOrigins(portOffset), dataDir });
    try {
      const jwt = await user.jwt();
      const parcels = await sampleParcels(api.baseUrl, jwt, 25);
      const saves = await Promise.all(parcels.map((parcel) => saveRequest(api.baseUrl, jwt, parcel)));
      const markup = { name: 'Well', color: '#1c7ed6', geometry: { type: 'Point', coordinates: [-80.855, 35.625] } };
      const markups = await Promise.all(Array.from({ length: 15 }, () => api.request('/api/markups', { method: 'POST', token: jwt, body: markup })));
      const kept = ((await api.request('/api/saved-parcels', { token: jwt })).json as { parcels: unknown[] }).parcels.length;
      const failures: string[] = [];
      const count = (responses: TestResponse[], status: number) => responses.filter((response) => response.status === status).length;
      if (count(saves, 201) !== 10 || count(saves, 403) !== 15) failures.push(`saves: ${tally(saves.map((r) => r.status))}`);
      if (saves.some((r) => r.status === 403 && (r.json as { message?: unknown }).message !== SAVED_PARCELS_FULL_MESSAGE)) failures.push('a refused save without its message');
      if (kept !== SAVED_PARCELS_MAX_PER_USER) failures.push(`${kept} saved parcels kept`);
      if (count(markups, 201) !== 5 || count(markups, 403) !== 10) failures.push(`markups: ${tally(markups.map((r) => r.status))}`);
      if (markups.some((r) => r.status === 403 && (r.json as { message?: unknown }).message !== MARKUPS_FULL_MESSAGE)) failures.push('a refused markup without its message');
      return outcome(
        `a user 10 saved parcels and 5 markups short of the quotas (${SAVED_PARCELS_MAX_PER_USER.toLocaleString('en-US')}, ${MARKUPS_MAX_PER_USER.toLocaleString('en-US')}) saves 25 and keeps 15 in a burst`,
        failures,
        `saves ${tally(saves.map((r) => r.status))}, markups ${tally(markups.map((r) => r.status))}: exactly the quota kept (${kept.toLocaleString('en-US')} saved parcels); 403 "${SAVED_PARCELS_FULL_MESSAGE}"`,
      );
    } finally {
      await api.stop();
    }
  } finally {
    await identity.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// ---- point 6: import limits ------------------------------------------------------------------------

/**
 * A zip of one entry of `bytes` zeros (deflated to ~1 MB per GiB) and a small .dbf, written by hand:
 * the attack's file, with honest headers.
 */
async function zeroFilledShapefileZip(file: string, bytes: number): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'parcel-map-hardening-bomb-'));
  try {
    const deflatedFile = path.join(dir, 'shp.deflated');
    const deflate = createDeflateRaw({ level: 9 });
    const written = finished(deflate.pipe(createWriteStream(deflatedFile)));
    const chunk = Buffer.alloc(1024 * 1024);
    let crc = 0;
    for (let sent = 0; sent < bytes; sent += chunk.length) {
      crc = crc32(chunk, crc);
      if (!deflate.write(chunk)) await once(deflate, 'drain');
    }
    deflate.end();
    await written;
    const deflated = await readFile(deflatedFile);
    const dbf = Buffer.alloc(64);
    const entries = [
      { name: 'county.shp', data: deflated, method: 8, crc, size: bytes },
      { name: 'county.dbf', data: dbf, method: 0, crc: crc32(dbf), size: dbf.length },
    ];
    const locals: Buffer[] = [];
    const centrals: Buffer[] = [];
    let offset = 0;
    for (const entry of entries) {
      const name = Buffer.from(entry.name);
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(entry.method, 8);
      local.writeUInt32LE(entry.crc >>> 0, 14);
      local.writeUInt32LE(entry.data.length, 18);
      local.writeUInt32LE(entry.size, 22);
      local.writeUInt16LE(name.length, 26);
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(entry.method, 10);
      central.writeUInt32LE(entry.crc >>> 0, 16);
      central.writeUInt32LE(entry.data.length, 20);
      central.writeUInt32LE(entry.size, 24);
      central.writeUInt16LE(name.length, 28);
      central.writeUInt32LE(offset, 42);
      locals.push(local, name, entry.data);
      centrals.push(central, name);
      offset += local.length + name.length + entry.data.length;
    }
    const directory = Buffer.concat(centrals);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    await writeFile(file, Buffer.concat([...locals, directory, end]));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `npm run import -- FILE --dry-run` under /usr/bin/time: its exit code, output, time and peak memory. */
async function dryRunImport(file: string, dataDir: string, reportFile: string): Promise<{ code: number | null; output: string; seconds: number; residentMb: number }> {
  const started = performance.now();
  const child = spawn('/usr/bin/time', ['-f', 'PEAK_RSS_KB=%M', process.execPath, COMPILED.importCommand, file, '--dry-run', '--report', reportFile], {
    cwd: REPO,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  const peakKb = Number(/PEAK_RSS_KB=(\d+)/.exec(output)?.[1] ?? NaN);
  return { code, output, seconds: (performance.now() - started) / 1000, residentMb: Math.round(peakKb / 1024) };
}

async function importAttacks(): Promise<HardeningOutcome[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'parcel-map-hardening-import-'));
  const dataDir = await seededPgliteDir();
  try {
    const small = path.join(dir, 'small.zip');
    await zeroFilledShapefileZip(small, 1024 * 1024);
    const baseline = await dryRunImport(small, dataDir, path.join(dir, 'small-report.json'));
    const bomb = path.join(dir, 'county.zip');
    await zeroFilledShapefileZip(bomb, GIB);
    const zipMb = ((await readFile(bomb)).length / 1024 ** 2).toFixed(1);
    const refused = await dryRunImport(bomb, dataDir, path.join(dir, 'bomb-report.json'));
    const bombFailures: string[] = [];
    if (refused.code === 0) bombFailures.push('the import command exited 0');
    if (!/IMPORT_MAX_(ZIP_RATIO|UNZIPPED_MB)/.test(refused.output)) bombFailures.push(`no limit named: ${refused.output.trim().split('\n').slice(-3).join(' ')}`);
    if (refused.seconds > BOMB_BUDGET.seconds) bombFailures.push(`${refused.seconds.toFixed(1)} s to refuse`);
    if (!(refused.residentMb <= baseline.residentMb + BOMB_BUDGET.residentMbOverBaseline)) bombFailures.push(`${refused.residentMb} MB peak resident, ${baseline.residentMb} MB for a 1 MiB file`);
    const named = /[^\n]*IMPORT_MAX_[A-Z_]+\)/.exec(refused.output)?.[0]?.trim() ?? '';

    // One 2-million-vertex polygon among ordinary lots.
    const ring = Array.from({ length: ATTACK_VERTICES }, (_, i) => {
      const angle = (2 * Math.PI * i) / (ATTACK_VERTICES - 1);
      return [Number((DEMO_CENTRE.lng + 0.002 * Math.cos(angle)).toFixed(7)), Number((DEMO_CENTRE.lat + 0.002 * Math.sin(angle)).toFixed(7))];
    });
    ring[ATTACK_VERTICES - 1] = ring[0]!;
    const square = (i: number) => {
      const [lng, lat] = [DEMO_CENTRE.lng + 0.01 + (i % 10) * 0.001, DEMO_CENTRE.lat + Math.floor(i / 10) * 0.001];
      return [[[lng, lat], [lng + 0.0008, lat], [lng + 0.0008, lat + 0.0008], [lng, lat + 0.0008], [lng, lat]]];
    };
    const features = [
      { type: 'Feature', properties: { PIN: 'ATTACK-1' }, geometry: { type: 'Polygon', coordinates: [ring] } },
      ...Array.from({ length: 40 }, (_, i) => ({ type: 'Feature', properties: { PIN: `LOT-${i}` }, geometry: { type: 'Polygon', coordinates: square(i) } })),
    ];
    const polygons = path.join(dir, 'county.geojson');
    await writeFile(polygons, JSON.stringify({ type: 'FeatureCollection', features }));
    const reportFile = path.join(dir, 'vertices-report.json');
    const capped = await dryRunImport(polygons, dataDir, reportFile);
    const report = JSON.parse(await readFile(reportFile, 'utf8').catch(() => '{}')) as { imported?: number; rejections?: { pin: string | null; reason: string; detail: string }[] };
    const rejection = report.rejections?.find((row) => row.pin === 'ATTACK-1');
    const vertexFailures: string[] = [];
    if (!rejection?.detail.includes('IMPORT_MAX_VERTICES_PER_FEATURE')) vertexFailures.push(`ATTACK-1: ${rejection ? rejection.detail : `not rejected (exit ${capped.code}: ${capped.output.trim().split('\n').slice(-2).join(' ')})`}`);
    if (report.imported !== 40) vertexFailures.push(`${report.imported} of the 40 ordinary lots imported`);
    return [
      outcome(
        `the import command given a ${zipMb} MB zip holding a 1 GiB .shp (the attack took 3.6 GB of memory before failing)`,
        bombFailures,
        `refused (exit ${refused.code}) in ${refused.seconds.toFixed(1)} s at ${refused.residentMb} MB peak resident (a 1 MiB file of the kind: ${baseline.residentMb} MB), before inflating: "${named}"`,
      ),
      outcome(
        `the import command given a ${ATTACK_VERTICES.toLocaleString('en-US')}-vertex polygon among 40 lots (accepted before)`,
        vertexFailures,
        `the polygon rejected as ${rejection?.reason}: "${rejection?.detail}"; the 40 lots kept (${capped.seconds.toFixed(1)} s, ${capped.residentMb} MB peak resident)`,
      ),
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}

const stranger: HardeningCheck = {
  name: 'stranger',
  async run(context) {
    const outcomes: HardeningOutcome[] = [];
    const stack = await startApiStack(context.portOffset);
    try {
      const sampler = await (await stack.identity.signIn('stranger-sampler@example.com')).jwt();
      const parcels = await sampleParcels(stack.api.baseUrl, sampler, 40);
      context.log(`API pid ${stack.api.process.pid}: tiles, a busy session, a flood of saves`);
      outcomes.push(await tilesWithoutSession(stack));
      // The busy session first: the flood then uses up this address's share of the minute too.
      outcomes.push(await busySession(stack, parcels));
      outcomes.push(await saveFlood(stack, parcels));
    } finally {
      await stack.close();
    }
    outcomes.push(await consentFlood());
    context.log('quotas');
    outcomes.push(await quotas(context.portOffset));
    context.log('import limits: a zip bomb and a 2-million-vertex polygon');
    outcomes.push(...(await importAttacks()));
    return outcomes;
  },
};

export default stranger;
