import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedParcelDetailsListSchema, savedParcelListSchema, savedParcelRecordSchema, type SavedParcelRecord } from '@parcel-map/shared/contracts';
import { startTestApp, type TestApp } from '../../testing/testApp.ts';

type SavedRecord = SavedParcelRecord;

describe('/api/saved-parcels', () => {
  let app: TestApp;
  let alice: string;
  let bob: string;
  let pins: string[];

  beforeAll(async () => {
    app = await startTestApp();
    alice = await app.identity.sign('user-alice');
    bob = await app.identity.sign('user-bob');
    const { rows } = await app.db.query<{ pin: string }>('SELECT pin FROM parcels ORDER BY pin LIMIT 6');
    pins = rows.map((row) => row.pin);
  });
  afterAll(() => app.close());

  const body = (pin: string, overrides: Record<string, unknown> = {}) => ({
    parcel_pin: pin,
    parcel_owner_name: 'SMITH JOHN A',
    parcel_address: '123 MAIN ST',
    parcel_centroid_lat: 35.62,
    parcel_centroid_lon: -80.86,
    notes: 'Corner lot',
    ...overrides,
  });

  it('creates a record (201) and ignores unknown fields', async () => {
    const response = await app.request('/api/saved-parcels', {
      method: 'POST',
      token: alice,
      body: body(pins[0]!, { user_id: 'user-bob', id: 999, extra: true }),
    });
    expect(response.status).toBe(201);
    const record = response.json as SavedRecord;
    expect(Object.keys(record).sort()).toEqual(
      ['created_at', 'id', 'notes', 'parcel_address', 'parcel_centroid_lat', 'parcel_centroid_lon', 'parcel_owner_name', 'parcel_pin', 'tags'].sort(),
    );
    expect(record).toMatchObject({ parcel_pin: pins[0], parcel_owner_name: 'SMITH JOHN A', notes: 'Corner lot', tags: [] });
    expect(Number.isInteger(record.id)).toBe(true);
    expect(record.id).not.toBe(999);
    expect(new Date(record.created_at).toISOString()).toBe(record.created_at);
    // The wire contract the screens parse it with takes it as it is.
    expect(savedParcelRecordSchema.parse(record)).toEqual(record);
  });

  it('answers 409 with the SPEC message for a parcel already saved by the user', async () => {
    const response = await app.request('/api/saved-parcels', { method: 'POST', token: alice, body: body(pins[0]!) });
    expect(response.status).toBe(409);
    expect(response.json).toEqual({ message: 'This parcel is already in your saved list.' });
  });

  it('lets another user save the same parcel', async () => {
    const response = await app.request('/api/saved-parcels', { method: 'POST', token: bob, body: body(pins[0]!) });
    expect(response.status).toBe(201);
  });

  it('accepts a missing or null note', async () => {
    const withoutNotes = body(pins[1]!);
    delete (withoutNotes as Record<string, unknown>).notes;
    const response = await app.request('/api/saved-parcels', { method: 'POST', token: alice, body: withoutNotes });
    expect(response.status).toBe(201);
    expect((response.json as SavedRecord).notes).toBeNull();
  });

  it('answers 400 for notes longer than 256 characters and accepts exactly 256', async () => {
    const tooLong = await app.request('/api/saved-parcels', { method: 'POST', token: alice, body: body(pins[2]!, { notes: 'x'.repeat(257) }) });
    expect(tooLong.status).toBe(400);
    expect((tooLong.json as { message: string }).message).toMatch(/notes/);
    const exact = await app.request('/api/saved-parcels', { method: 'POST', token: alice, body: body(pins[2]!, { notes: 'x'.repeat(256) }) });
    expect(exact.status).toBe(201);
  });

  it('answers 400 for a PIN that is not a known parcel', async () => {
    const response = await app.request('/api/saved-parcels', { method: 'POST', token: alice, body: body('9999999999') });
    expect(response.status).toBe(400);
    expect((response.json as { message: string }).message).toMatch(/Unknown parcel PIN/);
  });

  it.each([
    ['a latitude out of range', { parcel_centroid_lat: 91 }],
    ['a longitude given as a string', { parcel_centroid_lon: '-80.86' }],
    ['a missing owner name', { parcel_owner_name: undefined }],
  ])('answers 400 for %s', async (_label, overrides) => {
    const response = await app.request('/api/saved-parcels', { method: 'POST', token: alice, body: body(pins[3]!, overrides) });
    expect(response.status).toBe(400);
  });

  it.each([
    ['notes given as a number', { notes: 42 }, /notes/],
    ['a PIN given as a number', { parcel_pin: 4634123456 }, /parcel_pin/],
    ['an owner name given as an object', { parcel_owner_name: { first: 'JOHN' } }, /parcel_owner_name/],
  ])('answers 400 with a message naming the field for %s', async (_label, overrides, field) => {
    const response = await app.request('/api/saved-parcels', { method: 'POST', token: alice, body: body(pins[3]!, overrides) });
    expect(response.status).toBe(400);
    expect((response.json as { message: string }).message).toMatch(field);
  });

  // Found by the hardening fuzz: NUL made the INSERT fail (500), an unpaired surrogate came back as U+FFFD.
  it.each([
    ['a NUL character in the notes', { notes: 'a\u0000b' }, /notes/],
    ['an unpaired surrogate in the notes', { notes: 'a\ud800b' }, /notes/],
    ['a NUL character in the owner name', { parcel_owner_name: 'SMITH\u0000' }, /parcel_owner_name/],
    ['an unpaired surrogate in the address', { parcel_address: '\udc00 MAIN ST' }, /parcel_address/],
  ])('answers 400 for text that cannot be stored as sent: %s', async (_label, overrides, field) => {
    const response = await app.request('/api/saved-parcels', { method: 'POST', token: alice, body: body(pins[3]!, overrides) });
    expect(response.status).toBe(400);
    expect((response.json as { message: string }).message).toMatch(field);
  });

  it('stores emoji and other paired surrogates as sent', async () => {
    const carol = await app.identity.sign('user-carol');
    const response = await app.request('/api/saved-parcels', { method: 'POST', token: carol, body: body(pins[3]!, { notes: 'View 🏞️ 𝔸' }) });
    expect(response.status).toBe(201);
    expect((response.json as SavedRecord).notes).toBe('View 🏞️ 𝔸');
  });

  it('answers 400 for a body that is not a JSON object', async () => {
    const array = await app.request('/api/saved-parcels', { method: 'POST', token: alice, body: [body(pins[3]!)] });
    expect(array.status).toBe(400);
    const malformed = await app.request('/api/saved-parcels', { method: 'POST', token: alice, rawBody: '{"parcel_pin": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toEqual({ message: 'Malformed JSON' });
  });

  it("lists only the user's records, newest first", async () => {
    const response = await app.request('/api/saved-parcels', { token: alice });
    expect(response.status).toBe(200);
    const { parcels } = response.json as { parcels: SavedRecord[] };
    expect(parcels.map((record) => record.parcel_pin)).toEqual([pins[2], pins[1], pins[0]]);
    expect(savedParcelListSchema.parse(response.json)).toEqual(response.json);
    const bobs = (await app.request('/api/saved-parcels', { token: bob })).json as { parcels: SavedRecord[] };
    expect(bobs.parcels).toHaveLength(1);
  });

  it('updates the notes of a record (200) and clears them with null', async () => {
    const { parcels } = (await app.request('/api/saved-parcels', { token: alice })).json as { parcels: SavedRecord[] };
    const target = parcels[0]!;
    const updated = await app.request(`/api/saved-parcels/${target.id}`, { method: 'PUT', token: alice, body: { notes: 'New note' } });
    expect(updated.status).toBe(200);
    expect(updated.json).toEqual({ ...target, notes: 'New note' });
    const cleared = await app.request(`/api/saved-parcels/${target.id}`, { method: 'PUT', token: alice, body: { notes: null } });
    expect((cleared.json as SavedRecord).notes).toBeNull();
    const tooLong = await app.request(`/api/saved-parcels/${target.id}`, { method: 'PUT', token: alice, body: { notes: 'y'.repeat(257) } });
    expect(tooLong.status).toBe(400);
  });

  it('answers 400 for a note update with a missing or mistyped note, and ignores unknown fields', async () => {
    const { parcels } = (await app.request('/api/saved-parcels', { token: alice })).json as { parcels: SavedRecord[] };
    const target = parcels[0]!;
    for (const wrong of [{}, { notes: 7 }, { notes: ['a'] }]) {
      const response = await app.request(`/api/saved-parcels/${target.id}`, { method: 'PUT', token: alice, body: wrong });
      expect(response.status).toBe(400);
      expect((response.json as { message: string }).message).toMatch(/notes/);
    }
    const sneaky = await app.request(`/api/saved-parcels/${target.id}`, {
      method: 'PUT',
      token: alice,
      body: { notes: 'kept', user_id: 'user-bob', parcel_pin: 'OTHER', id: 1 },
    });
    expect(sneaky.status).toBe(200);
    expect(sneaky.json).toEqual({ ...target, notes: 'kept' });
    const bobs = (await app.request('/api/saved-parcels', { token: bob })).json as { parcels: SavedRecord[] };
    expect(bobs.parcels.map((record) => record.id)).not.toContain(target.id);
  });

  it("answers 404 for another user's record and for an unknown id, and changes nothing", async () => {
    const { parcels } = (await app.request('/api/saved-parcels', { token: alice })).json as { parcels: SavedRecord[] };
    const alicesId = parcels[0]!.id;
    const put = await app.request(`/api/saved-parcels/${alicesId}`, { method: 'PUT', token: bob, body: { notes: 'mine now' } });
    expect(put.status).toBe(404);
    const del = await app.request(`/api/saved-parcels/${alicesId}`, { method: 'DELETE', token: bob });
    expect(del.status).toBe(404);
    expect((await app.request('/api/saved-parcels/2147483647', { method: 'DELETE', token: alice })).status).toBe(404);
    expect((await app.request('/api/saved-parcels/99999999999', { method: 'DELETE', token: alice })).status).toBe(404);
    const after = (await app.request('/api/saved-parcels', { token: alice })).json as { parcels: SavedRecord[] };
    expect(after.parcels).toEqual(parcels);
  });

  it('keeps the tags given in the save dialog, trimmed and without repeats; a tag too long is refused (issue #44)', async () => {
    const dana = await app.identity.sign('user-dana');
    const saved = await app.request('/api/saved-parcels', { method: 'POST', token: dana, body: body(pins[0]!, { tags: [' Listing ', 'LISTING', 'Creek front'] }) });
    expect(saved.status).toBe(201);
    expect((saved.json as SavedRecord).tags).toEqual(['Listing', 'Creek front']);
    const tooLong = await app.request('/api/saved-parcels', { method: 'POST', token: dana, body: body(pins[1]!, { tags: ['x'.repeat(41)] }) });
    expect(tooLong.status).toBe(400);
  });

  it('sets the tags of a record (200), trimmed and without repeats, kept in the list; only for its owner', async () => {
    const { parcels } = (await app.request('/api/saved-parcels', { token: alice })).json as { parcels: SavedRecord[] };
    const target = parcels[0]!;
    const put = await app.request(`/api/saved-parcels/${target.id}/tags`, { method: 'PUT', token: alice, body: { tags: [' Listing ', 'listing', 'Creek front'] } });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ ...target, tags: ['Listing', 'Creek front'] });
    const listed = (await app.request('/api/saved-parcels', { token: alice })).json as { parcels: SavedRecord[] };
    expect(listed.parcels.find((record) => record.id === target.id)!.tags).toEqual(['Listing', 'Creek front']);
    // The notes update leaves the tags alone.
    const notes = await app.request(`/api/saved-parcels/${target.id}`, { method: 'PUT', token: alice, body: { notes: 'tagged' } });
    expect((notes.json as SavedRecord).tags).toEqual(['Listing', 'Creek front']);

    expect((await app.request(`/api/saved-parcels/${target.id}/tags`, { method: 'PUT', token: bob, body: { tags: ['mine'] } })).status).toBe(404);
    expect((await app.request(`/api/saved-parcels/${target.id}/tags`, { method: 'PUT', token: alice, body: { tags: ['x'.repeat(41)] } })).status).toBe(400);
    expect((await app.request(`/api/saved-parcels/${target.id}/tags`, { method: 'PUT', token: alice, body: { tags: 'Listing' } })).status).toBe(400);
    const cleared = await app.request(`/api/saved-parcels/${target.id}/tags`, { method: 'PUT', token: alice, body: { tags: [] } });
    expect((cleared.json as SavedRecord).tags).toEqual([]);
  });

  it("answers each of the user's saved parcels with its parcel record and outline, for the exports", async () => {
    const { parcels } = (await app.request('/api/saved-parcels', { token: alice })).json as { parcels: SavedRecord[] };
    const response = await app.request('/api/saved-parcels/details', { token: alice });
    expect(response.status).toBe(200);
    const details = savedParcelDetailsListSchema.parse(response.json).parcels;
    expect(details.map((parcel) => [parcel.id, parcel.pin])).toEqual(parcels.map((record) => [record.id, record.parcel_pin]));
    const { rows } = await app.db.query<{ owner: string | null; taxacres: number | null }>('SELECT owner, taxacres FROM parcels WHERE pin = $1', [details[0]!.pin]);
    expect(details[0]).toMatchObject({ owner: rows[0]!.owner, taxacres: rows[0]!.taxacres });
    expect(['Polygon', 'MultiPolygon']).toContain(details[0]!.geometry.type);
    // Bob's list is his own.
    const bobs = savedParcelDetailsListSchema.parse((await app.request('/api/saved-parcels/details', { token: bob })).json).parcels;
    expect(bobs.map((parcel) => parcel.id)).not.toContain(details[0]!.id);
  });

  it('answers 400 for an id that is not an integer', async () => {
    expect((await app.request('/api/saved-parcels/abc', { method: 'DELETE', token: alice })).status).toBe(400);
  });

  it('deletes a record with 204 and an empty body', async () => {
    const { parcels } = (await app.request('/api/saved-parcels', { token: alice })).json as { parcels: SavedRecord[] };
    const response = await app.request(`/api/saved-parcels/${parcels[0]!.id}`, { method: 'DELETE', token: alice });
    expect(response.status).toBe(204);
    expect(response.body.length).toBe(0);
    const after = (await app.request('/api/saved-parcels', { token: alice })).json as { parcels: SavedRecord[] };
    expect(after.parcels.map((record) => record.id)).not.toContain(parcels[0]!.id);
  });

  it('requires a signed-in user for every call', async () => {
    expect((await app.request('/api/saved-parcels')).status).toBe(401);
    expect((await app.request('/api/saved-parcels', { method: 'POST', body: body(pins[4]!) })).status).toBe(401);
    expect((await app.request('/api/saved-parcels/1', { method: 'PUT', body: { notes: null } })).status).toBe(401);
    expect((await app.request('/api/saved-parcels/1', { method: 'DELETE' })).status).toBe(401);
    expect((await app.request('/api/saved-parcels/1/tags', { method: 'PUT', body: { tags: [] } })).status).toBe(401);
    expect((await app.request('/api/saved-parcels/details')).status).toBe(401);
  });
});
