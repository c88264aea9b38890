// What one instance's imports may take (issue #39 §5, §7) on both databases: the upload budget reserved
// as each upload starts, the caps on jobs and on bytes held, uploads that are not a file's bytes, the work
// folder's mode and sweep, and failures that name no server path.
import { mkdir, mkdtemp, readdir, stat, utimes } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobSchema, type ImportJob } from '@parcel-map/shared/contracts';
import { parseApiConfig } from '../../app/config.ts';
import { startTestApp, TEST_ADMIN_EMAIL, type TestApp } from '../../testing/testApp.ts';
import { sweepWorkDir } from './importWorkDir.ts';
import { withoutServerPaths } from './withoutServerPaths.ts';

const KB = 1024;
const MB = 1024 * KB;
const LIMITS = { maxUploadBytes: 1 * MB, maxImportStoredBytes: 1.5 * MB, maxImportJobs: 3 };
const HOUR_MS = 60 * 60_000;

describe('import job limits', () => {
  let app: TestApp;
  let admin: string;
  let dataDir: string;
  let workDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'import-limits-'));
    workDir = path.join(dataDir, 'import-work');
    // What a killed process left: one folder an hour and more old, one just written (another instance's, maybe).
    await mkdir(path.join(workDir, 'stale-job'), { recursive: true, mode: 0o755 });
    await mkdir(path.join(workDir, 'recent-job'));
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR_MS);
    await utimes(path.join(workDir, 'stale-job'), twoHoursAgo, twoHoursAgo);
    app = await startTestApp({ seed: false, config: { ...LIMITS, dataDir, importWorkDir: workDir } });
    admin = await app.identity.sign('user-admin', { email: TEST_ADMIN_EMAIL });
  });
  afterAll(() => app.close());

  const newImport = async () => importJobSchema.parse((await app.request('/api/admin/imports', { method: 'POST', token: admin })).json);
  const job = async (id: string) => importJobSchema.parse((await app.request(`/api/admin/imports/${id}`, { token: admin })).json);
  const discard = async (id: string) => expect((await app.request(`/api/admin/imports/${id}`, { method: 'DELETE', token: admin })).status).toBe(204);
  const fileUrl = (id: string, name: string) => `/api/admin/imports/${id}/files/${encodeURIComponent(name)}`;
  const upload = (id: string, name: string, body: Buffer | string, contentType = 'application/octet-stream') =>
    app.request(fileUrl(id, name), { method: 'PUT', token: admin, rawBody: body, headers: { 'Content-Type': contentType } });
  /** What the job's folder holds on disk, in bytes. */
  const bytesOnDisk = async (id: string) => {
    let total = 0;
    for (const name of await readdir(path.join(workDir, id))) total += (await stat(path.join(workDir, id, name))).size;
    return total;
  };
  const listedBytes = (listed: ImportJob) => listed.files.reduce((sum, file) => sum + file.bytes, 0);

  it('keeps the work folder under DATA_DIR to its owner and sweeps, at start, the folders no import owns that are older than an idle import', async () => {
    expect(parseApiConfig({ DATA_DIR: '/srv/parcel-map' }).importWorkDir).toBe('/srv/parcel-map/import-work');
    const created = await newImport();
    expect((await stat(workDir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(workDir, created.id))).mode & 0o777).toBe(0o700);
    expect((await readdir(workDir)).sort()).toEqual([created.id, 'recent-job'].sort());
    await discard(created.id);
  });

  it('sweeps leftovers but never a live import, however old', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'import-sweep-'));
    for (const name of ['live', 'left', 'fresh']) await mkdir(path.join(dir, name));
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR_MS);
    for (const name of ['live', 'left']) await utimes(path.join(dir, name), twoHoursAgo, twoHoursAgo);
    expect(await sweepWorkDir(dir, new Set(['live']), HOUR_MS)).toEqual(['left']);
    expect((await readdir(dir)).sort()).toEqual(['fresh', 'live']);
  });

  it('reserves each upload\'s Content-Length as it starts: five 300 KB uploads at once into one import store three (900 KB of the 1 MB allowed)', async () => {
    const created = await newImport();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => upload(created.id, `part${n}.bin`, Buffer.alloc(300 * KB, n))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 413, 413]);
    expect(answers.find((answer) => answer.status === 413)!.json).toEqual({ message: 'The upload is larger than the 1 MB limit' });
    const listed = await job(created.id);
    expect(listedBytes(listed)).toBe(900 * KB);
    expect(await bytesOnDisk(created.id)).toBe(900 * KB);
    await discard(created.id);
  });

  it('reserves the bytes of uploads without a Content-Length as they arrive: five at once never hold more than the limit', async () => {
    const created = await newImport();
    const outcomes = await chunkedUploadsSideBySide(app.baseUrl, admin, [1, 2, 3, 4, 5].map((n) => fileUrl(created.id, `chunked${n}.bin`)), 300 * KB, 20 * KB);
    // Each one answered, none cut off (0).
    expect(outcomes.every((outcome) => outcome === 200 || outcome === 413)).toBe(true);
    expect(outcomes).toContain(413);
    expect(outcomes).toContain(200);
    const listed = await job(created.id);
    expect(listed.files.length).toBe(outcomes.filter((outcome) => outcome === 200).length);
    expect(listedBytes(listed)).toBeLessThanOrEqual(1 * MB);
    expect(await bytesOnDisk(created.id)).toBe(listedBytes(listed));
    await discard(created.id);
  });

  it('caps the bytes all imports hold at IMPORT_MAX_STORED_MB, and frees them when an import is discarded', async () => {
    const [first, second] = [await newImport(), await newImport()];
    expect((await upload(first.id, 'first.bin', Buffer.alloc(MB - KB))).status).toBe(200);
    const refused = await upload(second.id, 'second.bin', Buffer.alloc(600 * KB));
    expect(refused.status).toBe(413);
    expect(refused.json).toEqual({ message: 'The imports on this server already hold 1 of the 1.5 MB they may take (IMPORT_MAX_STORED_MB): publish or discard one, then upload again' });
    expect((await job(second.id)).files).toEqual([]);
    await discard(first.id);
    expect((await upload(second.id, 'second.bin', Buffer.alloc(600 * KB))).status).toBe(200);
    await discard(second.id);
  });

  it('caps the imports held at once at IMPORT_MAX_JOBS', async () => {
    const held = [await newImport(), await newImport(), await newImport()];
    const refused = await app.request('/api/admin/imports', { method: 'POST', token: admin });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ message: 'This server holds 3 imports already, the most it keeps at once (IMPORT_MAX_JOBS): publish or discard one first' });
    await discard(held[0]!.id);
    const next = await newImport();
    for (const { id } of [...held.slice(1), next]) await discard(id);
  });

  it('answers 415 to an upload that is not a file\'s bytes, after the administrator check, and stores nothing', async () => {
    const created = await newImport();
    const message = "Send the file's bytes as the request body, with Content-Type application/octet-stream: a JSON or form body is not a file";
    // Over the JSON body limit too: the route answers, not the JSON parser.
    for (const [type, body] of [['application/json', '{"type":"FeatureCollection","features":[]}'], ['application/json', ''], ['Application/JSON', '{}'], ['application/json; charset=utf-8', `[${'0,'.repeat(100 * KB)}0]`], ['multipart/form-data; boundary=x', '--x--']]) {
      const answer = await upload(created.id, 'parcels.geojson', body!, type);
      expect([type, answer.status, answer.json]).toEqual([type, 415, { message }]);
    }
    const user = await app.identity.sign('user-plain', { email: 'someone@example.com' });
    expect((await app.request(fileUrl(created.id, 'parcels.geojson'), { method: 'PUT', token: user, body: {} })).status).toBe(403);
    expect((await job(created.id)).files).toEqual([]);
    expect(await readdir(path.join(workDir, created.id))).toEqual([]);
    await discard(created.id);
  });

  it('names the uploaded file but no server folder in a failed import\'s error', async () => {
    const created = await newImport();
    await upload(created.id, 'parcels.geojson', '{"type":"FeatureCollection","features":[]}');
    await upload(created.id, 'my mapping.json', '{ not json');
    await app.request(`/api/admin/imports/${created.id}/validate`, { method: 'POST', token: admin, body: { file: 'parcels.geojson', mapping: { kind: 'uploaded', file: 'my mapping.json' } } });
    let failed = await job(created.id);
    while (failed.state === 'validating') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      failed = await job(created.id);
    }
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/^my mapping\.json: cannot read the mapping \(.+\)$/);
    expect(failed.error).not.toContain(dataDir);
    await discard(created.id);
  });
});

describe('withoutServerPaths', () => {
  const dirs = ['/srv/parcel map/import-work/4f1c', '/srv/parcel map/import-work', '/srv/parcel map'];

  it('names the import\'s files as uploaded and cuts every other absolute path to its last name', () => {
    expect(withoutServerPaths("ENOENT: no such file or directory, open '/srv/parcel map/import-work/4f1c/my file.shp'", dirs)).toBe("ENOENT: no such file or directory, open 'my file.shp'");
    expect(withoutServerPaths('ogr2ogr: /usr/share/gdal/header.dxf: not found; see /srv/parcel map/pglite', dirs)).toBe('ogr2ogr: header.dxf: not found; see pglite');
    expect(withoutServerPaths('cannot open /srv/parcel map/import-work', dirs)).toBe('cannot open import-work');
  });

  it('leaves alone what is not an absolute path', () => {
    const message = 'the file mixes lines and polygons: see https://gdal.org/drivers/vector/index.html and ./relative/path, 3/4 N/A';
    expect(withoutServerPaths(message, dirs)).toBe(message);
  });
});

/**
 * PUTs `size` bytes to each of `urls` at once, chunked (no Content-Length), one `chunk` to each in turn,
 * so the uploads run side by side; answers each one's status, or 0 when the server cut it off.
 */
async function chunkedUploadsSideBySide(baseUrl: string, token: string, urls: string[], size: number, chunk: number): Promise<number[]> {
  const uploads = urls.map((url) => {
    const req = httpRequest(baseUrl + url, { method: 'PUT', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream' } });
    let settled = false;
    const outcome = new Promise<number>((resolve) => {
      req.on('response', (res) => {
        settled = true;
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => {
        settled = true;
        resolve(0);
      });
    });
    return { req, outcome, isSettled: () => settled };
  });
  for (let sent = 0; sent < size; sent += chunk) {
    for (const { req, isSettled } of uploads) {
      if (!isSettled()) await new Promise<void>((resolve) => req.write(Buffer.alloc(Math.min(chunk, size - sent), 7), () => resolve()));
    }
  }
  for (const { req, isSettled } of uploads) if (!isSettled()) req.end();
  return Promise.all(uploads.map(({ outcome }) => outcome));
}
