// Saved parcels know (issue #43), on both databases: after a publish, the saved list says which of a
// user's saved parcels sold, changed owner or left the county's data, and when; marking the changes
// seen leaves none new.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureCollection, squarePolygon } from '@parcel-map/county-data/testing';
import { importJobSchema, savedParcelListSchema, type ImportJob } from '@parcel-map/shared/contracts';
import { startTestApp, TEST_ADMIN_EMAIL, type TestApp } from '../../testing/testApp.ts';

type Row = { owner: string; sale_date?: string; sales_price?: number };

describe('/api/saved-parcels: what changed since a parcel was saved', () => {
  let app: TestApp;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await app.identity.sign('user-admin', { email: TEST_ADMIN_EMAIL });
    user = await app.identity.sign('user-watcher');
  });
  afterAll(() => app.close());

  const settled = async (id: string, state: ImportJob['state']): Promise<ImportJob> => {
    for (;;) {
      const job = importJobSchema.parse((await app.request(`/api/admin/imports/${id}`, { token: admin })).json);
      if (job.state !== state) return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /** Validates and publishes parcels (PIN → fields, a square each) as data set 'watch'. */
  const publish = async (rows: Record<string, Row>) => {
    const job = importJobSchema.parse((await app.request('/api/admin/imports', { method: 'POST', token: admin })).json);
    const parcels = Object.entries(rows).map(([PIN, fields], i) => ({ properties: { PIN, ADD1: `${i + 1} ELM ST`, ...fields }, geometry: squarePolygon(-78.5 + i * 0.001, 35.2, 0.001) }));
    await app.request(`/api/admin/imports/${job.id}/files/watch.geojson`, { method: 'PUT', token: admin, rawBody: JSON.stringify(featureCollection(parcels)), headers: { 'Content-Type': 'application/octet-stream' } });
    await app.request(`/api/admin/imports/${job.id}/validate`, { method: 'POST', token: admin, body: { file: 'watch.geojson', dataset: 'watch', mapping: { kind: 'default' } } });
    expect(await settled(job.id, 'validating')).toMatchObject({ state: 'ready' });
    await app.request(`/api/admin/imports/${job.id}/publish`, { method: 'POST', token: admin });
    expect(await settled(job.id, 'publishing')).toMatchObject({ state: 'published' });
  };
  const save = async (pin: string, owner: string) => {
    const body = { parcel_pin: pin, parcel_owner_name: owner, parcel_address: 'ELM ST', parcel_centroid_lat: 35.2, parcel_centroid_lon: -78.5, notes: null };
    expect((await app.request('/api/saved-parcels', { method: 'POST', token: user, body })).status).toBe(201);
  };
  const list = async () => {
    const response = await app.request('/api/saved-parcels', { token: user });
    expect(response.status).toBe(200);
    return new Map(savedParcelListSchema.parse(response.json).parcels.map((saved) => [saved.parcel_pin, saved]));
  };

  it('lists the sale, the new owner and the parcel gone, then none new once seen', async () => {
    await publish({
      'W-1': { owner: 'REID STEVEN M', sale_date: '2019-05-03', sales_price: 410000 },
      'W-2': { owner: 'ADAMS ANN' },
      'W-3': { owner: 'BAKER BEN' },
      'W-4': { owner: 'CLARK CARL' },
    });
    for (const [pin, owner] of [['W-1', 'REID STEVEN M'], ['W-2', 'ADAMS ANN'], ['W-3', 'BAKER BEN'], ['W-4', 'CLARK CARL']] as const) await save(pin, owner);
    const unchanged = await list();
    for (const saved of unchanged.values()) expect(saved).not.toHaveProperty('changes');

    // W-1 sells to a new owner, W-2 changes owner, W-3 is split into W-3A and W-3B, W-4 stays as it was.
    await publish({
      'W-1': { owner: 'MORALES ANA', sale_date: '2026-10-14', sales_price: 612000 },
      'W-2': { owner: 'ADAMS TRUST' },
      'W-3A': { owner: 'BAKER BEN' },
      'W-3B': { owner: 'BAKER BEN' },
      'W-4': { owner: 'CLARK CARL' },
    });
    const { rows } = await app.db.query<{ at: string }>(`SELECT to_char(imported_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM datasets WHERE name = 'watch' AND version = 2`);
    const at = rows[0]!.at;
    const saved = await list();
    expect(saved.get('W-1')!.changes).toEqual([
      { kind: 'owner', at, before: { Owner: 'REID STEVEN M' }, after: { Owner: 'MORALES ANA' }, seen: false },
      { kind: 'sold', at, before: { 'Sale date': '05/03/2019', 'Sale price': 410000 }, after: { 'Sale date': '10/14/2026', 'Sale price': 612000 }, seen: false },
    ]);
    expect(saved.get('W-2')!.changes).toEqual([{ kind: 'owner', at, before: { Owner: 'ADAMS ANN' }, after: { Owner: 'ADAMS TRUST' }, seen: false }]);
    expect(saved.get('W-3')).toMatchObject({
      changes: [{ kind: 'removed', at, before: { Owner: 'BAKER BEN', Address: '3 ELM ST' }, after: null, seen: false }],
      gone: { since: at },
      parcel_owner_name: 'BAKER BEN',
    });
    expect(saved.get('W-4')).not.toHaveProperty('changes');
    for (const pin of ['W-1', 'W-2', 'W-4']) expect(saved.get(pin)).not.toHaveProperty('gone');
    // The details (exports, acres) leave the parcel gone out rather than failing.
    const details = await app.request('/api/saved-parcels/details', { token: user });
    expect(details.status).toBe(200);
    expect((details.json as { parcels: { pin: string }[] }).parcels.map((parcel) => parcel.pin).sort()).toEqual(['W-1', 'W-2', 'W-4']);

    expect((await app.request('/api/saved-parcels/changes/seen', { method: 'POST', token: user })).status).toBe(204);
    // Newest saved first: W-3, W-2, W-1.
    const seen = await list();
    expect([...seen.values()].flatMap((record) => record.changes ?? []).map((change) => `${change.kind} ${change.seen}`)).toEqual(['removed true', 'owner true', 'owner true', 'sold true']);
    // Another user's list is their own: nothing marked seen there, nothing of this user's shown.
    const other = await app.identity.sign('user-other');
    expect(savedParcelListSchema.parse((await app.request('/api/saved-parcels', { token: other })).json).parcels).toEqual([]);
    expect((await app.request('/api/saved-parcels/changes/seen', { method: 'POST' })).status).toBe(401);
    // Two validations and two publishes, each in a worker thread: a loaded machine takes longer than the default.
  }, 90_000);
});
