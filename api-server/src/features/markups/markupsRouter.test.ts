import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKUP_MAX_POSITIONS, MARKUPS_PAGE_BYTES, MARKUPS_PAGE_SIZE, markupPageSchema, markupSchema, type Markup } from '@parcel-map/shared/contracts';
import { startTestApp, type TestApp } from '../../testing/testApp.ts';

describe('/api/markups', () => {
  let app: TestApp;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    app = await startTestApp();
    alice = await app.identity.sign('user-alice');
    bob = await app.identity.sign('user-bob');
  });
  afterAll(() => app.close());

  const line = { type: 'LineString', coordinates: [[-80.86, 35.62], [-80.85, 35.63]] };
  const polygon = { type: 'Polygon', coordinates: [[[-80.86, 35.62], [-80.85, 35.62], [-80.85, 35.63], [-80.86, 35.62]]] };
  const list = async (token: string) => markupPageSchema.parse((await app.request('/api/markups', { token })).json).markups;

  it('keeps a line, a polygon and a point with a name and a colour (201), newest first, for their owner only', async () => {
    const created = await app.request('/api/markups', { method: 'POST', token: alice, body: { name: '  Fence line ', color: '#E8590C', geometry: line, user_id: 'user-bob' } });
    expect(created.status).toBe(201);
    const markup = markupSchema.parse(created.json);
    expect(markup).toMatchObject({ name: 'Fence line', color: '#e8590c', geometry: line, visible: true });
    expect(new Date(markup.created_at).toISOString()).toBe(markup.created_at);
    await app.request('/api/markups', { method: 'POST', token: alice, body: { name: 'Pasture', color: '#2b8a3e', geometry: polygon } });
    await app.request('/api/markups', { method: 'POST', token: alice, body: { name: 'Well', color: '#1c7ed6', geometry: { type: 'Point', coordinates: [-80.855, 35.625] } } });
    expect((await list(alice)).map((m) => m.name)).toEqual(['Well', 'Pasture', 'Fence line']);
    expect(await list(bob)).toEqual([]);
  });

  it('keeps a note with a markup, changes it, clears it, and leaves it alone when a change does not name it (issue #44)', async () => {
    const carol = await app.identity.sign('user-carol');
    const created = await app.request('/api/markups', { method: 'POST', token: carol, body: { name: 'Ditch', color: '#1971c2', geometry: line, note: 'Drains to the creek' } });
    expect(created.status).toBe(201);
    const markup = markupSchema.parse(created.json);
    expect(markup.note).toBe('Drains to the creek');
    expect((await list(carol))[0]!.note).toBe('Drains to the creek');
    const patch = async (body: object) => markupSchema.parse((await app.request(`/api/markups/${markup.id}`, { method: 'PATCH', token: carol, body })).json);
    expect((await patch({ visible: false })).note).toBe('Drains to the creek');
    expect((await patch({ note: 'Silted up' })).note).toBe('Silted up');
    expect((await patch({ note: '' })).note).toBeNull();
    const plain = await app.request('/api/markups', { method: 'POST', token: carol, body: { name: 'Gate', color: '#1971c2', geometry: line } });
    expect(markupSchema.parse(plain.json).note).toBeNull();
    expect((await app.request('/api/markups', { method: 'POST', token: carol, body: { name: 'Long', color: '#1971c2', geometry: line, note: 'x'.repeat(257) } })).status).toBe(400);
  });

  it('refuses what is not a markup (400): a one-point line, an open ring, a bad colour, an empty name', async () => {
    const bad = [
      { name: 'x', color: '#000000', geometry: { type: 'LineString', coordinates: [[-80.86, 35.62]] } },
      { name: 'x', color: '#000000', geometry: { type: 'Polygon', coordinates: [[[-80.86, 35.62], [-80.85, 35.62], [-80.86, 35.62]]] } },
      { name: 'x', color: 'red', geometry: line },
      { name: '   ', color: '#000000', geometry: line },
      { name: 'x', color: '#000000', geometry: { type: 'Point', coordinates: [-200, 35] } },
    ];
    for (const body of bad) expect((await app.request('/api/markups', { method: 'POST', token: alice, body })).status).toBe(400);
  });

  it('renames, recolours, hides and deletes a markup; another user gets 404 and changes nothing', async () => {
    const [target] = await list(alice);
    const renamed = await app.request(`/api/markups/${target!.id}`, { method: 'PATCH', token: alice, body: { name: 'Old well', visible: false } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toEqual({ ...target, name: 'Old well', visible: false });

    expect((await app.request(`/api/markups/${target!.id}`, { method: 'PATCH', token: bob, body: { name: 'mine' } })).status).toBe(404);
    expect((await app.request(`/api/markups/${target!.id}`, { method: 'DELETE', token: bob })).status).toBe(404);
    expect((await list(alice)).find((m: Markup) => m.id === target!.id)!.name).toBe('Old well');

    const deleted = await app.request(`/api/markups/${target!.id}`, { method: 'DELETE', token: alice });
    expect(deleted.status).toBe(204);
    expect((await list(alice)).map((m) => m.id)).not.toContain(target!.id);
    expect((await app.request(`/api/markups/${target!.id}`, { method: 'DELETE', token: alice })).status).toBe(404);
    expect((await app.request('/api/markups/abc', { method: 'DELETE', token: alice })).status).toBe(400);
  });

  it('requires a signed-in user for every call', async () => {
    expect((await app.request('/api/markups')).status).toBe(401);
    expect((await app.request('/api/markups', { method: 'POST', body: { name: 'x', color: '#000000', geometry: line } })).status).toBe(401);
    expect((await app.request('/api/markups/1', { method: 'PATCH', body: { name: 'x' } })).status).toBe(401);
    expect((await app.request('/api/markups/1', { method: 'DELETE' })).status).toBe(401);
  });

  it(`answers a page of at most ${MARKUPS_PAGE_SIZE} markups, newest first, and where the next begins`, async () => {
    const token = await app.identity.sign('user-pages');
    await app.db.query(
      `INSERT INTO markups (user_id, name, color, geometry) SELECT 'user-pages', 'Kept ' || n, '#000000', '{"type":"Point","coordinates":[-80.86,35.62]}'::json FROM generate_series(1, $1::int) AS n`,
      [MARKUPS_PAGE_SIZE + 30],
    );
    const page = async (query: string) => {
      const answer = await app.request(`/api/markups${query}`, { token });
      expect(answer.status).toBe(200);
      return markupPageSchema.parse(answer.json);
    };
    const first = await page('');
    expect(first.markups).toHaveLength(MARKUPS_PAGE_SIZE);
    const second = await page(`?before=${first.next_before}`);
    expect(second.markups).toHaveLength(30);
    expect(second.next_before).toBeNull();
    const ids = [...first.markups, ...second.markups].map((markup) => markup.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(MARKUPS_PAGE_SIZE + 30);
    const small = await page('?limit=7');
    expect(small.markups.map((markup) => markup.id)).toEqual(ids.slice(0, 7));
    expect(small.next_before).toBe(ids[6]);
    // Another user's page is their own, whatever `before` says.
    expect(markupPageSchema.parse((await app.request(`/api/markups?before=${ids[0]! + 1}`, { token: bob })).json).markups).toEqual([]);
    for (const bad of ['?limit=0', `?limit=${MARKUPS_PAGE_SIZE + 1}`, '?before=0', '?before=abc', '?before=99999999999']) {
      expect((await app.request(`/api/markups${bad}`, { token })).status, bad).toBe(400);
    }
  });

  it(`ends a page before its drawings pass ${MARKUPS_PAGE_BYTES.toLocaleString('en-US')} bytes, but never leaves one out`, async () => {
    const token = await app.identity.sign('user-large-drawings');
    const line = (positions: number) => JSON.stringify({ type: 'LineString', coordinates: Array.from({ length: positions }, (_, i) => [-80.86 + i * 1.234567e-6, 35.62]) });
    const large = line(MARKUP_MAX_POSITIONS);
    const huge = line(5000); // the limit before issue #39: kept then, still listed
    for (const geometry of [huge, large, large, large, large, large, large]) {
      await app.db.query(`INSERT INTO markups (user_id, name, color, geometry) VALUES ('user-large-drawings', 'Line', '#000000', $1::json)`, [geometry]);
    }
    const sizes: number[][] = [];
    let before: number | null = null;
    do {
      const answer = await app.request(`/api/markups${before === null ? '' : `?before=${before}`}`, { token });
      const page = markupPageSchema.parse(answer.json);
      sizes.push(page.markups.map((markup) => JSON.stringify(markup.geometry).length));
      before = page.next_before;
    } while (before !== null);
    expect(sizes.flat()).toEqual([...Array<number>(6).fill(large.length), huge.length]);
    const sum = (page: number[]) => page.reduce((total, bytes) => total + bytes, 0);
    sizes.forEach((page, i) => {
      // Within the bytes (or one markup alone), and full: the next page's first would not have fitted.
      expect(sum(page) <= MARKUPS_PAGE_BYTES || page.length === 1).toBe(true);
      if (i + 1 < sizes.length) expect(sum(page) + sizes[i + 1]![0]!).toBeGreaterThan(MARKUPS_PAGE_BYTES);
    });
    expect(sizes.length).toBeGreaterThan(2);
  });

  it(`refuses a drawing of more than ${MARKUP_MAX_POSITIONS.toLocaleString('en-US')} positions (400)`, async () => {
    const positions = (count: number) => Array.from({ length: count }, (_, i) => [-80.86 + i * 1e-6, 35.62]);
    const tooLong = await app.request('/api/markups', { method: 'POST', token: bob, body: { name: 'x', color: '#000000', geometry: { type: 'LineString', coordinates: positions(MARKUP_MAX_POSITIONS + 1) } } });
    expect(tooLong.status).toBe(400);
    const longest = await app.request('/api/markups', { method: 'POST', token: bob, body: { name: 'x', color: '#000000', geometry: { type: 'LineString', coordinates: positions(MARKUP_MAX_POSITIONS) } } });
    expect(longest.status).toBe(201);
  });
});
