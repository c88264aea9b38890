// What changed between versions through /api/admin, on both databases: a validated import's changes
// against the served version before it is published, the same list as the published version's
// change log (paged, by kind, as CSV), and its counts on the version's row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureCollection, squarePolygon } from '@parcel-map/county-data/testing';
import { changesPageSchema, datasetVersionsAnswerSchema, importJobSchema, type ImportJob } from '@parcel-map/shared/contracts';
import { startTestApp, TEST_ADMIN_EMAIL, type TestApp } from '../../testing/testApp.ts';

describe('/api/admin change logs', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await app.identity.sign('user-admin', { email: TEST_ADMIN_EMAIL });
  });
  afterAll(() => app.close());

  /** Validates a file of parcels (PIN → owner, a square each) as data set 'north'; answers the job once validated. */
  const validated = async (owners: Record<string, string>): Promise<ImportJob> => {
    const job = importJobSchema.parse((await app.request('/api/admin/imports', { method: 'POST', token: admin })).json);
    const parcels = Object.entries(owners).map(([PIN, owner], i) => ({ properties: { PIN, owner }, geometry: squarePolygon(-79.5 + i * 0.001, 36.2, 0.001) }));
    await app.request(`/api/admin/imports/${job.id}/files/north.geojson`, { method: 'PUT', token: admin, rawBody: JSON.stringify(featureCollection(parcels)), headers: { 'Content-Type': 'application/octet-stream' } });
    await app.request(`/api/admin/imports/${job.id}/validate`, { method: 'POST', token: admin, body: { file: 'north.geojson', dataset: 'north', mapping: { kind: 'default' } } });
    return settled(job.id, 'validating');
  };
  const settled = async (id: string, state: ImportJob['state']): Promise<ImportJob> => {
    for (;;) {
      const job = importJobSchema.parse((await app.request(`/api/admin/imports/${id}`, { token: admin })).json);
      if (job.state !== state) return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const published = async (job: ImportJob) => {
    await app.request(`/api/admin/imports/${job.id}/publish`, { method: 'POST', token: admin });
    expect(await settled(job.id, 'publishing')).toMatchObject({ state: 'published' });
  };

  it('lists what a new version changes before and after it is published', async () => {
    const first = await validated({ 'N-1': 'ADAMS', 'N-2': 'BAKER', 'N-3': 'CLARK' });
    expect(first.report!.changes).toBeNull();
    expect((await app.request(`/api/admin/imports/${first.id}/changes`, { token: admin })).status).toBe(404);
    await published(first);

    // N-1 is unchanged, N-2 has a new owner, N-3 is gone, N-4 is new.
    const second = await validated({ 'N-1': 'ADAMS', 'N-2': 'DAVIS', 'N-4': 'EVANS' });
    const counts = { added: 1, removed: 1, outline: 0, owner: 1, sold: 0, value: 0 };
    expect(second.report!.changes).toEqual(counts);
    const before = changesPageSchema.parse((await app.request(`/api/admin/imports/${second.id}/changes`, { token: admin })).json);
    expect(before).toMatchObject({ counts, total: 3, offset: 0 });
    expect(before.changes.map(({ kind, pin }) => `${kind} ${pin}`)).toEqual(['added N-4', 'removed N-3', 'owner N-2']);
    expect(before.changes[2]).toMatchObject({ before: { Owner: 'BAKER' }, after: { Owner: 'DAVIS' } });
    await published(second);

    const versions = datasetVersionsAnswerSchema.parse((await app.request('/api/admin/datasets', { token: admin })).json).versions.filter((row) => row.name === 'north');
    expect(versions.map(({ version, changes }) => ({ version, changes }))).toEqual([{ version: 2, changes: counts }, { version: 1, changes: null }]);
    const log = (query: string, headers?: Record<string, string>) => app.request(`/api/admin/datasets/north/versions/2/changes${query}`, { token: admin, headers });
    expect(changesPageSchema.parse((await log('')).json)).toEqual(before);
    expect(changesPageSchema.parse((await log('?kind=owner')).json)).toMatchObject({ total: 1, changes: [{ pin: 'N-2', kind: 'owner' }] });
    expect(changesPageSchema.parse((await log('?offset=1&limit=1')).json).changes.map((change) => change.pin)).toEqual(['N-3']);
    expect((await log('?kind=moved')).status).toBe(400);
    expect((await log('?limit=501')).status).toBe(400);

    const csv = await log('?kind=owner', { Accept: 'text/csv' });
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="north-v2-changes-owner-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.body.toString('utf8')).toBe('\uFEFFPIN,Change,Address,Before,After\r\nN-2,Owner changed,,Owner: BAKER,Owner: DAVIS\r\n# 1 row\r\n');

    expect((await app.request('/api/admin/datasets/north/versions/1/changes', { token: admin })).status).toBe(404);
    expect((await app.request('/api/admin/datasets/north/versions/9/changes', { token: admin })).status).toBe(404);
    expect((await app.request('/api/admin/datasets/north/versions/2/changes', { token: await app.identity.sign('user-plain', { email: 'someone@example.com' }) })).status).toBe(403);
    // Two validations and two publishes, each in a worker thread: a loaded machine takes longer than the default.
  }, 90_000);
});
