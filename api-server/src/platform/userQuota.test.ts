import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MARKUP_MAX_POSITIONS,
  MARKUPS_BYTES_FULL_MESSAGE,
  MARKUPS_FULL_MESSAGE,
  MARKUPS_MAX_BYTES_PER_USER,
  MARKUPS_MAX_PER_USER,
  SAVED_PARCELS_FULL_MESSAGE,
  SAVED_PARCELS_MAX_PER_USER,
} from '@parcel-map/shared/contracts';
import { startTestApp, type TestApp } from '../testing/testApp.ts';

describe('per-user quotas', () => {
  let app: TestApp;
  let pins: string[];
  beforeAll(async () => {
    app = await startTestApp();
    pins = (await app.db.query<{ pin: string }>('SELECT pin FROM parcels ORDER BY pin LIMIT 20')).rows.map((row) => row.pin);
  });
  afterAll(() => app.close());

  /** Fills a user's saved list up to `count` with parcels that are not among `pins` (the list holds any PIN). */
  const keepSavedParcels = (userId: string, count: number) =>
    app.db.query(
      `INSERT INTO saved_parcels (user_id, parcel_pin, parcel_owner_name, parcel_address, parcel_centroid_lat, parcel_centroid_lon)
       SELECT $1, 'KEPT-' || n, 'OWNER', 'ADDRESS', 35.62, -80.86 FROM generate_series(1, $2::int) AS n`,
      [userId, count],
    );
  const keepMarkups = (userId: string, count: number) =>
    app.db.query(
      `INSERT INTO markups (user_id, name, color, geometry) SELECT $1, 'Kept ' || n, '#000000', '{"type":"Point","coordinates":[-80.86,35.62]}'::json FROM generate_series(1, $2::int) AS n`,
      [userId, count],
    );
  const save = (token: string, pin: string) =>
    app.request('/api/saved-parcels', {
      method: 'POST',
      token,
      body: { parcel_pin: pin, parcel_owner_name: 'OWNER', parcel_address: 'ADDRESS', parcel_centroid_lat: 35.62, parcel_centroid_lon: -80.86, notes: null },
    });
  const keepMarkup = (token: string) =>
    app.request('/api/markups', { method: 'POST', token, body: { name: 'Well', color: '#1c7ed6', geometry: { type: 'Point', coordinates: [-80.855, 35.625] } } });

  it(`saves parcels up to ${SAVED_PARCELS_MAX_PER_USER.toLocaleString('en-US')} per user, then answers 403 with the message the save modal shows`, async () => {
    const token = await app.identity.sign('user-full-list');
    await keepSavedParcels('user-full-list', SAVED_PARCELS_MAX_PER_USER - 1);
    expect((await save(token, pins[0]!)).status).toBe(201);
    const refused = await save(token, pins[1]!);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ message: SAVED_PARCELS_FULL_MESSAGE });
    expect(SAVED_PARCELS_FULL_MESSAGE).toBe('Your saved list is full (10,000 parcels). Delete a saved parcel to save another.');
    // Another user's list is their own.
    expect((await save(await app.identity.sign('user-empty-list'), pins[1]!)).status).toBe(201);
    // Deleting one makes room for one.
    const { rows } = await app.db.query<{ id: number }>(`SELECT id FROM saved_parcels WHERE user_id = 'user-full-list' LIMIT 1`);
    expect((await app.request(`/api/saved-parcels/${rows[0]!.id}`, { method: 'DELETE', token })).status).toBe(204);
    expect((await save(token, pins[1]!)).status).toBe(201);
  });

  it('holds the quota exactly when one user saves in a burst', async () => {
    const token = await app.identity.sign('user-burst');
    await keepSavedParcels('user-burst', SAVED_PARCELS_MAX_PER_USER - 5);
    const answers = await Promise.all(pins.slice(0, 20).map((pin) => save(token, pin)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 403)).toHaveLength(15);
    const { rows } = await app.db.query<{ kept: number }>(`SELECT count(*)::int AS kept FROM saved_parcels WHERE user_id = 'user-burst'`);
    expect(rows[0]!.kept).toBe(SAVED_PARCELS_MAX_PER_USER);
  });

  it(`keeps markups up to ${MARKUPS_MAX_PER_USER.toLocaleString('en-US')} per user, then answers 403 with its message`, async () => {
    const token = await app.identity.sign('user-many-markups');
    await keepMarkups('user-many-markups', MARKUPS_MAX_PER_USER - 3);
    const answers = await Promise.all(Array.from({ length: 8 }, () => keepMarkup(token)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 403, 403, 403, 403, 403]);
    expect(answers.find((answer) => answer.status === 403)!.json).toEqual({ message: MARKUPS_FULL_MESSAGE });
    expect((await keepMarkup(await app.identity.sign('user-few-markups'))).status).toBe(201);
  });

  it(`keeps up to ${MARKUPS_MAX_BYTES_PER_USER.toLocaleString('en-US')} bytes of drawing per user, then answers 413 with its message, in a burst too`, async () => {
    const token = await app.identity.sign('user-heavy-markups');
    // The longest line a markup may be: about 40 KB as stored.
    const line = { type: 'LineString', coordinates: Array.from({ length: MARKUP_MAX_POSITIONS }, (_, i) => [-80.86 + i * 1e-5, 35.62]) };
    const lineBytes = JSON.stringify(line).length;
    const fitting = Math.floor(MARKUPS_MAX_BYTES_PER_USER / lineBytes);
    const keepLine = () => app.request('/api/markups', { method: 'POST', token, body: { name: 'Long fence', color: '#1c7ed6', geometry: line } });
    for (let i = 0; i < fitting - 3; i++) expect((await keepLine()).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 8 }, () => keepLine()));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 413, 413, 413, 413, 413]);
    expect(answers.find((answer) => answer.status === 413)!.json).toEqual({ message: MARKUPS_BYTES_FULL_MESSAGE });
    expect(MARKUPS_BYTES_FULL_MESSAGE).toBe('Your markups hold the most drawing one can keep (2 MB). Delete a markup, or keep this one with fewer points.');
    const { rows } = await app.db.query<{ bytes: number }>(`SELECT sum(octet_length(geometry::text))::int AS bytes FROM markups WHERE user_id = 'user-heavy-markups'`);
    expect(rows[0]!.bytes).toBeLessThanOrEqual(MARKUPS_MAX_BYTES_PER_USER);
    // A small one still fits; another user's budget is their own.
    expect((await keepMarkup(token)).status).toBe(201);
    expect((await keepMarkup(await app.identity.sign('user-light-markups'))).status).toBe(201);
  });
});
