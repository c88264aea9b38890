// /api/admin on both databases: who may use it, an import handed to the running API from upload to
// publish (the real Cambridge files with their assessor join and the bundled mapping), refusals that
// change nothing, versions, rollback, removal and the initial view.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAVY_PIER, SPOT_CHICAGO, writeJpegWithWorldFile, writeTileFolder, writeVrtNamedTif, zipOf } from '@parcel-map/county-data/imagery/testing';
import { featureCollection, fixtureDir, squarePolygon, writeFixture, zipFolder } from '@parcel-map/county-data/testing';
import {
  datasetsAnswerSchema,
  datasetVersionsAnswerSchema,
  imageryAnswerSchema,
  imageryImportReportSchema,
  imageryVersionsAnswerSchema,
  importJobSchema,
  overlayImportReportSchema,
  overlayVersionsAnswerSchema,
  type ImportJob,
} from '@parcel-map/shared/contracts';
import { startTestApp, TEST_ADMIN_EMAIL, type TestApp } from '../../testing/testApp.ts';
import { lonLatToTile } from '../../tiles/kit/tileMath.ts';
import { ADMINS_ONLY_MESSAGE } from '../../platform/auth/adminAccess.ts';

const CAMBRIDGE = path.resolve(import.meta.dirname, '../../../../../shared/data/cambridge_ma_parcels_fy2014');
const LOCAL_TOKEN = 'local-admin-token-for-tests-0123456789';
const UPLOAD_LIMIT_BYTES = 20 * 1024 * 1024;

describe('/api/admin', () => {
  let app: TestApp;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    app = await startTestApp({ localAdminToken: LOCAL_TOKEN, config: { maxUploadBytes: UPLOAD_LIMIT_BYTES, imageryDir: path.join(await fixtureDir(), 'imagery') } });
    // The address as typed, in other letter case: e-mail addresses compare case-insensitively.
    admin = await app.identity.sign('user-admin', { email: TEST_ADMIN_EMAIL.toUpperCase() });
    user = await app.identity.sign('user-plain', { email: 'someone@example.com' });
  });
  afterAll(() => app.close());

  const upload = async (id: string, name: string, body: Buffer | string, token = admin) =>
    app.request(`/api/admin/imports/${id}/files/${encodeURIComponent(name)}`, { method: 'PUT', token, rawBody: body, headers: { 'Content-Type': 'application/octet-stream' } });
  const newImport = async () => importJobSchema.parse((await app.request('/api/admin/imports', { method: 'POST', token: admin })).json);
  /** Polls the job until it leaves `state`. */
  const settled = async (id: string, state: ImportJob['state']): Promise<ImportJob> => {
    for (;;) {
      const job = importJobSchema.parse((await app.request(`/api/admin/imports/${id}`, { token: admin })).json);
      if (job.state !== state) return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const datasets = async () => datasetsAnswerSchema.parse((await app.request('/api/datasets', { token: user })).json);

  it('answers 401 without a session, 403 to a signed-in user who is not an administrator, and serves administrators', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/admin/datasets'], ['POST', '/api/admin/imports'], ['DELETE', '/api/admin/datasets/demo'], ['PUT', '/api/admin/initial-view'],
      ['GET', '/api/admin/overlays'], ['DELETE', '/api/admin/overlays/flood-zones'], ['POST', '/api/admin/imports/x/overlay'],
      ['POST', '/api/admin/imports/x/imagery'], ['GET', '/api/admin/imagery'], ['POST', '/api/admin/imagery/x/rollback'], ['DELETE', '/api/admin/imagery/x'],
    ];
    for (const [method, route] of routes) {
      expect((await app.request(route, { method })).status).toBe(401);
      const refused = await app.request(route, { method, token: user, body: {} });
      expect(refused.status).toBe(403);
      expect(refused.json).toEqual({ message: ADMINS_ONLY_MESSAGE });
    }
    // Every signed-in user may ask whether they administer the data: an answer, never a 403.
    const access = async (token?: string) => {
      const response = await app.request('/api/admin/access', { token });
      return response.status === 200 ? (response.json as { administrator: boolean }).administrator : response.status;
    };
    expect(await access()).toBe(401);
    expect(await access(`${LOCAL_TOKEN}x`)).toBe(401);
    expect(await access(user)).toBe(false);
    expect(await access(await app.identity.sign('user-oauth'))).toBe(false);
    expect(await access(admin)).toBe(true);
    expect(await access(await app.identity.sign('user-claim', { extraClaims: { email: TEST_ADMIN_EMAIL } }))).toBe(true);
    expect(await access(LOCAL_TOKEN)).toBe(true);
    expect((await app.request('/api/admin/limits', { token: admin })).json).toEqual({
      maxUploadBytes: UPLOAD_LIMIT_BYTES,
      bundledMappings: ['cambridge_fy2014'],
      bundledOverlayMappings: ['cambridge_flood_zones', 'cambridge_roads', 'cambridge_water_bodies'],
    });
  });

  // The whole county file goes up, through validation (with its repairs) and publishing: the file's longest test.
  it('validates the Cambridge sample with its assessor join before publishing, then publishes it beside the demo county', { timeout: 90_000 }, async () => {
    const job = await newImport();
    expect(job.state).toBe('uploading');
    expect((await upload(job.id, 'ASSESSING_ParcelsFY2014.converted.geojson', await readFile(path.join(CAMBRIDGE, 'ASSESSING_ParcelsFY2014.converted.geojson')))).status).toBe(200);
    // The bundled mapping joins TaxFY14.csv: without it the import says so.
    const withoutJoin = await app.request(`/api/admin/imports/${job.id}/validate`, {
      method: 'POST',
      token: admin,
      body: { file: 'ASSESSING_ParcelsFY2014.converted.geojson', mapping: { kind: 'bundled', name: 'cambridge_fy2014' } },
    });
    expect(withoutJoin.status).toBe(202);
    expect(await settled(job.id, 'validating')).toMatchObject({ state: 'failed', error: 'The mapping joins the table TaxFY14.csv: upload it with the parcel file' });

    expect((await upload(job.id, 'TaxFY14.csv', await readFile(path.join(CAMBRIDGE, 'TaxFY14.csv')))).status).toBe(200);
    await app.request(`/api/admin/imports/${job.id}/validate`, {
      method: 'POST',
      token: admin,
      body: { file: 'ASSESSING_ParcelsFY2014.converted.geojson', mapping: { kind: 'bundled', name: 'cambridge_fy2014' }, maxRejectedShare: 0.05 },
    });
    const ready = await settled(job.id, 'validating');
    expect(ready.state).toBe('ready');
    expect(ready.report).toMatchObject({ file: 'ASSESSING_ParcelsFY2014.converted.geojson', features: 13_116, refusal: null, dataset: { name: 'cambridge-ma', id: null } });
    // Its outlines that cross themselves are repaired in the validation worker (GDAL), not rejected.
    expect(ready.report!.imported).toBeGreaterThanOrEqual(13_030);
    expect(ready.report!.repaired).toBeGreaterThanOrEqual(16);
    // Named as uploaded: the API's folders are nobody's business.
    expect(ready.report!.join).toMatchObject({ file: 'TaxFY14.csv', matched: expect.any(Number) });
    expect(ready.report!.rejections.length).toBe(ready.report!.rejected);
    expect(ready.sample!.features.length).toBe(200);
    expect(ready.sample!.bbox![0]).toBeCloseTo(-71.16, 1);
    expect(ready.mapping).toMatchObject({ fields: { PIN: 'ML' } });
    // Nothing is served before Publish.
    expect((await datasets()).datasets.map((d) => d.name)).toEqual(['demo']);

    const versionBefore = (await datasets()).dataVersion;
    expect((await app.request(`/api/admin/imports/${job.id}/publish`, { method: 'POST', token: admin })).status).toBe(202);
    const published = await settled(job.id, 'publishing');
    expect(published).toMatchObject({ state: 'published', report: { dataset: { name: 'cambridge-ma', version: 1 } } });
    const after = await datasets();
    expect(after.dataVersion).toBeGreaterThan(versionBefore);
    expect(after.datasets.map((d) => [d.name, d.parcels])).toEqual([['cambridge-ma', ready.report!.imported], ['demo', expect.any(Number)]]);
    const parcel = (await app.request('/api/parcels/127-123', { token: user })).json as { attributes: unknown[] };
    expect(parcel).toMatchObject({ dataset: 'cambridge-ma', city: 'CAMBRIDGE' });
    // The attributes and their labels come through the worker thread's validation too (issue #23).
    expect(parcel.attributes).toContainEqual({ key: 'TotalAppraisedParcelValue', label: 'Appraised total value', value: 635100, format: 'currency' });
  });

  it('validates a zipped File Geodatabase upload through GDAL', async () => {
    const dir = await fixtureDir();
    const geojson = await writeFixture(dir, 'east.geojson', featureCollection([{ properties: { PIN: 'GDB-1' }, geometry: squarePolygon(-80, 36, 0.001) }]));
    execFileSync('ogr2ogr', ['-f', 'OpenFileGDB', '-t_srs', 'EPSG:2264', path.join(dir, 'east.gdb'), geojson], { stdio: 'pipe' });
    const job = await newImport();
    await upload(job.id, 'east.gdb.zip', zipFolder(path.join(dir, 'east.gdb')));
    await app.request(`/api/admin/imports/${job.id}/validate`, { method: 'POST', token: admin, body: { file: 'east.gdb.zip', dataset: 'east', mapping: { kind: 'default' } } });
    const ready = await settled(job.id, 'validating');
    expect(ready).toMatchObject({ state: 'ready', report: { format: 'filegdb', imported: 1, crs: 'NAD83 / North Carolina (ftUS)' } });
    expect(ready.sample!.bbox![0]).toBeCloseTo(-80, 5);
    expect((await app.request(`/api/admin/imports/${job.id}`, { method: 'DELETE', token: admin })).status).toBe(204);
  });

  it('refuses an import that would lose the data set: nothing published, Publish answers 409', async () => {
    const before = await datasets();
    const job = await newImport();
    await upload(job.id, 'renamed.geojson', JSON.stringify(featureCollection([{ properties: { MAP_LOT: 'X-1' }, geometry: squarePolygon(-80, 36, 0.001) }])));
    await app.request(`/api/admin/imports/${job.id}/validate`, { method: 'POST', token: admin, body: { file: 'renamed.geojson', dataset: 'demo', mapping: { kind: 'default' } } });
    const refused = await settled(job.id, 'validating');
    expect(refused).toMatchObject({ state: 'refused', report: { refusal: 'none of its 1 features is a valid parcel' } });
    const publish = await app.request(`/api/admin/imports/${job.id}/publish`, { method: 'POST', token: admin });
    expect(publish.status).toBe(409);
    expect(publish.json).toEqual({ message: 'Cannot publish an import that is refused' });
    expect(await datasets()).toEqual(before);
    expect((await app.request(`/api/admin/imports/${job.id}`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await app.request(`/api/admin/imports/${job.id}`, { token: admin })).status).toBe(404);
  });

  it('refuses uploads over the limit and file names with folders in them', async () => {
    const job = await newImport();
    const tooBig = await upload(job.id, 'big.geojson', Buffer.alloc(UPLOAD_LIMIT_BYTES + 1, 32));
    expect(tooBig.status).toBe(413);
    expect(tooBig.json).toEqual({ message: 'The upload is larger than the 20 MB limit' });
    expect((await upload(job.id, '..%2Fescape.geojson', 'x')).status).toBe(400);
    expect((await upload(job.id, '.hidden', 'x')).status).toBe(400);
    expect((await upload(job.id, 'ok.geojson', 'x', user)).status).toBe(403);
  });

  /** A job holding `pins` as data set `dataset`, validated. */
  const validatedJob = async (dataset: string, pins: string[], lon: number): Promise<ImportJob> => {
    const job = await newImport();
    await upload(job.id, `${dataset}.geojson`, JSON.stringify(featureCollection(pins.map((pin, i) => ({ properties: { PIN: pin }, geometry: squarePolygon(lon + i * 0.001, 36.5, 0.001) })))));
    await app.request(`/api/admin/imports/${job.id}/validate`, { method: 'POST', token: admin, body: { file: `${dataset}.geojson`, dataset, mapping: { kind: 'default' } } });
    const validated = await settled(job.id, 'validating');
    expect(validated).toMatchObject({ state: 'ready', report: { rejected: 0 } });
    return validated;
  };
  const publish = async (job: ImportJob) => expect((await app.request(`/api/admin/imports/${job.id}/publish`, { method: 'POST', token: admin })).status).toBe(202);

  // Validated side by side, neither saw the other's PINs served (issue #39 §4): the publish lock's check refuses the second.
  it('refuses to publish the second of two imports validated side by side that share a PIN, naming it and the data set serving it', async () => {
    const first = await validatedJob('first-county', ['FIRST-1', 'TWIN-1'], -78.5);
    const second = await validatedJob('second-county', ['SECOND-1', 'TWIN-1'], -78.4);
    await publish(first);
    expect(await settled(first.id, 'publishing')).toMatchObject({ state: 'published' });
    const before = await datasets();
    await publish(second);
    expect(await settled(second.id, 'publishing')).toMatchObject({
      state: 'failed',
      error: "PIN TWIN-1 is already served by data set 'first-county'; nothing was published: validate the import again to leave them out",
    });
    expect(await datasets()).toEqual(before);
    expect(((await app.request('/api/parcels/TWIN-1', { token: user })).json as { dataset: string }).dataset).toBe('first-county');
  });

  it('publishes one of two imports sharing a PIN whose publishes start together, and refuses the other', async () => {
    const jobs = [await validatedJob('third-county', ['THIRD-1', 'TWIN-2'], -78.3), await validatedJob('fourth-county', ['FOURTH-1', 'TWIN-2'], -78.2)];
    await Promise.all(jobs.map(publish));
    const outcomes = await Promise.all(jobs.map((job) => settled(job.id, 'publishing')));
    expect(outcomes.map((job) => job.state).sort()).toEqual(['failed', 'published']);
    const winner = outcomes.find((job) => job.state === 'published')!.report!.dataset.name;
    expect(outcomes.find((job) => job.state === 'failed')!.error).toBe(`PIN TWIN-2 is already served by data set '${winner}'; nothing was published: validate the import again to leave them out`);
    expect(((await app.request('/api/parcels/TWIN-2', { token: user })).json as { dataset: string }).dataset).toBe(winner);
  });

  it('lists every kept version with its file and publisher, rolls back and forward, sets the initial view to an extent, and removes a data set', async () => {
    const square = (pin: string) => ({ properties: { PIN: pin }, geometry: squarePolygon(-79, 36, 0.001) });
    const files = { 'EAST-1': JSON.stringify(featureCollection([square('EAST-1')])), 'EAST-2': JSON.stringify(featureCollection([square('EAST-2')]), null, 2) };
    // The first by the local import command's token, the second by the administrator signed in on the Data page.
    for (const [pin, token] of [['EAST-1', LOCAL_TOKEN], ['EAST-2', admin]] as const) {
      const next = await newImport();
      await upload(next.id, `${pin}.geojson`, files[pin]);
      await app.request(`/api/admin/imports/${next.id}/validate`, { method: 'POST', token: admin, body: { file: `${pin}.geojson`, dataset: 'east', mapping: { kind: 'default' } } });
      expect(await settled(next.id, 'validating')).toMatchObject({ state: 'ready' });
      await app.request(`/api/admin/imports/${next.id}/publish`, { method: 'POST', token });
      expect(await settled(next.id, 'publishing')).toMatchObject({ state: 'published', error: null });
    }
    const listed = async () => datasetVersionsAnswerSchema.parse((await app.request('/api/admin/datasets', { token: admin })).json).versions.filter((v) => v.name === 'east');
    expect((await listed()).map(({ version, current, file, publishedBy }) => ({ version, current, file, publishedBy }))).toEqual([
      { version: 2, current: true, file: { name: 'EAST-2.geojson', format: 'geojson', bytes: Buffer.byteLength(files['EAST-2']) }, publishedBy: TEST_ADMIN_EMAIL.toLowerCase() },
      { version: 1, current: false, file: { name: 'EAST-1.geojson', format: 'geojson', bytes: Buffer.byteLength(files['EAST-1']) }, publishedBy: null },
    ]);

    const rolledBack = await app.request('/api/admin/datasets/east/rollback', { method: 'POST', token: admin });
    expect(rolledBack.json).toMatchObject({ name: 'east', version: 1, current: true });
    expect((await app.request('/api/parcels/EAST-1', { token: user })).status).toBe(200);
    expect((await app.request('/api/parcels/EAST-2', { token: user })).status).toBe(404);
    const again = await app.request('/api/admin/datasets/east/rollback', { method: 'POST', token: admin });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ message: "Data set 'east' has no earlier version to roll back to" });

    // Roll forward: the version rolled back from is served again, as it was published.
    const dataVersionBefore = (await datasets()).dataVersion;
    const forward = await app.request('/api/admin/datasets/east/versions/2/publish', { method: 'POST', token: admin });
    expect(forward.json).toMatchObject({ name: 'east', version: 2, current: true, parcels: 1, file: { name: 'EAST-2.geojson' } });
    expect((await datasets()).dataVersion).toBeGreaterThan(dataVersionBefore);
    expect((await app.request('/api/parcels/EAST-2', { token: user })).status).toBe(200);
    expect((await app.request('/api/parcels/EAST-1', { token: user })).status).toBe(404);
    expect((await listed()).map((v) => [v.version, v.current])).toEqual([[2, true], [1, false]]);
    const refusals = await Promise.all(['east/versions/2', 'east/versions/7', 'nowhere/versions/1', 'east/versions/two'].map(async (path) => {
      const answer = await app.request(`/api/admin/datasets/${path}/publish`, { method: 'POST', token: admin });
      return [answer.status, (answer.json as { message: string }).message];
    }));
    expect(refusals).toEqual([
      [409, "Version 2 of data set 'east' is the one published already"],
      [404, "Data set 'east' keeps no version 7"],
      [404, "There is no data set named 'nowhere'"],
      [400, 'A version is a whole number from 1'],
    ]);
    expect((await app.request('/api/admin/datasets/east/versions/1/publish', { method: 'POST', token: user })).status).toBe(403);
    // And back to version 1 by the same route: any kept version, older or newer.
    expect((await app.request('/api/admin/datasets/east/versions/1/publish', { method: 'POST', token: admin })).json).toMatchObject({ version: 1, current: true });

    const view = await app.request('/api/admin/initial-view', { method: 'PUT', token: admin, body: { dataset: 'east' } });
    expect(view.json).toEqual({ initialView: { bounds: [-79, 36, expect.closeTo(-78.999, 9), expect.closeTo(36.001, 9)] } });
    expect((await datasets()).initialView).toEqual((view.json as { initialView: unknown }).initialView);
    expect((await app.request('/api/admin/initial-view', { method: 'PUT', token: admin, body: { dataset: 'nowhere' } })).status).toBe(404);
    expect((await app.request('/api/admin/initial-view', { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await datasets()).initialView).toBeNull();

    expect((await app.request('/api/admin/datasets/east', { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await datasets()).datasets.some((d) => d.name === 'east')).toBe(false);
    expect((await app.request('/api/admin/datasets/east', { method: 'DELETE', token: admin })).status).toBe(404);
  });
  it('imports an uploaded overlay and answers its report; a file mixing kinds is refused, an unreadable mapping is a 400', async () => {
    const lines = (count: number) => Array.from({ length: count }, (_, i) => ({ properties: { name: `Line ${i}` }, geometry: { type: 'LineString' as const, coordinates: [[-80, 36 + i * 0.001], [-79.99, 36]] } }));
    const overlayImport = async (name: string, content: object, body: Record<string, unknown>, mapping?: string) => {
      const job = await newImport();
      await upload(job.id, name, JSON.stringify(content));
      if (mapping !== undefined) await upload(job.id, 'mapping.json', mapping);
      const answer = await app.request(`/api/admin/imports/${job.id}/overlay`, { method: 'POST', token: admin, body: { file: name, ...body } });
      // A refused or dry-run import keeps its job; the tests after this one need the API's few job places.
      await app.request(`/api/admin/imports/${job.id}`, { method: 'DELETE', token: admin });
      return answer;
    };
    const published = await overlayImport('trails.geojson', featureCollection(lines(3)), { overlay: 'trails', label: 'Trails' });
    expect(published.status).toBe(200);
    expect(overlayImportReportSchema.parse(published.json)).toMatchObject({ file: 'trails.geojson', refusal: null, imported: 3, overlay: { name: 'trails', label: 'Trails', version: 1, geometryType: 'line' } });
    const versions = overlayVersionsAnswerSchema.parse((await app.request('/api/admin/overlays', { token: admin })).json).versions;
    expect(versions.map(({ name, version, current, features }) => ({ name, version, current, features }))).toEqual([{ name: 'trails', version: 1, current: true, features: 3 }]);

    const mixed = await overlayImport('mixed.geojson', featureCollection([...lines(1), { properties: {}, geometry: squarePolygon(-80, 36, 0.001) }]), { overlay: 'mixed' });
    expect((mixed.json as { refusal: string }).refusal).toBe('the file mixes lines and polygons: import each kind as its own overlay');
    const badMapping = await overlayImport('trails.geojson', featureCollection(lines(1)), { overlay: 'trails', mapping: 'mapping.json' }, '{ "overlay": {} }');
    expect(badMapping.status).toBe(400);
    expect((badMapping.json as { message: string }).message).toContain('invalid overlay mapping');
    expect((await app.request('/api/admin/overlays/trails/rollback', { method: 'POST', token: admin })).json).toEqual({ message: "Overlay 'trails' has no earlier version to roll back to" });

    // A mapping that comes with the product, named rather than uploaded, as the Data page offers them.
    const pond = featureCollection([{ properties: { NAME: 'Fresh Pond', TYPE: 'Reservoir' }, geometry: squarePolygon(-71.15, 42.38, 0.002) }]);
    const bundled = await overlayImport('ponds.geojson', pond, { overlay: 'ponds', bundledMapping: 'cambridge_water_bodies', dryRun: true });
    expect(overlayImportReportSchema.parse(bundled.json)).toMatchObject({ refusal: null, imported: 1, overlay: { label: 'Water bodies', context: 'water', licence: 'ODC Public Domain Dedication and License (PDDL) 1.0' } });
    const unknown = await overlayImport('ponds.geojson', pond, { overlay: 'ponds', bundledMapping: 'nowhere' });
    expect([unknown.status, unknown.json]).toEqual([400, { message: "There is no bundled overlay mapping named 'nowhere'" }]);
    const both = await overlayImport('ponds.geojson', pond, { overlay: 'ponds', bundledMapping: 'cambridge_water_bodies', mapping: 'mapping.json' }, '{}');
    expect([both.status, both.json]).toEqual([400, { message: 'Give an uploaded mapping or a bundled one, not both' }]);
    expect((await app.request('/api/admin/overlays/trails', { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await app.request('/api/admin/overlays/trails', { method: 'DELETE', token: admin })).status).toBe(404);
  });

  // The import command hands imagery to the API that holds the database, and the Data page uploads it: it lands while the map is served.
  it('imports an uploaded GeoTIFF, and a JPEG with its world file, as imagery listed at once; a VRT named .tif is refused without naming server folders', { timeout: 90_000 }, async () => {
    const imageryImport = async (files: string[], body: Record<string, unknown>) => {
      const job = await newImport();
      for (const file of files) await upload(job.id, path.basename(file), await readFile(file));
      return app.request(`/api/admin/imports/${job.id}/imagery`, { method: 'POST', token: admin, body: { file: path.basename(files[0]!), ...body } });
    };
    const spot = await imageryImport([SPOT_CHICAGO], { imagery: 'spot-chicago', label: 'SPOT 1990', attribution: 'SPOT Image', year: 1990 });
    expect(spot.status).toBe(200);
    const report = imageryImportReportSchema.parse(spot.json);
    expect(report).toMatchObject({ file: 'SP27GTIF.tiff', imagery: { name: 'spot-chicago', label: 'SPOT 1990', version: 1, year: 1990 }, width: 699, height: 929, bands: 1 });
    const listed = imageryAnswerSchema.parse((await app.request('/api/imagery')).json).imagery;
    expect(listed.map(({ name, label, version, year }) => ({ name, label, version, year }))).toEqual([{ name: 'spot-chicago', label: 'SPOT 1990', version: 1, year: 1990 }]);
    const pier = lonLatToTile(NAVY_PIER.lon, NAVY_PIER.lat, 14);
    const tile = await app.request(listed[0]!.tiles.replace('{z}', '14').replace('{x}', String(pier.x)).replace('{y}', String(pier.y)));
    expect(tile.status).toBe(200);

    const dir = await fixtureDir();
    const jpeg = await writeJpegWithWorldFile(dir);
    const withoutCrs = await imageryImport([jpeg, path.join(dir, 'chicago.jgw')], { imagery: 'chicago-jpeg' });
    expect(withoutCrs.status).toBe(400);
    expect((withoutCrs.json as { message: string }).message).toContain('--crs');
    const undated = await imageryImport([jpeg, path.join(dir, 'chicago.jgw')], { imagery: 'chicago-jpeg', crs: 'EPSG:26771', year: 1850 });
    expect(undated.status).toBe(400);
    expect((undated.json as { message: string }).message).toMatch(/^Invalid imagery import: year /);
    const placed = await imageryImport([jpeg, path.join(dir, 'chicago.jgw')], { imagery: 'chicago-jpeg', crs: 'EPSG:26771', year: 1985 });
    expect(placed.status).toBe(200);
    expect(imageryImportReportSchema.parse(placed.json)).toMatchObject({ file: 'chicago.jpg', imagery: { name: 'chicago-jpeg', label: 'chicago-jpeg', version: 1, year: 1985 } });
    const noWorldFile = await imageryImport([jpeg], { imagery: 'chicago-jpeg', crs: 'EPSG:26771' });
    expect(noWorldFile.status).toBe(400);
    expect((noWorldFile.json as { message: string }).message).toMatch(/^chicago\.jpg: a \.jpg image is placed on the map by a world file beside it/);

    const vrt = await imageryImport([await writeVrtNamedTif(dir)], { imagery: 'innocent' });
    expect(vrt.status).toBe(400);
    const refusal = (vrt.json as { message: string }).message;
    expect(refusal).toMatch(/^innocent\.tif: named as /);
    expect(refusal).not.toContain(app.config.importWorkDir);
    // Oldest first by the photos' year, not as published nor by name: the map's "newest available" style stacks them so.
    expect(imageryAnswerSchema.parse((await app.request('/api/imagery')).json).imagery.map(({ name, year }) => [name, year])).toEqual([['chicago-jpeg', 1985], ['spot-chicago', 1990]]);
  });

  // After the imports above: the datasets command's --imagery through the API, and the Data page's.
  it('lists the kept imagery versions without their files, rolls back, and removes a layer with its files', async () => {
    const versions = async () => imageryVersionsAnswerSchema.parse((await app.request('/api/admin/imagery', { token: admin })).json).versions;
    const listed = await versions();
    expect(listed.map(({ name, version, current, minzoom, maxzoom }) => ({ name, version, current, minzoom, maxzoom }))).toEqual([
      { name: 'chicago-jpeg', version: 1, current: true, minzoom: 10, maxzoom: 14 },
      { name: 'spot-chicago', version: 1, current: true, minzoom: 10, maxzoom: 14 },
    ]);
    expect(JSON.stringify(listed)).not.toContain('.tif');

    const noEarlier = await app.request('/api/admin/imagery/spot-chicago/rollback', { method: 'POST', token: admin });
    expect(noEarlier.status).toBe(409);
    expect(noEarlier.json).toEqual({ message: "Imagery layer 'spot-chicago' has no earlier version to roll back to" });

    const folder = path.join(app.config.imageryDir, 'spot-chicago');
    expect(existsSync(folder)).toBe(true);
    expect((await app.request('/api/admin/imagery/spot-chicago', { method: 'DELETE', token: admin })).status).toBe(204);
    expect(existsSync(folder)).toBe(false);
    expect(imageryAnswerSchema.parse((await app.request('/api/imagery')).json).imagery.map(({ name }) => name)).toEqual(['chicago-jpeg']);
    expect((await versions()).map(({ name }) => name)).toEqual(['chicago-jpeg']);
    const unknown = await app.request('/api/admin/imagery/spot-chicago', { method: 'DELETE', token: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ message: "There is no imagery layer named 'spot-chicago'" });
  });

  // The Data page uploads a county's orthophoto tiles as one .zip: mosaicked by the API's import.
  it('imports an uploaded .zip of orthophoto tiles as one image', { timeout: 90_000 }, async () => {
    const dir = await fixtureDir();
    const zip = zipOf(await writeTileFolder(dir), path.join(dir, 'tiles.zip'));
    const job = await newImport();
    await upload(job.id, 'tiles.zip', await readFile(zip));
    const published = await app.request(`/api/admin/imports/${job.id}/imagery`, { method: 'POST', token: admin, body: { file: 'tiles.zip', imagery: 'tiled' } });
    expect(published.status).toBe(200);
    expect(imageryImportReportSchema.parse(published.json)).toMatchObject({ file: 'tiles.zip', format: '4 GeoTIFF tiles mosaicked (VRT/Virtual Raster)', imagery: { name: 'tiled', version: 1 } });
    expect((await app.request('/api/admin/imagery/tiled', { method: 'DELETE', token: admin })).status).toBe(204);
  });
});
