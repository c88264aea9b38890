// /api/saved-queries (issue #42): a user's attribute queries kept by name — listed, saved, renamed,
// replaced and deleted for their owner only, within their limits — and a saved query run again after
// a publish lists what is published then. Run on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CENTRE } from '@parcel-map/county-data/demo';
import { DEFAULT_IMPORT_FILE_LIMITS, importParcels, parseImportMapping } from '@parcel-map/county-data/import';
import { featureCollection, fixtureDir, squarePolygon, writeFixture } from '@parcel-map/county-data/testing';
import {
  SAVED_QUERIES_FULL_MESSAGE,
  SAVED_QUERIES_MAX_PER_USER,
  SAVED_QUERY_NAME_TAKEN_MESSAGE,
  parcelQueryResponseSchema,
  savedQueryListSchema,
  savedQuerySchema,
  type SavedQuery,
  type SavedQueryConditions,
} from '@parcel-map/shared/contracts';
import { CACHE_CONTROL } from '../../platform/http/responseHeaders.ts';
import { startTestApp, type TestApp } from '../../testing/testApp.ts';

describe('/api/saved-queries', () => {
  let app: TestApp;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    app = await startTestApp();
    alice = await app.identity.sign('user-alice');
    bob = await app.identity.sign('user-bob');
  });
  afterAll(() => app.close());

  const bigLots: SavedQueryConditions = { filters: [{ field: 'taxacres', op: '>', value: 5 }] };
  const save = (token: string, body: unknown) => app.request('/api/saved-queries', { method: 'POST', token, body });
  const list = async (token: string) => savedQueryListSchema.parse((await app.request('/api/saved-queries', { token })).json).queries;

  it('keeps a query by name (201) with its conditions as the query reads them, the one saved last first, for its owner only', async () => {
    const created = await save(alice, { name: '  Big lots ', query: bigLots, user_id: 'user-bob' });
    expect(created.status).toBe(201);
    const saved = savedQuerySchema.parse(created.json);
    expect(saved).toMatchObject({ name: 'Big lots', query: { filters: bigLots.filters, dir: 'asc' } });
    expect(new Date(saved.saved_at).toISOString()).toBe(saved.saved_at);
    const area = { type: 'Polygon', coordinates: [[[-80.86, 35.62], [-80.85, 35.62], [-80.85, 35.63], [-80.86, 35.62]]] };
    const everything = { q: 'oak', filters: [], within: area, overlay: { name: 'flood-zones', where: { fld_zone: 'AE' }, inside: false }, sort: 'taxacres', dir: 'desc' };
    expect((await save(alice, { name: 'Oak in the area', query: everything })).status).toBe(201);
    expect((await list(alice)).map((query) => [query.name, query.query])).toEqual([
      ['Oak in the area', everything],
      ['Big lots', { filters: bigLots.filters, dir: 'asc' }],
    ]);
    expect(await list(bob)).toEqual([]);
  });

  it('refuses a second query of a name (409), a name too long or blank and conditions a query would refuse (400)', async () => {
    const again = await save(alice, { name: 'Big lots', query: { filters: [] } });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ message: SAVED_QUERY_NAME_TAKEN_MESSAGE });
    for (const name of ['   ', 'x'.repeat(81)]) {
      const refused = await save(alice, { name, query: bigLots });
      expect(refused.status).toBe(400);
      expect(refused.json).toEqual({ message: 'name: name must be 1 to 80 characters' });
    }
    const badOp = await save(alice, { name: 'Bad', query: { filters: [{ field: 'taxacres', op: 'like', value: 5 }] } });
    expect(badOp.status).toBe(400);
    expect((badOp.json as { message: string }).message).toContain('op must be one of');
    expect((await save(alice, { name: 'No conditions' })).status).toBe(400);
  });

  it('renames a query and replaces its conditions; a name taken is refused (409); another user gets 404 and changes nothing', async () => {
    const [oak, big] = (await list(alice)) as [SavedQuery, SavedQuery];
    const renamed = await app.request(`/api/saved-queries/${big.id}`, { method: 'PATCH', token: alice, body: { name: 'Lots over 5 acres' } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toEqual({ ...big, name: 'Lots over 5 acres' });

    const taken = await app.request(`/api/saved-queries/${big.id}`, { method: 'PATCH', token: alice, body: { name: oak.name } });
    expect(taken.status).toBe(409);
    expect(taken.json).toEqual({ message: SAVED_QUERY_NAME_TAKEN_MESSAGE });

    const replaced = await app.request(`/api/saved-queries/${big.id}`, { method: 'PATCH', token: alice, body: { query: { filters: [{ field: 'taxacres', op: '>', value: 10 }] } } });
    expect(replaced.status).toBe(200);
    // Replaced conditions are saved now: first in the list.
    expect((await list(alice)).map((query) => [query.name, query.query.filters])).toEqual([
      ['Lots over 5 acres', [{ field: 'taxacres', op: '>', value: 10 }]],
      [oak.name, []],
    ]);

    expect((await app.request(`/api/saved-queries/${big.id}`, { method: 'PATCH', token: bob, body: { name: 'mine' } })).status).toBe(404);
    expect((await app.request(`/api/saved-queries/${big.id}`, { method: 'DELETE', token: bob })).status).toBe(404);
    expect((await list(alice)).map((query) => query.name)).toContain('Lots over 5 acres');

    expect((await app.request(`/api/saved-queries/${oak.id}`, { method: 'DELETE', token: alice })).status).toBe(204);
    expect((await list(alice)).map((query) => query.id)).toEqual([big.id]);
    expect((await app.request(`/api/saved-queries/${oak.id}`, { method: 'DELETE', token: alice })).status).toBe(404);
    expect((await app.request('/api/saved-queries/abc', { method: 'DELETE', token: alice })).status).toBe(400);
  });

  it('requires a signed-in user for every call, and no cache keeps an answer', async () => {
    const refused = await app.request('/api/saved-queries');
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe(CACHE_CONTROL.perUser);
    expect((await app.request('/api/saved-queries', { token: alice })).headers['cache-control']).toBe(CACHE_CONTROL.perUser);
    expect((await app.request('/api/saved-queries', { method: 'POST', body: { name: 'x', query: bigLots } })).status).toBe(401);
    expect((await app.request('/api/saved-queries/1', { method: 'PATCH', body: { name: 'x' } })).status).toBe(401);
    expect((await app.request('/api/saved-queries/1', { method: 'DELETE' })).status).toBe(401);
  });

  it(`keeps at most ${SAVED_QUERIES_MAX_PER_USER} queries per user (403 with what to do)`, async () => {
    const token = await app.identity.sign('user-full');
    await app.db.query(
      `INSERT INTO saved_queries (user_id, name, query) SELECT 'user-full', 'Kept ' || n, '{"filters":[]}'::jsonb FROM generate_series(1, $1::int) AS n`,
      [SAVED_QUERIES_MAX_PER_USER],
    );
    const refused = await save(token, { name: 'One more', query: bigLots });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ message: SAVED_QUERIES_FULL_MESSAGE });
    // Another user's list is not theirs to fill.
    expect((await save(bob, { name: 'One more', query: bigLots })).status).toBe(201);
  });

  it('runs a saved query on the data published now: after a publish it lists the new version’s parcels', async () => {
    const token = await app.identity.sign('user-publish');
    const llcOwners: SavedQueryConditions = { filters: [{ field: 'owner', op: 'contains', value: 'LLC' }] };
    expect((await save(token, { name: 'LLC owners', query: llcOwners })).status).toBe(201);
    /** The saved query as the panel runs it: from the list, a page of its matches. */
    const run = async () => {
      const [saved] = await list(token);
      const answer = await app.request('/api/parcels/query', { method: 'POST', token, body: { ...saved!.query, limit: 500 } });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      return parcelQueryResponseSchema.parse(answer.json);
    };
    const before = await run();
    expect(before.total).toBeGreaterThan(6);
    expect(before.results.every((result) => !result.pin.startsWith('NEW-'))).toBe(true);

    // A new version of the demo data set: 12 parcels, every other one owned by an LLC.
    const size = 0.0004;
    const features = Array.from({ length: 12 }, (_, i) => ({
      properties: { PIN: `NEW-${i}`, OWNER: i % 2 === 0 ? `ACRE ${i} LLC` : `SMITH ${i}` },
      geometry: squarePolygon(DEMO_CENTRE.lng - 0.0012 + (i % 4) * size, DEMO_CENTRE.lat - 0.0006 + Math.floor(i / 4) * size, size),
    }));
    const file = await writeFixture(await fixtureDir(), 'llc-owners.geojson', featureCollection(features));
    await importParcels(app.db, {
      limits: DEFAULT_IMPORT_FILE_LIMITS,
      dataset: 'demo',
      file,
      mapping: parseImportMapping({ dataset: { sourceName: 'llc owners', licence: 'none' }, fields: { PIN: 'PIN', owner: 'OWNER' } }),
    });

    const after = await run();
    expect(after.total).toBe(6);
    expect(after.results.map((result) => result.pin).sort()).toEqual(['NEW-0', 'NEW-10', 'NEW-2', 'NEW-4', 'NEW-6', 'NEW-8']);
  });
});
