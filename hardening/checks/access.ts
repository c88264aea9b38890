// Access (issue #8 point 3): every saved-parcel route tried against a victim's records with another
// signed-in user's token and the victim's ids, with no token, with each forged token of the
// sign-in issue (claiming to be the victim), and with the victim's own token after its session was
// revoked and the JWT expired. Zero leaks: no answer carries the victim's data. Zero changes: the
// victim's records read back unchanged through the API and straight from the database afterwards.
import { randomBytes } from 'node:crypto';
import { openPgliteDb } from '../../database/src/pgliteDb.ts';
import { DEMO_CENTRE } from '../../county-data/src/demo/demoCounty.ts';
import { forgedTokens } from '../../api-server/src/testing/forgedTokens.ts';
import type { TestResponse } from '../../api-server/src/testing/testApp.ts';
import type { ApiProcess } from '../support/apiProcess.ts';
import { startApiStack } from '../support/apiStack.ts';
import type { IdentityUnderTest, SignedInUser } from '../support/identityUnderTest.ts';
import { brokenRule } from '../support/responseRules.ts';
import type { HardeningCheck, HardeningOutcome } from '../types.ts';

/** A revoked session's JWT is tried this long after it expired (beyond the API's 30 s skew). */
const EXPIRED_FOR_MINUTES = 6;

interface SavedRecord {
  id: number;
  parcel_pin: string;
  notes: string | null;
  parcel_owner_name: string;
  parcel_address: string;
}

interface Attempt {
  route: string;
  method: string;
  path: string;
  body?: unknown;
  /** Statuses that mean "refused" (or, for the attacker's own list, "only your own"). */
  expected: number[];
}

/** The four saved-parcel routes, aimed at the victim's record `victimId`. */
function attemptsOn(victimId: number, pin: string): Attempt[] {
  return [
    { route: 'GET /api/saved-parcels', method: 'GET', path: '/api/saved-parcels', expected: [401] },
    { route: 'POST /api/saved-parcels', method: 'POST', path: '/api/saved-parcels', body: savedBody(pin, 'written by an attacker'), expected: [401] },
    { route: 'PUT /api/saved-parcels/:id', method: 'PUT', path: `/api/saved-parcels/${victimId}`, body: { notes: 'changed by an attacker' }, expected: [401] },
    { route: 'DELETE /api/saved-parcels/:id', method: 'DELETE', path: `/api/saved-parcels/${victimId}`, expected: [401] },
  ];
}

function savedBody(pin: string, notes: string) {
  return { parcel_pin: pin, parcel_owner_name: notes, parcel_address: notes, parcel_centroid_lat: DEMO_CENTRE.lat, parcel_centroid_lon: DEMO_CENTRE.lng, notes };
}

class Observations {
  readonly leaks: string[] = [];
  readonly wrong: string[] = [];
  requests = 0;

  constructor(
    private readonly secret: string,
    private readonly victimIds: readonly number[],
  ) {}

  /** Records a broken rule, an unexpected status, or any of the victim's data in the answer. */
  judge(label: string, response: TestResponse, expected: number[]): void {
    this.requests += 1;
    const text = response.body.toString('utf8');
    if (text.includes(this.secret)) this.leaks.push(`${label}: the answer holds the victim's notes`);
    const records = (response.json as { parcels?: SavedRecord[] } | undefined)?.parcels ?? [];
    const theirs = records.filter((record) => this.victimIds.includes(record.id));
    if (theirs.length > 0) this.leaks.push(`${label}: the answer lists the victim's record(s) ${theirs.map((r) => r.id).join(', ')}`);
    const problem = brokenRule(response);
    if (problem || !expected.includes(response.status)) this.wrong.push(`${label} → ${response.status}${problem ? ` (${problem})` : ''}`);
  }
}

async function send(api: ApiProcess, attempt: Attempt, authorization: string | undefined, extraHeaders: Record<string, string> = {}): Promise<TestResponse> {
  const headers = { ...extraHeaders, ...(authorization === undefined ? {} : { Authorization: authorization }) };
  return api.request(attempt.path, { method: attempt.method, headers, ...(attempt.body === undefined ? {} : { body: attempt.body }) });
}

function outcome(tried: string, observed: Observations, before: { leaks: number; wrong: number }, summary: string): HardeningOutcome {
  const leaks = observed.leaks.slice(before.leaks);
  const wrong = observed.wrong.slice(before.wrong);
  return { tried, held: leaks.length === 0 && wrong.length === 0, detail: leaks.length + wrong.length === 0 ? summary : [...leaks, ...wrong].slice(0, 6).join('; ') };
}

const mark = (observed: Observations) => ({ leaks: observed.leaks.length, wrong: observed.wrong.length });

async function anotherUsersIds(api: ApiProcess, attacker: SignedInUser, victim: SignedInUser, victimRecords: SavedRecord[], observed: Observations): Promise<HardeningOutcome> {
  const before = mark(observed);
  const token = `Bearer ${await attacker.jwt()}`;
  const smuggled = { 'X-Session-Token': victim.sessionToken, 'X-User-Id': victim.userId };
  for (const record of victimRecords) {
    for (const [method, body] of [['PUT', { notes: 'changed by another user' }], ['DELETE', undefined], ['GET', undefined], ['PATCH', { notes: 'x' }]] as const) {
      const attempt: Attempt = { route: `${method} /api/saved-parcels/:id`, method, path: `/api/saved-parcels/${record.id}`, body, expected: [404] };
      observed.judge(`${method} victim's id ${record.id} as another user`, await send(api, attempt, token), attempt.expected);
      observed.judge(`${method} victim's id ${record.id} as another user with the victim's ids in headers`, await send(api, attempt, token, smuggled), attempt.expected);
    }
  }
  // The attacker's own list, however asked, holds only the attacker's records.
  for (const path of ['/api/saved-parcels', `/api/saved-parcels?user_id=${encodeURIComponent(victim.userId)}`, `/api/saved-parcels?id=${victimRecords[0]?.id}`]) {
    observed.judge(`GET ${path} as another user`, await send(api, { route: 'GET', method: 'GET', path, expected: [200] }, token, smuggled), [200]);
  }
  // A save that names the victim and the victim's record id creates the attacker's own record only.
  const forgedOwner = await api.request('/api/saved-parcels', {
    method: 'POST',
    headers: { Authorization: token, ...smuggled },
    body: { ...savedBody(victimRecords[0]!.parcel_pin, 'attacker copy'), user_id: victim.userId, id: victimRecords[0]!.id },
  });
  observed.judge('POST naming the victim as owner', forgedOwner, [201]);
  const created = forgedOwner.json as SavedRecord | undefined;
  if (created && victimRecords.some((record) => record.id === created.id)) observed.leaks.push('POST naming the victim reused the victim record id');
  const attackerList = ((await api.request('/api/saved-parcels', { token: await attacker.jwt() })).json as { parcels: SavedRecord[] }).parcels;
  if (!attackerList.some((record) => record.id === created?.id)) observed.wrong.push("the attacker's own save is missing from the attacker's list");
  const tried = victimRecords.length * 8 + 4;
  return outcome(
    "another signed-in user's token on the victim's saved-parcel ids",
    observed,
    before,
    `${tried} requests (PUT, DELETE, GET, PATCH by id, list with the victim's ids in query and headers, save naming the victim): ids → 404, lists hold only the caller's records, the save made the caller's own record`,
  );
}

async function noToken(api: ApiProcess, attempts: Attempt[], observed: Observations): Promise<HardeningOutcome> {
  const before = mark(observed);
  for (const attempt of attempts) observed.judge(`${attempt.route} without a token`, await send(api, attempt, undefined), attempt.expected);
  return outcome('no token on every saved-parcel route', observed, before, `${attempts.length} routes → 401 'Authentication required'`);
}

async function forged(api: ApiProcess, identity: IdentityUnderTest, attempts: Attempt[], victim: SignedInUser, attacker: SignedInUser, observed: Observations): Promise<HardeningOutcome> {
  const before = mark(observed);
  const { signingKey, config } = identity.identity;
  const tokens = await forgedTokens({ ...signingKey, issuer: identity.jwt.jwtIssuer, audience: config.projectId }, victim.userId, await attacker.jwt());
  for (const token of tokens) {
    for (const attempt of attempts) observed.judge(`${attempt.route} with ${token.name}`, await send(api, attempt, token.authorization), attempt.expected);
  }
  return outcome(
    "each forged token of the sign-in issue, claiming the victim, on every saved-parcel route",
    observed,
    before,
    `${tokens.length} cases × ${attempts.length} routes → 401: ${tokens.map((token) => token.name).join(', ')}`,
  );
}

async function revokedAfterExpiry(api: ApiProcess, identity: IdentityUnderTest, victim: SignedInUser, attempts: Attempt[], observed: Observations): Promise<HardeningOutcome> {
  const before = mark(observed);
  // The victim's own session, signed in long enough ago that its JWT has expired, then revoked (logout).
  const session = await identity.signIn(victim.email, { minutesAgo: EXPIRED_FOR_MINUTES });
  await identity.revoke(session);
  const refresh = await identity.refresh(session);
  if (refresh.status === 200) observed.wrong.push('the revoked session could still be refreshed into a new JWT');
  for (const attempt of attempts) observed.judge(`${attempt.route} with a revoked session's expired JWT`, await send(api, attempt, `Bearer ${await session.jwt()}`), attempt.expected);
  return outcome(
    "the victim's own token after the session was revoked and the JWT expired",
    observed,
    before,
    `JWT ${EXPIRED_FOR_MINUTES - 5} min past its expiry: ${attempts.length} routes → 401; refreshing the revoked session → ${refresh.status} (${/session_not_found/.test(refresh.body) ? 'session_not_found' : refresh.body.slice(0, 60)})`,
  );
}

const sortById = (records: SavedRecord[]) => [...records].sort((a, b) => a.id - b.id);

async function victimRowsInDatabase(dataDir: string, userId: string): Promise<SavedRecord[]> {
  const db = await openPgliteDb(dataDir);
  try {
    const { rows } = await db.query<SavedRecord>(
      'SELECT id, parcel_pin, notes, parcel_owner_name, parcel_address FROM saved_parcels WHERE user_id = $1 ORDER BY id',
      [userId],
    );
    return rows;
  } finally {
    await db.close();
  }
}

const access: HardeningCheck = {
  name: 'access',
  async run(context) {
    const stack = await startApiStack(context.portOffset);
    try {
      const { api, identity } = stack;
      const victim = await identity.signIn('victim@example.com');
      const attacker = await identity.signIn('attacker@example.com');
      const secret = `victim-secret-${randomBytes(6).toString('hex')}`;
      const pins = ((await api.request('/api/parcels/search?q=46', { token: await victim.jwt() })).json as { results: { pin: string }[] }).results.map((r) => r.pin);
      if (pins.length < 4) throw new Error(`too few parcels to save: ${pins.join(', ')}`);
      const victimRecords: SavedRecord[] = [];
      for (const pin of pins.slice(0, 3)) {
        const response = await api.request('/api/saved-parcels', { method: 'POST', token: await victim.jwt(), body: savedBody(pin, `${secret} ${pin}`) });
        if (response.status !== 201) throw new Error(`the victim could not save ${pin}: ${response.status}`);
        victimRecords.push(response.json as SavedRecord);
      }
      // The attacker has a record of their own too, on a PIN the victim saved.
      await api.request('/api/saved-parcels', { method: 'POST', token: await attacker.jwt(), body: savedBody(pins[1]!, 'attacker own') });
      const listBefore = ((await api.request('/api/saved-parcels', { token: await victim.jwt() })).json as { parcels: SavedRecord[] }).parcels;

      const observed = new Observations(secret, victimRecords.map((record) => record.id));
      const attempts = attemptsOn(victimRecords[0]!.id, pins[3]!);
      const outcomes = [
        await anotherUsersIds(api, attacker, victim, victimRecords, observed),
        await noToken(api, attempts, observed),
        await forged(api, identity, attempts, victim, attacker, observed),
        await revokedAfterExpiry(api, identity, victim, attempts, observed),
      ];

      const listAfter = ((await api.request('/api/saved-parcels', { token: await victim.jwt() })).json as { parcels: SavedRecord[] }).parcels;
      await api.stop();
      const rows = await victimRowsInDatabase(api.dataDir, victim.userId);
      const expected = JSON.stringify(sortById(victimRecords).map(({ id, parcel_pin, notes, parcel_owner_name, parcel_address }) => ({ id, parcel_pin, notes, parcel_owner_name, parcel_address })));
      const listUnchanged = JSON.stringify(listAfter) === JSON.stringify(listBefore);
      const dbUnchanged = JSON.stringify(rows) === expected;
      outcomes.push(
        {
          tried: 'zero leaks: no answer to another user, no token or a forged token carries the victim data',
          held: observed.leaks.length === 0,
          detail: observed.leaks.length === 0 ? `${observed.requests} answers searched for the victim's notes and record ids: none found` : observed.leaks.slice(0, 6).join('; '),
        },
        {
          tried: "zero changes: the victim's records afterwards, through the API and in the database",
          held: listUnchanged && dbUnchanged,
          detail: `victim's list ${listUnchanged ? 'identical' : 'CHANGED'} (${listAfter.length} records); saved_parcels rows of the victim read from the stopped API's PGlite directory ${dbUnchanged ? 'identical to what was saved' : `DIFFER: ${JSON.stringify(rows).slice(0, 200)}`}`,
        },
      );
      return outcomes;
    } finally {
      await stack.close();
    }
  },
};

export default access;
