// Issue #39 points 4, 5 (the API's half) and 7 against a running API, on each database: uploads side by
// side against the upload budget, the caps on imports and bytes per instance, a JSON upload, the work
// folder's mode and sweep, a failed import's error, and two imports sharing PINs published one after the
// other and at once.
import { mkdir, readdir, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { importJobSchema, type ImportJob } from '../../shared/src/datasets/importContract.ts';
import { apiPorts, didNotComplete, freshDatabase, inEachMode, openApiFixture, seconds, type DbMode } from '../support/apiFixture.ts';
import { startApiOn } from '../support/apiOnDatabase.ts';
import type { HardeningCheck, HardeningContext, HardeningOutcome } from '../types.ts';

const KB = 1024;
const MB = 1024 * KB;
const LIMITS = { MAX_UPLOAD_MB: '1', IMPORT_MAX_STORED_MB: '2', IMPORT_MAX_JOBS: '3' };
const PARALLEL_UPLOADS = 5;
const UPLOAD_BYTES = 300 * KB;
const CHUNK_BYTES = 16 * KB;
const HOUR_MS = 60 * 60_000;
const POLL_MS = 50;

interface Admin {
  /** Status and parsed JSON body (undefined when none). */
  call(method: string, route: string, init?: { body?: BodyInit; headers?: Record<string, string> }): Promise<{ status: number; json: unknown }>;
  newImport(): Promise<ImportJob>;
  job(id: string): Promise<ImportJob>;
  discard(id: string): Promise<void>;
  upload(id: string, name: string, body: Buffer | string, contentType?: string): Promise<number>;
  /** Until the job leaves `state`. */
  settled(id: string, state: ImportJob['state']): Promise<ImportJob>;
}

function adminClient(baseUrl: string, token: string): Admin {
  const call: Admin['call'] = async (method, route, init = {}) => {
    const response = await fetch(`${baseUrl}/api/admin${route}`, { method, body: init.body, headers: { authorization: `Bearer ${token}`, ...init.headers }, ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit);
    const text = await response.text();
    return { status: response.status, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
  };
  const job = async (id: string) => importJobSchema.parse((await call('GET', `/imports/${id}`)).json);
  return {
    call,
    job,
    newImport: async () => importJobSchema.parse((await call('POST', '/imports')).json),
    async discard(id) {
      await call('DELETE', `/imports/${id}`);
    },
    upload: async (id, name, body, contentType = 'application/octet-stream') =>
      (await call('PUT', `/imports/${id}/files/${encodeURIComponent(name)}`, { body: new Uint8Array(Buffer.from(body)), headers: { 'content-type': contentType } })).status,
    async settled(id, state) {
      for (;;) {
        const current = await job(id);
        if (current.state !== state) return current;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
  };
}

/** `use` on a new import, discarded after whatever happens, so a row that fails leaves the next its room. */
async function withImport<T>(admin: Admin, use: (job: ImportJob) => Promise<T>): Promise<T> {
  const job = await admin.newImport();
  try {
    return await use(job);
  } finally {
    await admin.discard(job.id);
  }
}

const storedBytes = (job: ImportJob) => job.files.reduce((sum, file) => sum + file.bytes, 0);
const statuses = (codes: number[]) => [...new Set(codes)].sort().map((code) => `${code === 0 ? 'cut off' : code}×${codes.filter((other) => other === code).length}`).join(', ');

/** Five uploads into one import at once, with Content-Length and then chunked: never more than MAX_UPLOAD_MB stored. */
async function parallelUploads(admin: Admin): Promise<Omit<HardeningOutcome, 'tried'>> {
  const [sizedCodes, sizedStored] = await withImport(admin, async (sized) => {
    const codes = await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, (_, i) => admin.upload(sized.id, `sized${i}.bin`, Buffer.alloc(UPLOAD_BYTES, i))));
    return [codes, storedBytes(await admin.job(sized.id))] as const;
  });
  const [chunkedCodes, chunkedStored] = await withImport(admin, async (chunked) => {
    const codes = await Promise.all(
    Array.from({ length: PARALLEL_UPLOADS }, async (_, i) => {
      let sent = 0;
      // No Content-Length: the body is a stream, sent in chunks as the server reads them.
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= UPLOAD_BYTES) return controller.close();
          controller.enqueue(new Uint8Array(CHUNK_BYTES).fill(i));
          sent += CHUNK_BYTES;
        },
      });
      return admin.call('PUT', `/imports/${chunked.id}/files/chunked${i}.bin`, { body, headers: { 'content-type': 'application/octet-stream' } }).then(({ status }) => status, () => 0);
    }),
    );
    return [codes, storedBytes(await admin.job(chunked.id))] as const;
  });
  const answered = (codes: number[]) => codes.every((code) => code === 200 || code === 413) && codes.includes(413);
  return {
    held: sizedStored <= MB && chunkedStored <= MB && answered(sizedCodes) && answered(chunkedCodes),
    detail:
      `${PARALLEL_UPLOADS} × ${UPLOAD_BYTES / KB} KB at once with Content-Length: ${statuses(sizedCodes)}, ${sizedStored / KB} KB stored; ` +
      `chunked: ${statuses(chunkedCodes)}, ${chunkedStored / KB} KB stored (limit 1,024 KB)`,
  };
}

/** IMPORT_MAX_JOBS and IMPORT_MAX_STORED_MB. */
async function instanceCaps(admin: Admin): Promise<Omit<HardeningOutcome, 'tried'>> {
  const jobs = [await admin.newImport(), await admin.newImport(), await admin.newImport()];
  let fourth, filled, overTotal;
  try {
    fourth = await admin.call('POST', '/imports');
    filled = [await admin.upload(jobs[0]!.id, 'a.bin', Buffer.alloc(MB - KB)), await admin.upload(jobs[1]!.id, 'b.bin', Buffer.alloc(MB - KB))];
    overTotal = await admin.call('PUT', `/imports/${jobs[2]!.id}/files/c.bin`, { body: new Uint8Array(100 * KB), headers: { 'content-type': 'application/octet-stream' } });
  } finally {
    for (const { id } of jobs) await admin.discard(id);
  }
  const message = (answer: { json: unknown }) => (answer.json as { message?: string } | undefined)?.message ?? '';
  return {
    held: fourth.status === 429 && message(fourth).includes('IMPORT_MAX_JOBS') && filled.every((code) => code === 200) && overTotal.status === 413 && message(overTotal).includes('IMPORT_MAX_STORED_MB'),
    detail: `a 4th import with 3 held: ${fourth.status} "${message(fourth)}"; 100 KB more with 2 × 1,023 KB held: ${overTotal.status} "${message(overTotal)}"`,
  };
}

async function jsonUpload(admin: Admin): Promise<Omit<HardeningOutcome, 'tried'>> {
  const [small, large, form, files] = await withImport(admin, async (job) => [
    await admin.upload(job.id, 'parcels.geojson', '{"type":"FeatureCollection","features":[]}', 'application/json'),
    await admin.upload(job.id, 'parcels.geojson', `[${'0,'.repeat(200 * KB)}0]`, 'application/json'),
    await admin.upload(job.id, 'parcels.geojson', '--x--', 'multipart/form-data; boundary=x'),
    (await admin.job(job.id)).files.length,
  ]);
  return { held: small === 415 && large === 415 && form === 415 && files === 0, detail: `JSON: ${small}, JSON of 400 KB: ${large}, a form: ${form}; ${files} files stored` };
}

/** The work folder's mode, the planted leftovers swept at start, and a failed import's error. */
async function workDirAndErrors(admin: Admin, workDir: string, dataDir: string): Promise<Omit<HardeningOutcome, 'tried'>> {
  const [modes, left, failed] = await withImport(admin, async (job) => {
    const folderModes = [(await stat(workDir)).mode & 0o777, (await stat(path.join(workDir, job.id))).mode & 0o777];
    const kept = (await readdir(workDir)).filter((name) => name !== job.id).sort();
    await admin.upload(job.id, 'parcels.geojson', '{"type":"FeatureCollection","features":[]}');
    await admin.upload(job.id, 'my mapping.json', '{ not json');
    await admin.call('POST', `/imports/${job.id}/validate`, { body: JSON.stringify({ file: 'parcels.geojson', mapping: { kind: 'uploaded', file: 'my mapping.json' } }), headers: { 'content-type': 'application/json' } });
    return [folderModes, kept, await admin.settled(job.id, 'validating')] as const;
  });
  const error = failed.error ?? '';
  const namesServerPath = error.includes(dataDir) || error.includes(workDir) || /(^|[\s'"(])\/\w/.test(error);
  return {
    held: modes.every((mode) => mode === 0o700) && left.join() === 'recent-leftover' && failed.state === 'failed' && error.startsWith('my mapping.json: ') && !namesServerPath,
    detail: `work folder and an import's folder mode ${modes.map((mode) => mode.toString(8)).join(' and ')}; after start, of 'stale-leftover' (2 h old) and 'recent-leftover': ${left.join(', ') || 'none'} kept; a failed import's error: "${error}"`,
  };
}

/** Two imports sharing PINs, validated side by side, published one after the other and then at once. */
async function sharedPins(admin: Admin): Promise<Omit<HardeningOutcome, 'tried'>> {
  let lon = -80.95;
  const validated = async (dataset: string, pins: string[]) => {
    const job = await admin.newImport();
    const features = pins.map((pin) => {
      lon += 0.001;
      return { type: 'Feature', properties: { PIN: pin }, geometry: { type: 'Polygon', coordinates: [[[lon, 35.5], [lon + 0.001, 35.5], [lon + 0.001, 35.501], [lon, 35.501], [lon, 35.5]]] } };
    });
    await admin.upload(job.id, `${dataset}.geojson`, JSON.stringify({ type: 'FeatureCollection', features }));
    await admin.call('POST', `/imports/${job.id}/validate`, { body: JSON.stringify({ file: `${dataset}.geojson`, dataset, mapping: { kind: 'default' } }), headers: { 'content-type': 'application/json' } });
    const ready = await admin.settled(job.id, 'validating');
    if (ready.state !== 'ready') throw new Error(`${dataset} was ${ready.state} after validation: ${ready.error ?? ready.report?.refusal ?? ''}`);
    return ready;
  };
  const publish = async (job: ImportJob) => {
    await admin.call('POST', `/imports/${job.id}/publish`);
    return admin.settled(job.id, 'publishing');
  };
  const [east, west] = [await validated('hardening-east', ['HE-1', 'SHARED-1', 'SHARED-2']), await validated('hardening-west', ['HW-1', 'SHARED-1', 'SHARED-2'])];
  const inTurn = [await publish(east), await publish(west)];
  const [north, south] = [await validated('hardening-north', ['HN-1', 'SHARED-3']), await validated('hardening-south', ['HS-1', 'SHARED-3'])];
  const started = performance.now();
  const atOnce = await Promise.all([publish(north), publish(south)]);
  const atOnceMs = performance.now() - started;
  const states = (jobs: ImportJob[]) => jobs.map((job) => job.state).sort().join(' and ');
  const refusal = (jobs: ImportJob[]) => jobs.find((job) => job.state === 'failed')?.error ?? 'none';
  const winner = atOnce.find((job) => job.state === 'published')?.report?.dataset.name;
  return {
    held:
      inTurn[0]!.state === 'published' && inTurn[1]!.state === 'failed' && refusal(inTurn).startsWith("2 PINs are already served by data set 'hardening-east' (SHARED-1, SHARED-2)") &&
      states(atOnce) === 'failed and published' && refusal(atOnce).startsWith(`PIN SHARED-3 is already served by data set '${winner}'`),
    detail: `one after the other: ${states(inTurn)}, "${refusal(inTurn)}"; at once (${seconds(atOnceMs)}): ${states(atOnce)}, "${refusal(atOnce)}"`,
  };
}

async function runMode(mode: DbMode, context: HardeningContext): Promise<HardeningOutcome[]> {
  const fixture = await openApiFixture(`import-limits-${mode}`);
  const { database, drop } = await freshDatabase(mode, context, fixture, 'import_limits', 'testSquare');
  try {
    // PostgreSQL needs no DATA_DIR, but the work folder is under it by default.
    const dataDir = 'dataDir' in database ? database.dataDir : path.join(fixture.workDir, 'data');
    const workDir = path.join(dataDir, 'import-work');
    for (const name of ['stale-leftover', 'recent-leftover']) await mkdir(path.join(workDir, name), { recursive: true, mode: 0o755 });
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR_MS);
    await utimes(path.join(workDir, 'stale-leftover'), twoHoursAgo, twoHoursAgo);
    const email = `import-limits-${mode}-0@example.com`;
    const api = await startApiOn({ database, port: apiPorts(context)[0], jwt: fixture.identity.jwt, env: { ...LIMITS, DATA_DIR: dataDir, ADMIN_EMAILS: email } });
    try {
      const [user] = await fixture.signInUsers(`import-limits-${mode}`, 1);
      const admin = adminClient(api.baseUrl, await user!.jwt());
      const rows: [string, (admin: Admin) => Promise<Omit<HardeningOutcome, 'tried'>>][] = [
        [`five uploads at once into one import against MAX_UPLOAD_MB=1 (§5)`, parallelUploads],
        [`IMPORT_MAX_JOBS=3 and IMPORT_MAX_STORED_MB=2 (§5)`, instanceCaps],
        [`an upload sent as JSON or a form (§5)`, jsonUpload],
        [`the work folder under DATA_DIR: its mode, leftovers at start; a failed import's error (§5, §7)`, (client) => workDirAndErrors(client, workDir, dataDir)],
        [`two imports sharing PINs validated side by side, published one after the other and at once (§4)`, sharedPins],
      ];
      const outcomes: HardeningOutcome[] = [];
      for (const [what, run] of rows) {
        const tried = `importJobLimits (${mode}): ${what}`;
        outcomes.push(await run(admin).then((outcome) => ({ tried, ...outcome }), (error: unknown) => didNotComplete(tried, error)));
      }
      return outcomes;
    } finally {
      await api.stop();
    }
  } finally {
    await drop();
    await fixture.close();
  }
}

const check: HardeningCheck = {
  name: 'importJobLimits',
  run: (context) => inEachMode(context, 'importJobLimits', (mode) => runMode(mode, context)),
};

export default check;
