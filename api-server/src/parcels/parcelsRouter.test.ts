import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/testApp.ts';

const CENTRE_PIN = '4605050123';

describe('GET /api/parcels/:pin', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp();
    token = await app.identity.sign('user-parcels');
  });
  afterAll(() => app.close());

  it('answers the SPEC §3 parcel record plus centroid and geometry', async () => {
    const response = await app.request(`/api/parcels/${CENTRE_PIN}`, { token });
    expect(response.status).toBe(200);
    const parcel = response.json as Record<string, unknown>;
    expect(Object.keys(parcel).sort()).toEqual(
      ['add1', 'add2', 'centroid', 'city', 'geometry', 'name', 'owner', 'pin', 'sale_date', 'sales_price', 'state', 'taxacres', 'township', 'zip', 'zoning'].sort(),
    );
    expect(parcel.pin).toBe(CENTRE_PIN);
    expect(parcel.owner).toMatch(/^[A-Z&' ]+$/);
    expect(parcel.state).toBe('NC');
    expect(typeof parcel.taxacres).toBe('number');
    expect(parcel.sale_date === null || /^\d{4}-\d{2}-\d{2}$/.test(String(parcel.sale_date))).toBe(true);
    expect(parcel.sales_price === null || typeof parcel.sales_price === 'number').toBe(true);
    const centroid = parcel.centroid as { lng: number; lat: number };
    expect(centroid.lng).toBeCloseTo(-80.86, 2);
    expect(centroid.lat).toBeCloseTo(35.62, 2);
    expect((parcel.geometry as { type: string }).type).toBe('Polygon');
  });

  it('returns numbers and dates in the same form for every parcel with a sale', async () => {
    const { rows } = await app.db.query<{ pin: string }>(
      'SELECT pin FROM parcels WHERE sale_date IS NOT NULL AND sales_price IS NOT NULL ORDER BY pin LIMIT 1',
    );
    const response = await app.request(`/api/parcels/${rows[0]!.pin}`, { token });
    const parcel = response.json as { sale_date: unknown; sales_price: unknown };
    expect(parcel.sale_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number.isInteger(parcel.sales_price)).toBe(true);
  });

  it('answers 404 for an unknown PIN', async () => {
    const response = await app.request('/api/parcels/0000000000', { token });
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ message: 'Parcel not found' });
  });

  it.each([
    ['characters outside the allowed set', '/api/parcels/46%2005', ],
    ['a pin longer than 64 characters', `/api/parcels/${'1'.repeat(65)}`],
    ['an empty pin', '/api/parcels/'],
  ])('answers 400 for %s', async (_label, path) => {
    const response = await app.request(path, { token });
    expect(response.status).toBe(400);
    expect(typeof (response.json as { message: unknown }).message).toBe('string');
  });

  it('requires a signed-in user', async () => {
    expect((await app.request(`/api/parcels/${CENTRE_PIN}`)).status).toBe(401);
  });
});
