// A feature that is nobody's parcel (a right-of-way, road, water or rail; migration 020's kind) is
// left out of every list of owners: search, the nearby list, attribute queries, and the parcel at a
// point. One of the demo county's parcels is made a road here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nearbyResponseSchema, parcelQueryResponseSchema, parcelSearchResponseSchema } from '@parcel-map/shared/contracts';
import { startTestApp, type TestApp } from '../../testing/testApp.ts';

const CENTRE_PIN = '4605050123';

describe('a feature that is not a parcel', () => {
  let app: TestApp;
  let token: string;
  let road: { pin: string; owner: string; centroid_lon: number; centroid_lat: number };

  beforeAll(async () => {
    app = await startTestApp();
    token = await app.identity.sign('user-not-parcels');
    const nearby = nearbyResponseSchema.parse((await app.request(`/api/parcels/${CENTRE_PIN}/nearby`, { token })).json);
    const { rows } = await app.db.query<typeof road>('SELECT pin, owner, centroid_lon, centroid_lat FROM parcels WHERE pin = $1', [nearby.parcels[0]!.pin]);
    road = rows[0]!;
    await app.db.query("UPDATE parcels SET kind = 'road' WHERE pin = $1", [road.pin]);
  });
  afterAll(() => app.close());

  it('is not found by its PIN or its owner', async () => {
    for (const q of [road.pin, road.owner]) {
      const answer = parcelSearchResponseSchema.parse((await app.request(`/api/parcels/search?q=${encodeURIComponent(q)}`, { token })).json);
      expect(answer.results.map((result) => result.pin), q).not.toContain(road.pin);
    }
  });

  it('is not in the nearby list of the parcel beside it', async () => {
    const answer = nearbyResponseSchema.parse((await app.request(`/api/parcels/${CENTRE_PIN}/nearby`, { token })).json);
    expect(answer.parcels.length).toBeGreaterThan(0);
    expect(answer.parcels.map((parcel) => parcel.pin)).not.toContain(road.pin);
  });

  it("matches no attribute query, not even one for its owner's name", async () => {
    const answer = parcelQueryResponseSchema.parse((await app.request('/api/parcels/query', { method: 'POST', token, body: { q: road.owner, limit: 500 } })).json);
    expect(answer.results.map((result) => result.pin)).not.toContain(road.pin);
  });

  it('is not the parcel at a point on it', async () => {
    const response = await app.request(`/api/parcels/at?lng=${road.centroid_lon}&lat=${road.centroid_lat}`, { token });
    expect((response.json as { pin?: string } | null)?.pin).not.toBe(road.pin);
  });
});
