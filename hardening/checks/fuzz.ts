// Bad input (issue #8 point 2): a property-based fuzz (fast-check) of every API route and query
// parameter against the real API process, signed in with a real session JWT, then the named cases:
// bodies over 100 KB, malformed JSON, SQL-looking text, tile coordinates out of range.
// Every answer must keep the rules of support/responseRules.ts; saved text must come back as sent.
// Replay a run with HARDENING_FUZZ_SEED=<seed from the table>.
import fc from 'fast-check';
import { CENTRE_PIN, DEMO_CENTRE } from '../../county-data/src/demo/demoCounty.ts';
import type { RequestOptions, TestResponse } from '../../api-server/src/testing/testApp.ts';
import { lonLatToTile } from '../../api-server/src/tiles/kit/tileMath.ts';
import type { ApiProcess } from '../support/apiProcess.ts';
import { startApiStack } from '../support/apiStack.ts';
import { UNREACHED_RATE_LIMITS } from '../../bench/lib/unreachedRateLimits.ts';
import type { SignedInUser } from '../support/identityUnderTest.ts';
import { brokenRule } from '../support/responseRules.ts';
import type { HardeningCheck, HardeningContext, HardeningOutcome } from '../types.ts';

const FUZZ_REQUESTS = { quick: 10_000, full: 30_000 };
const REQUEST_TIMEOUT_MS = 15_000;
const BODY_LIMIT_BYTES = 100 * 1024;
/** Replaced at send time by the id of a saved parcel the fuzz created (ids exist only once saved). */
const OWN_ID = ':own-id';

interface FuzzRequest {
  /** The route family, for grouping findings. */
  route: string;
  method: string;
  path: string;
  auth: 'user' | 'none' | { authorization: string };
  headers?: Record<string, string>;
  json?: unknown;
  rawBody?: string;
  /** Index into the saved ids, when `path` holds OWN_ID. */
  ownIdIndex?: number;
}

interface Finding {
  key: string;
  example: string;
}

// ---- generators -------------------------------------------------------------------------------

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** Percent-encodes UTF-8 bytes (encodeURIComponent throws on unpaired surrogates; the server gets U+FFFD bytes instead). */
function percentEncode(text: string): string {
  let encoded = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

const tricky = fc.constantFrom('\u0000', "'", '"', '\\', '%', '/', '?', '#', '&', '=', '+', '\n', '\r\n', ';', '--', '*', '_', '\u202e', '\ufeff', '😀');
const char = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)) },
  { weight: 2, arbitrary: tricky },
);
const text = (maxLength: number) => fc.string({ unit: char, maxLength });
/** Characters a URL may carry unencoded, so broken %-escapes reach the server as they are. */
const rawUrlText = fc.stringMatching(/^[A-Za-z0-9%._~!$'()*+,;:@-]{0,40}$/);

function pathSegment(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: text(40).map(percentEncode) },
    { weight: 3, arbitrary: rawUrlText },
    { weight: 2, arbitrary: fc.constantFrom(...known, '%00', '%E0%A4%A', '%', '%ZZ', '__proto__', 'constructor', 'a'.repeat(65), 'x'.repeat(5_000), '0', '-1', '1e3') },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.bigInt()).map(String) },
  );
}

const queryValue = fc.oneof(text(120).map(percentEncode), rawUrlText, fc.constant(''));

/** A query string for `names` (each absent, once or repeated) plus unknown parameters. */
function queryString(named: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const entries = Object.entries(named).map(([name, value]) =>
    fc.option(fc.array(value, { minLength: 1, maxLength: 2 }), { freq: 6 }).map((values) => (values ?? []).map((v) => `${name}=${v}`)),
  );
  const extra = fc.array(fc.tuple(fc.oneof(rawUrlText, fc.constantFrom('__proto__', 'q[]', 'lng[0]', 'constructor[prototype]')), queryValue), { maxLength: 2 });
  return fc.tuple(fc.tuple(...entries), extra, fc.boolean()).map(([namedParts, extraParts, bare]) => {
    const parts = [...namedParts.flat(), ...extraParts.map(([key, value]) => (bare && !value ? key : `${key}=${value}`))];
    return parts.length > 0 ? `?${parts.join('&')}` : '';
  });
}

const authentication: fc.Arbitrary<FuzzRequest['auth']> = fc.oneof(
  { weight: 10, arbitrary: fc.constant('user' as const) },
  { weight: 1, arbitrary: fc.constant('none' as const) },
  { weight: 1, arbitrary: fc.stringMatching(/^[\x21-\x7e ]{0,120}$/).map((authorization) => ({ authorization })) },
  { weight: 1, arbitrary: fc.stringMatching(/^[\x21-\x7e]{0,300}$/).map((token) => ({ authorization: `Bearer ${token}` })) },
);

const bodyHeaders = fc.record(
  {
    'Content-Type': fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'application/json; charset=utf-7',
      'application/merge-patch+json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ),
    'Content-Encoding': fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-made-up'),
  },
  { requiredKeys: [] },
);

/** A coordinate in or near the demo data, printed with any number of decimals. */
const nearCentre = (centre: number) =>
  fc.tuple(fc.double({ min: centre - 0.03, max: centre + 0.03, noNaN: true }), fc.nat(12)).map(([value, decimals]) => value.toFixed(decimals));

function coordinate(centre: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: nearCentre(centre) },
    { weight: 2, arbitrary: fc.double().map(String) },
    { weight: 1, arbitrary: fc.integer({ min: -400, max: 400 }).map(String) },
    { weight: 2, arbitrary: queryValue },
    { weight: 1, arbitrary: fc.constantFrom('NaN', 'Infinity', '-0', '1e308', '0x10', '１２', ' 35.6', '35.6 ', '35,6') },
  );
}

function tileRequest(prefix: '/tiles' | '/contours' | '/basemap', zooms: { min: number; max: number }, known: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const nearData = fc.tuple(fc.integer({ min: zooms.min - 1, max: zooms.max + 1 }), fc.integer({ min: -2, max: 2 }), fc.integer({ min: -2, max: 2 })).map(([z, dx, dy]) => {
    const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, Math.max(0, z));
    return `${z}/${x + dx}/${y + dy}`;
  });
  const number = fc.oneof(fc.nat(40).map(String), fc.integer({ min: -5, max: 2 ** 19 }).map(String), fc.constantFrom('9999999', '99999999', '00001', '1.5', '0x1'));
  const anywhere = fc.tuple(fc.oneof(number, pathSegment(known)), fc.oneof(number, pathSegment(known)), fc.oneof(number, pathSegment(known))).map((parts) => parts.join('/'));
  const suffix = fc.oneof({ weight: 8, arbitrary: fc.constant('.pbf') }, { weight: 1, arbitrary: fc.constantFrom('', '.png', '.pbf.gz', '.pbf?v=1') });
  const conditional = fc.option(fc.record({ 'If-None-Match': fc.oneof(fc.constantFrom('*', 'W/"x"', '""'), fc.stringMatching(/^[\x21-\x7e]{0,60}$/)) }), { freq: 4 });
  return fc
    .record({ coords: fc.oneof({ weight: 3, arbitrary: nearData }, { weight: 2, arbitrary: anywhere }), suffix, conditional, method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD') })
    .map(({ coords, suffix: end, conditional: headers, method }) => ({
      route: `${method} ${prefix}/:z/:x/:y.pbf`,
      method,
      path: `${prefix}/${coords}${end}`,
      auth: 'none' as const,
      ...(headers ? { headers } : {}),
    }));
}

function savedParcelBody(known: readonly string[]): fc.Arbitrary<unknown> {
  const latLon = (limit: number) => fc.oneof(fc.double({ min: -limit, max: limit, noNaN: true }), fc.double(), fc.constant(null), text(10), fc.integer());
  const record = fc.record(
    {
      parcel_pin: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: text(70) }, { weight: 1, arbitrary: fc.integer() }),
      parcel_owner_name: fc.oneof({ weight: 5, arbitrary: text(60) }, { weight: 1, arbitrary: text(600) }, { weight: 1, arbitrary: fc.jsonValue() }),
      parcel_address: fc.oneof({ weight: 5, arbitrary: text(60) }, { weight: 1, arbitrary: fc.jsonValue() }),
      parcel_centroid_lat: latLon(90),
      parcel_centroid_lon: latLon(180),
      notes: fc.oneof({ weight: 5, arbitrary: text(256) }, { weight: 1, arbitrary: text(300) }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.jsonValue() }),
      user_id: text(20),
      id: fc.integer(),
    },
    { requiredKeys: ['parcel_pin', 'parcel_owner_name', 'parcel_address', 'parcel_centroid_lat', 'parcel_centroid_lon'] },
  );
  return fc.oneof({ weight: 6, arbitrary: record }, { weight: 1, arbitrary: fc.jsonValue() }, { weight: 1, arbitrary: fc.anything() });
}

interface BodyParts {
  json?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

function withBody(json: fc.Arbitrary<unknown>): fc.Arbitrary<BodyParts> {
  return fc.oneof(
    { weight: 8, arbitrary: json.map((value) => ({ json: value })) },
    { weight: 1, arbitrary: text(200).map((rawBody) => ({ rawBody })) },
    { weight: 1, arbitrary: fc.tuple(json, bodyHeaders).map(([value, headers]) => ({ rawBody: JSON.stringify(value) ?? '', headers })) },
  );
}

function savedParcelId(known: readonly string[]): fc.Arbitrary<{ segment: string; ownIdIndex?: number }> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.nat().map((ownIdIndex) => ({ segment: OWN_ID, ownIdIndex })) },
    { weight: 1, arbitrary: fc.constantFrom('0', '1', '2147483647', '2147483648', '999999999999', '9999999999999', '-1', '1e2', '01').map((segment) => ({ segment })) },
    { weight: 2, arbitrary: pathSegment(known).map((segment) => ({ segment })) },
  );
}

function fuzzRequests(known: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const segment = pathSegment(known);
  const get = (route: string, path: fc.Arbitrary<string>, auth: fc.Arbitrary<FuzzRequest['auth']> = authentication) =>
    fc.record({ path, auth }).map(({ path: p, auth: a }) => ({ route: `GET ${route}`, method: 'GET', path: p, auth: a }));

  const parcelByPin = get('/api/parcels/:pin', fc.oneof(segment, fc.constantFrom(...known)).map((pin) => `/api/parcels/${pin}`));
  const parcelsRoot = get('/api/parcels', fc.constantFrom('/api/parcels', '/api/parcels/', '/api/parcels//', '/api/parcels/search/extra'));
  const search = get('/api/parcels/search', queryString({ q: fc.oneof(queryValue, fc.constantFrom('ma', 'Main', 'smith', '4605', '%25', '_', '%5C', "'%20OR%201%3D1--")) }).map((query) => `/api/parcels/search${query}`));
  const at = get('/api/parcels/at', queryString({ lng: coordinate(DEMO_CENTRE.lng), lat: coordinate(DEMO_CENTRE.lat) }).map((query) => `/api/parcels/at${query}`));
  const feature = get('/api/parcels/feature/:id', fc.oneof(fc.integer({ min: 1, max: 20_000 }).map(String), segment).map((id) => `/api/parcels/feature/${id}`));
  const dataset = get('/api/datasets/current', fc.oneof(fc.constant('/api/datasets/current'), segment.map((s) => `/api/datasets/${s}`), queryValue.map((q) => `/api/datasets/current?x=${q}`)));
  const savedList = get('/api/saved-parcels', fc.oneof(fc.constant('/api/saved-parcels'), queryValue.map((q) => `/api/saved-parcels?limit=${q}`)));

  const save = fc.record({ body: withBody(savedParcelBody(known)), auth: authentication }).map(({ body, auth }) => ({
    route: 'POST /api/saved-parcels',
    method: 'POST',
    path: '/api/saved-parcels',
    auth,
    ...body,
  }));
  const notesBody = fc.oneof({ weight: 6, arbitrary: fc.record({ notes: fc.oneof(text(256), text(300), fc.constant(null), fc.jsonValue()) }) }, { weight: 1, arbitrary: fc.anything() });
  const update = fc.record({ id: savedParcelId(known), body: withBody(notesBody), auth: authentication, method: fc.constantFrom('PUT', 'PUT', 'PUT', 'PATCH') }).map(({ id, body, auth, method }) => ({
    route: `${method} /api/saved-parcels/:id`,
    method,
    path: `/api/saved-parcels/${id.segment}`,
    auth,
    ...(id.ownIdIndex === undefined ? {} : { ownIdIndex: id.ownIdIndex }),
    ...body,
  }));
  const remove = fc.record({ id: savedParcelId(known), auth: authentication }).map(({ id, auth }) => ({
    route: 'DELETE /api/saved-parcels/:id',
    method: 'DELETE',
    path: `/api/saved-parcels/${id.segment}`,
    auth,
    ...(id.ownIdIndex === undefined ? {} : { ownIdIndex: id.ownIdIndex }),
  }));

  const publicAuth = fc.constant('none' as const);
  const styles = get('/styles/:id.json', fc.oneof(fc.constantFrom('streets-local', 'dark-local'), segment).chain((id) => fc.constantFrom(`/styles/${id}.json`, `/styles/${id}`)), publicAuth);
  const health = get('/health', fc.constantFrom('/health', '/health?x=1', '/health/'), publicAuth);
  const anyRoute = fc
    .record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
      prefix: fc.constantFrom('', '/api', '/api/parcels', '/api/saved-parcels', '/api/datasets', '/api/overlays', '/tiles', '/tiles/overlays', '/contours', '/basemap', '/styles', '/health'),
      segments: fc.array(segment, { maxLength: 4 }),
      query: fc.option(queryValue.map((q) => `?${q}`), { freq: 3 }),
      body: fc.option(withBody(fc.jsonValue()), { freq: 2 }),
      auth: authentication,
      origin: fc.option(fc.constantFrom('http://127.0.0.1:3000', 'https://evil.example', 'null'), { freq: 3 }),
    })
    .map(({ method, prefix, segments, query, body, auth, origin }) => ({
      route: 'any method on any path',
      method,
      path: `${[prefix, ...segments].join('/') || '/'}${query ?? ''}`,
      auth,
      ...(method === 'GET' || method === 'HEAD' ? {} : (body ?? {})),
      ...(origin ? { headers: { ...body?.headers, Origin: origin } } : {}),
    }));

  return fc.oneof(
    { weight: 6, arbitrary: parcelByPin },
    { weight: 1, arbitrary: parcelsRoot },
    { weight: 6, arbitrary: search },
    { weight: 6, arbitrary: at },
    { weight: 4, arbitrary: feature },
    { weight: 2, arbitrary: dataset },
    { weight: 3, arbitrary: savedList },
    { weight: 8, arbitrary: save },
    { weight: 6, arbitrary: update },
    { weight: 4, arbitrary: remove },
    { weight: 8, arbitrary: tileRequest('/tiles', { min: 10, max: 18 }, known) },
    { weight: 4, arbitrary: tileRequest('/contours', { min: 8, max: 15 }, known) },
    { weight: 2, arbitrary: styles },
    { weight: 3, arbitrary: tileRequest('/basemap', { min: 0, max: 14 }, known) },
    { weight: 1, arbitrary: health },
    { weight: 6, arbitrary: anyRoute },
  );
}

// ---- sending and judging ----------------------------------------------------------------------

interface Target {
  api: ApiProcess;
  user: SignedInUser;
  /** Ids of saved parcels the fuzz created (and may since have deleted). */
  ownIds: number[];
}

async function send(target: Target, request: FuzzRequest): Promise<{ path: string; response: TestResponse }> {
  const ownId = request.ownIdIndex === undefined ? undefined : target.ownIds[request.ownIdIndex % Math.max(1, target.ownIds.length)];
  const path = request.path.replace(OWN_ID, String(ownId ?? 1));
  const headers: Record<string, string> = { ...request.headers };
  if (typeof request.auth === 'object') headers.Authorization = request.auth.authorization;
  const options: RequestOptions = { method: request.method, headers };
  if (request.auth === 'user') options.token = await target.user.jwt();
  if (request.rawBody !== undefined) options.rawBody = request.rawBody;
  else if (request.json !== undefined) options.rawBody = JSON.stringify(request.json) ?? 'undefined';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)), REQUEST_TIMEOUT_MS);
  });
  try {
    return { path, response: await Promise.race([target.api.request(path, options), timeout]) };
  } finally {
    clearTimeout(timer);
  }
}

/** Saved text comes back exactly as it was sent. */
function changedText(request: FuzzRequest, response: TestResponse): string | undefined {
  const sent = request.json as Record<string, unknown> | undefined;
  const saved = response.json as Record<string, unknown> | undefined;
  if (!sent || !saved || typeof sent !== 'object') return undefined;
  const fields = request.method === 'POST' ? ['parcel_owner_name', 'parcel_address', 'notes'] : ['notes'];
  for (const field of fields) {
    const expected = field === 'notes' ? (sent.notes ?? null) : sent[field];
    if (saved[field] !== expected) return `${field} came back as ${JSON.stringify(saved[field])}, sent ${JSON.stringify(expected)}`;
  }
  return undefined;
}

function describeRequest(request: FuzzRequest, path: string): string {
  const body = request.rawBody ?? (request.json === undefined ? undefined : JSON.stringify(request.json));
  const auth = typeof request.auth === 'object' ? 'forged Authorization' : request.auth === 'user' ? 'signed in' : 'no token';
  return `${request.method} ${path.slice(0, 160)} (${auth}${body === undefined ? '' : `, body ${JSON.stringify(body.slice(0, 120))}`})`;
}

async function judge(target: Target, request: FuzzRequest, findings: Map<string, Finding>, statuses: Map<string, number>): Promise<void> {
  let sent: { path: string; response: TestResponse };
  try {
    sent = await send(target, request);
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    if (!findings.has(`${request.route}: ${problem}`)) findings.set(`${request.route}: ${problem}`, { key: `${request.route}: ${problem}`, example: describeRequest(request, request.path) });
    return;
  }
  const { path, response } = sent;
  const statusClass = `${Math.floor(response.status / 100)}xx`;
  statuses.set(statusClass, (statuses.get(statusClass) ?? 0) + 1);
  const created = request.method === 'POST' && response.status === 201;
  if (created) target.ownIds.push((response.json as { id: number }).id);
  const problem = brokenRule(response, request.method) ?? (created || (request.method === 'PUT' && response.status === 200) ? changedText(request, response) : undefined);
  if (!problem) return;
  const key = `${request.route}: ${problem.replace(/ came back as .*/, ' changed when saved')}`;
  if (!findings.has(key)) findings.set(key, { key, example: `${describeRequest(request, path)} → ${response.status} ${response.body.toString('utf8').slice(0, 160)}` });
}

// ---- the named cases ----------------------------------------------------------------------------

const validSave = (pin: string, notes: string | null = null) => ({
  parcel_pin: pin,
  parcel_owner_name: 'Owner',
  parcel_address: '1 Main St',
  parcel_centroid_lat: DEMO_CENTRE.lat,
  parcel_centroid_lon: DEMO_CENTRE.lng,
  notes,
});

async function oversizedBodies(target: Target): Promise<HardeningOutcome> {
  const token = await target.user.jwt();
  const padded = (bytes: number) => {
    const base = JSON.stringify(validSave(CENTRE_PIN, ''));
    return base.replace('"notes":""', `"notes":"${'x'.repeat(bytes - base.length)}"`);
  };
  const over = padded(BODY_LIMIT_BYTES + 1);
  const under = padded(BODY_LIMIT_BYTES - 1_024);
  const results = [
    { name: 'POST 100 KB + 1 byte', response: await target.api.request('/api/saved-parcels', { method: 'POST', rawBody: over, token }), want: 413 },
    { name: 'PUT 100 KB + 1 byte', response: await target.api.request('/api/saved-parcels/1', { method: 'PUT', rawBody: over, token }), want: 413 },
    { name: 'POST 1 MB', response: await target.api.request('/api/saved-parcels', { method: 'POST', rawBody: padded(1024 * 1024), token }), want: 413 },
  ];
  const underLimit = await target.api.request('/api/saved-parcels', { method: 'POST', rawBody: under, token });
  const failures = results.filter(({ response, want }) => response.status !== want || brokenRule(response) !== undefined).map(({ name, response }) => `${name} → ${response.status} ${response.body.toString('utf8').slice(0, 80)}`);
  if (underLimit.status === 413) failures.push(`99 KB → 413 (the limit is below 100 KB)`);
  return {
    tried: 'JSON bodies over 100 KB (POST and PUT saved parcels)',
    held: failures.length === 0,
    detail: failures.length === 0 ? `${results.length} oversized bodies → 413 with a JSON message (${JSON.stringify((results[0]?.response.json as { message: string }).message)}); 99 KB → ${underLimit.status}` : failures.join('; '),
  };
}

const MALFORMED_JSON = ['{', '{"notes": }', "{'notes': 'x'}", '{"notes":"x",}', '[1,2', 'undefined', '{"notes":"\\x"}', 'NaN', '"just a string"', '{"a":1}{"b":2}', '\u0000'];

async function malformedJson(target: Target): Promise<HardeningOutcome> {
  const token = await target.user.jwt();
  const failures: string[] = [];
  for (const [method, path] of [['POST', '/api/saved-parcels'], ['PUT', '/api/saved-parcels/1']] as const) {
    for (const body of MALFORMED_JSON) {
      const response = await target.api.request(path, { method, rawBody: body, token });
      if (response.status !== 400 || brokenRule(response) !== undefined) failures.push(`${method} ${JSON.stringify(body)} → ${response.status} ${response.body.toString('utf8').slice(0, 80)}`);
    }
  }
  return {
    tried: 'malformed JSON bodies (POST and PUT saved parcels)',
    held: failures.length === 0,
    detail: failures.length === 0 ? `${MALFORMED_JSON.length * 2} malformed bodies → 400 with a JSON message` : failures.join('; '),
  };
}

const SQL_NOTES = ["'); DROP TABLE saved_parcels;--", "' OR '1'='1'; --", 'Robert"); DELETE FROM parcels; --', "1; UPDATE saved_parcels SET notes='pwned' WHERE 1=1 --", "$$ || pg_sleep(5) || $$ \\' \\\\"];

async function sqlLookingInput(target: Target, pins: readonly string[]): Promise<HardeningOutcome> {
  const token = await target.user.jwt();
  const failures: string[] = [];
  const saved = new Map<number, string>();
  for (const [index, notes] of SQL_NOTES.entries()) {
    const pin = pins[pins.length - 1 - index];
    if (!pin) break;
    // Delete first: the fuzz may have saved this parcel already.
    const list = (await target.api.request('/api/saved-parcels', { token })).json as { parcels: { id: number; parcel_pin: string }[] };
    for (const old of list.parcels.filter((p) => p.parcel_pin === pin)) await target.api.request(`/api/saved-parcels/${old.id}`, { method: 'DELETE', token });
    const body = { ...validSave(pin, notes), parcel_owner_name: notes, parcel_address: `${notes} address` };
    const created = await target.api.request('/api/saved-parcels', { method: 'POST', body, token });
    const record = created.json as { id: number; notes: string; parcel_owner_name: string; parcel_address: string };
    if (created.status !== 201 || record.notes !== notes || record.parcel_owner_name !== notes || record.parcel_address !== `${notes} address`) {
      failures.push(`save ${JSON.stringify(notes)} → ${created.status} ${created.body.toString('utf8').slice(0, 100)}`);
      continue;
    }
    // And through an update: the next string replaces it.
    const replacement = SQL_NOTES[(index + 1) % SQL_NOTES.length]!;
    const updated = await target.api.request(`/api/saved-parcels/${record.id}`, { method: 'PUT', body: { notes: replacement }, token });
    if (updated.status !== 200 || (updated.json as { notes: string }).notes !== replacement) failures.push(`update to ${JSON.stringify(replacement)} → ${updated.status}`);
    saved.set(record.id, replacement);
  }
  const list = (await target.api.request('/api/saved-parcels', { token })).json as { parcels: { id: number; notes: string }[] } | undefined;
  for (const [id, notes] of saved) {
    const listed = list?.parcels.find((p) => p.id === id);
    if (listed?.notes !== notes) failures.push(`listed notes of ${id} are ${JSON.stringify(listed?.notes)}, saved ${JSON.stringify(notes)}`);
  }
  for (const q of SQL_NOTES) {
    const search = await target.api.request(`/api/parcels/search?q=${encodeURIComponent(q)}`, { token });
    if (search.status !== 200) failures.push(`search ${JSON.stringify(q)} → ${search.status}`);
  }
  const centre = await target.api.request(`/api/parcels/${CENTRE_PIN}`, { token });
  if (centre.status !== 200) failures.push(`parcels table no longer answers: ${centre.status}`);
  return {
    tried: 'SQL-looking text in notes, owner, address and search',
    held: failures.length === 0,
    detail: failures.length === 0 ? `${saved.size} records saved and updated with SQL-looking text, returned and listed verbatim; ${SQL_NOTES.length} searches → 200; tables intact` : failures.join('; '),
  };
}

function outOfRangeTiles(): string[] {
  const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 14);
  return [
    `/tiles/9/${x >> 5}/${y >> 5}.pbf`,
    `/tiles/19/${x << 5}/${y << 5}.pbf`,
    `/tiles/99/1/1.pbf`,
    `/tiles/14/${2 ** 14}/${y}.pbf`,
    `/tiles/14/${x}/${2 ** 14}.pbf`,
    `/tiles/14/-1/${y}.pbf`,
    `/tiles/14/${x}/9999999.pbf`,
    `/tiles/14/${x}/99999999.pbf`,
    `/tiles/14/1.5/${y}.pbf`,
    `/tiles/a/b/c.pbf`,
    `/contours/7/0/0.pbf`,
    `/contours/16/${x << 2}/${y << 2}.pbf`,
    `/contours/14/${2 ** 14}/${y}.pbf`,
    `/contours/14/${x}/-3.pbf`,
    `/basemap/15/${x << 1}/${y << 1}.pbf`,
    `/basemap/14/${x}/${2 ** 14}.pbf`,
  ];
}

async function tilesOutOfRange(target: Target): Promise<HardeningOutcome> {
  // Warm an in-range tile first, so the cached-tile fast path is in front of the route too.
  const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 14);
  // Signed in, as parcel tiles are served to sessions only: the tile route, not the session check, answers.
  const token = await target.user.jwt();
  await target.api.request(`/tiles/14/${x}/${y}.pbf`, { token });
  const paths = outOfRangeTiles();
  const failures: string[] = [];
  for (const path of paths) {
    const response = await target.api.request(path, { token });
    if (response.status !== 400 || brokenRule(response) !== undefined) failures.push(`${path} → ${response.status}`);
  }
  return {
    tried: 'tile and contour coordinates out of range',
    held: failures.length === 0,
    detail: failures.length === 0 ? `${paths.length} out-of-range tiles (zoom, x, y, negative, non-numeric) → 400 with a JSON message` : failures.join('; '),
  };
}

// ---- the check ----------------------------------------------------------------------------------

/** PINs of the seeded parcels, found the way a user finds them: by clicking the map around the centre. */
async function knownPins(target: Target): Promise<string[]> {
  const token = await target.user.jwt();
  const pins = new Set<string>([CENTRE_PIN]);
  for (let i = -4; i <= 4; i++) {
    for (let j = -4; j <= 4; j++) {
      const lng = (DEMO_CENTRE.lng + i * 0.003).toFixed(6);
      const lat = (DEMO_CENTRE.lat + j * 0.003).toFixed(6);
      const response = await target.api.request(`/api/parcels/at?lng=${lng}&lat=${lat}`, { token });
      if (response.status === 200) pins.add((response.json as { pin: string }).pin);
    }
  }
  return [...pins];
}

async function propertyFuzz(target: Target, pins: readonly string[], runs: number, context: HardeningContext): Promise<HardeningOutcome> {
  const seed = Number(process.env.HARDENING_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const findings = new Map<string, Finding>();
  const statuses = new Map<string, number>();
  const routes = new Set<string>();
  let sent = 0;
  const started = performance.now();
  // Findings are collected rather than failing the property, so one run reports every kind of break.
  const property = fc.asyncProperty(fuzzRequests(pins), async (request) => {
    routes.add(request.route);
    await judge(target, request, findings, statuses);
    sent += 1;
    if (sent % 2_000 === 0) context.log(`${sent} requests, ${findings.size} kinds of finding`);
  });
  const details = await fc.check(property, { numRuns: runs, seed, verbose: 0 });
  if (details.failed) findings.set('fast-check', { key: 'fast-check', example: String(details.errorInstance) });
  const seconds = (performance.now() - started) / 1000;
  const counts = ['2xx', '3xx', '4xx', '5xx'].map((status) => `${status} ${statuses.get(status) ?? 0}`).join(', ');
  context.log(`fuzz: ${sent} requests in ${seconds.toFixed(1)} s (seed ${seed}); routes: ${[...routes].sort().join(', ')}`);
  for (const finding of findings.values()) context.log(`finding: ${finding.key}\n    e.g. ${finding.example}`);
  return {
    tried: `property-based fuzz of every route and query parameter (fast-check, seed ${seed})`,
    held: findings.size === 0 && sent >= runs,
    detail:
      `${sent} requests over ${routes.size} route families in ${seconds.toFixed(0)} s: ${counts}; ` +
      (findings.size === 0 ? 'no 5xx, no stack trace, every 4xx with a JSON message, saved text returned as sent' : `${findings.size} kinds of break: ${[...findings.keys()].slice(0, 6).join('; ')}`),
  };
}

const fuzz: HardeningCheck = {
  name: 'fuzz',
  async run(context) {
    // Thousands of one user's requests in seconds: the rate limits would answer most of them 429 (the
    // stranger check's row). Set beyond the run, every route's own handling is what gets fuzzed.
    const stack = await startApiStack(context.portOffset, UNREACHED_RATE_LIMITS);
    try {
      const user = await stack.identity.signIn('fuzz@example.com');
      const target: Target = { api: stack.api, user, ownIds: [] };
      const pins = await knownPins(target);
      context.log(`API pid ${stack.api.process.pid} on ${stack.api.baseUrl}; ${pins.length} known PINs`);
      const outcomes = [await propertyFuzz(target, pins, context.quick ? FUZZ_REQUESTS.quick : FUZZ_REQUESTS.full, context)];
      outcomes.push({
        tried: 'the API process survives the fuzz',
        held: await stack.api.isHealthy(),
        detail: stack.api.process.isRunning() ? `pid ${stack.api.process.pid} still running and GET /health → 200` : `the API exited: ${stack.api.process.output().slice(-300)}`,
      });
      outcomes.push(await oversizedBodies(target), await malformedJson(target), await sqlLookingInput(target, pins), await tilesOutOfRange(target));
      return outcomes;
    } finally {
      await stack.close();
    }
  },
};

export default fuzz;
