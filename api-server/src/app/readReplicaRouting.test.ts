// DATABASE_READ_URL: the read paths read the read database, writes go to the primary. Two ordinary
// databases stand in for primary and replica here, each a copy of the test square, one parcel told
// apart in the read one; replaying a real replica is hardening's (check readReplicas).
import { openReadReplica, type Db } from '@parcel-map/database';
import { openTestDb, testDatabaseUrl } from '@parcel-map/database/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/testApp.ts';

const PIN = '4605050123';
const READ_OWNER = 'READ REPLICA OWNER';
const READ_ZONING = 'READ-ZONE';

describe.skipIf(!testDatabaseUrl)('an API with a read database (DATABASE_READ_URL)', () => {
  let primary: Db;
  let readDatabase: Db;
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    primary = await openTestDb('seeded');
    readDatabase = await openTestDb('seeded');
    await readDatabase.query('UPDATE parcels SET owner = $1, zoning = $2 WHERE pin = $3', [READ_OWNER, READ_ZONING, PIN]);
    app = await startTestApp({ db: primary, readDb: (await openReadReplica(primary, [readDatabase.connectionForOtherThreads!.connectionString])).readDb });
    token = await app.identity.sign('user-read-replica');
  });
  afterAll(async () => {
    await app.close();
    await readDatabase.close();
  });

  it('answers details from the read database', async () => {
    const response = await app.request(`/api/parcels/${PIN}`, { token });
    expect(response.status).toBe(200);
    expect((response.json as { owner: string }).owner).toBe(READ_OWNER);
  });

  it('searches the read database', async () => {
    const response = await app.request(`/api/parcels/search?q=${encodeURIComponent('read replica owner')}`, { token });
    expect(response.status).toBe(200);
    expect((response.json as { results: { pin: string }[] }).results.map((result) => result.pin)).toContain(PIN);
  });

  it('runs attribute queries on the read database', async () => {
    const response = await app.request('/api/parcels/query', { method: 'POST', token, body: { filters: [{ field: 'zoning', op: '=', value: READ_ZONING }] } });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    expect(response.json).toMatchObject({ total: 1 });
  });

  it('saves a parcel to the primary', async () => {
    const body = { parcel_pin: PIN, parcel_owner_name: READ_OWNER, parcel_address: 'ELM ST', parcel_centroid_lat: 35.62, parcel_centroid_lon: -80.86, notes: null };
    expect((await app.request('/api/saved-parcels', { method: 'POST', token, body })).status).toBe(201);
    const count = async (db: Db) => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM saved_parcels WHERE parcel_pin = $1', [PIN])).rows[0]!.n;
    expect(await count(primary)).toBe(1);
    expect(await count(readDatabase)).toBe(0);
  });
});
