// Issue #39 point 1 against the real import command and the Data page, on each database: a GDAL
// virtual source (<OGRVRTDataSource>) reading a file outside the import, a URL, a slice of a file, or
// the database itself (deleting a row, through the credentials the server holds), in a file of every
// extension GDAL reads, is refused — as parcels and as an overlay — while a listener on loopback records
// no connection, the secret file's text is in no data set and no answer, and a canary row survives.
// Then a real county file of each format still imports.
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { openDb } from '../../database/src/openDb.ts';
import { importJobSchema, type ImportJob } from '../../shared/src/datasets/importContract.ts';
import { apiPorts, freshDatabase, inEachMode, openApiFixture, type DbMode } from '../support/apiFixture.ts';
import { startApiOn, type ApiDatabase } from '../support/apiOnDatabase.ts';
import { COMPILED, startServerProcess } from '../support/childProcesses.ts';
import type { HardeningCheck, HardeningContext, HardeningOutcome } from '../types.ts';

const SECRET = 'LOCAL-IDENTITY-PRIVATE-KEY-HARDENING-39';
const CANARY = 'hardening-canary-39';
const REFUSED = 'but it holds a GDAL virtual source (<OGRVRTDataSource>)';
const OVERLAYS = '/work/shared/data/cambridge_ma_overlays';
const POLL_MS = 50;

interface Listener {
  port: number;
  connections: () => number;
  close: () => Promise<void>;
}

/** A TCP listener on loopback keeping count of the connections made to it: HTTP and PostgreSQL alike. */
async function loopbackListener(): Promise<Listener> {
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const virtualSource = (source: string, inner: string) => `<OGRVRTDataSource><OGRVRTLayer name="parcels"><SrcDataSource>${source}</SrcDataSource>${inner}</OGRVRTLayer></OGRVRTDataSource>`;

/**
 * Each attack's virtual source. On PostgreSQL, `PG:` with no parameters reaches the API's own
 * database through the libpq variables it is given (as a server's would be); on PGlite there is no
 * server to reach, so it names the listener.
 */
function attacks(secretFile: string, listener: Listener, mode: DbMode): Record<string, string> {
  const rows = '<GeometryField encoding="WKT" field="WKT"/>';
  return {
    'a file outside the import': virtualSource(secretFile, `<SrcLayer>signing-key</SrcLayer>${rows}`),
    'a URL on loopback (/vsicurl/)': virtualSource(`/vsicurl/http://127.0.0.1:${listener.port}/parcels.csv`, `<SrcLayer>parcels</SrcLayer>${rows}`),
    'a slice of a file (/vsisubfile/)': virtualSource(`/vsisubfile/0_4096,${secretFile}`, `<SrcLayer>signing-key</SrcLayer>${rows}`),
    'the database (PG:, deleting the canary row)': virtualSource(mode === 'postgres' ? 'PG:' : `PG:host=127.0.0.1 port=${listener.port} dbname=parcels`, `<SrcSQL>DELETE FROM hardening_canary</SrcSQL>`),
  };
}

/** The file kinds GDAL reads, each holding `payload` where GDAL would look; a .gdb folder goes to the import command only. */
const CARRIERS: Record<string, (dir: string, payload: string) => Promise<string>> = {
  '.csv': (dir, payload) => written(path.join(dir, 'parcels.csv'), payload),
  '.gpkg': (dir, payload) => written(path.join(dir, 'parcels.gpkg'), payload),
  '.kml': (dir, payload) => written(path.join(dir, 'parcels.kml'), payload),
  '.topojson': (dir, payload) => written(path.join(dir, 'parcels.topojson'), payload),
  '.kmz': (dir, payload) => {
    const zip = new AdmZip();
    zip.addFile('doc.kml', Buffer.from(payload));
    return written(path.join(dir, 'parcels.kmz'), zip.toBuffer());
  },
  '.zip of a .gdb folder': async (dir, payload) => {
    const zip = new AdmZip();
    zip.addLocalFolder(await geodatabase(dir, payload), 'parcels.gdb');
    return written(path.join(dir, 'parcels-gdb.zip'), zip.toBuffer());
  },
  '.geojson holding TopoJSON': (dir, payload) => written(path.join(dir, 'parcels.geojson'), JSON.stringify({ type: 'Topology', source: payload, objects: {}, arcs: [] })),
};

async function written(file: string, content: string | Buffer): Promise<string> {
  await writeFile(file, content);
  return file;
}

async function geodatabase(dir: string, payload: string): Promise<string> {
  const folder = path.join(dir, 'parcels.gdb');
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'a00000001.gdbtable'), payload);
  return folder;
}

/** Every attack as every kind of file, each in a folder of its own. */
async function attackFiles(root: string, payloads: Record<string, string>, carriers: Record<string, (dir: string, payload: string) => Promise<string>>) {
  const files: { label: string; file: string }[] = [];
  for (const [attack, payload] of Object.entries(payloads)) {
    for (const [kind, write] of Object.entries(carriers)) {
      const dir = path.join(root, `${files.length}`);
      await mkdir(dir, { recursive: true });
      files.push({ label: `${attack} as a ${kind}`, file: await write(dir, payload) });
    }
  }
  return files;
}

function databaseEnv(database: ApiDatabase): Record<string, string> {
  if ('dataDir' in database) return { DATABASE_URL: '', DATA_DIR: database.dataDir };
  const url = new URL(database.databaseUrl);
  // The credentials a server's environment holds: what `PG:` alone would connect with.
  return { DATABASE_URL: database.databaseUrl, PGHOST: url.hostname, PGPORT: url.port || '5432', PGUSER: decodeURIComponent(url.username), PGDATABASE: url.pathname.slice(1) };
}

async function withDb<T>(database: ApiDatabase, use: (query: (sql: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T> {
  const { db } = await openDb({ databaseUrl: 'databaseUrl' in database ? database.databaseUrl : undefined, dataDir: 'dataDir' in database ? database.dataDir : '' });
  try {
    return await use(async (sql) => (await db.query(sql)).rows as Record<string, unknown>[]);
  } finally {
    await db.close();
  }
}

/**
 * Import commands running at once: each spends seconds starting node and loading its TypeScript, on
 * one core, and the machine has two.
 */
const COMMANDS_AT_ONCE = 2;
const UPLOADS_AT_ONCE = 2;

/** `run` on every item, `atOnce` at a time. */
async function inTurns<T>(items: T[], atOnce: number, run: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < items.length; index = next++) await run(items[index]!, index);
  };
  await Promise.all(Array.from({ length: atOnce }, lane));
}

/** `npm run import -- FILE [ARGS]`: its exit code and what it wrote. */
async function importCommand(file: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const command = startServerProcess(process.execPath, [COMPILED.importCommand, file, ...args], env);
  const { code } = await command.exited;
  return { code, output: command.output() };
}

interface Admin {
  call(method: string, route: string, body?: unknown): Promise<{ status: number; text: string }>;
  upload(name: string, file: string): Promise<string>;
}

/** `jwt` is asked at each call: the Data-page part outlasts a session JWT's minutes on a busy machine. */
function adminClient(baseUrl: string, jwt: () => Promise<string>): Admin {
  const call: Admin['call'] = async (method, route, body) => {
    const isFile = Buffer.isBuffer(body);
    const response = await fetch(`${baseUrl}/api/admin${route}`, {
      method,
      headers: { authorization: `Bearer ${await jwt()}`, ...(body === undefined ? {} : { 'content-type': isFile ? 'application/octet-stream' : 'application/json' }) },
      body: body === undefined ? undefined : isFile ? new Uint8Array(body) : JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };
  return {
    call,
    /** A new import holding `file` as `name`: its id. */
    async upload(name, file) {
      const created = await call('POST', '/imports');
      if (created.status !== 201 && created.status !== 200) throw new Error(`a new import: ${created.status} ${created.text}`);
      const job = importJobSchema.parse(JSON.parse(created.text));
      const put = await call('PUT', `/imports/${job.id}/files/${encodeURIComponent(name)}`, await readFile(file));
      if (put.status !== 200) throw new Error(`uploading ${name}: ${put.status} ${put.text}`);
      return job.id;
    },
  };
}

/** Validates the upload as parcels (default mapping) until it settles, then discards the import (IMPORT_MAX_JOBS holds few). */
async function validated(admin: Admin, id: string, name: string): Promise<ImportJob> {
  await admin.call('POST', `/imports/${id}/validate`, { file: name, mapping: { kind: 'default' } });
  for (;;) {
    const job = importJobSchema.parse(JSON.parse((await admin.call('GET', `/imports/${id}`)).text));
    if (job.state !== 'validating') {
      await admin.call('DELETE', `/imports/${id}`);
      return job;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Real county files in each format GDAL reads, made from Cambridge's layers where the county publishes GeoJSON. */
async function countyFiles(dir: string): Promise<{ kind: string; file: string }[]> {
  await mkdir(dir, { recursive: true });
  const ogr2ogr = (...args: string[]) => execFileSync('ogr2ogr', args, { stdio: 'pipe' });
  const geodatabaseFolder = path.join(dir, 'zoning.gdb');
  ogr2ogr('-f', 'OpenFileGDB', '-t_srs', 'EPSG:2249', geodatabaseFolder, path.join(OVERLAYS, 'zoning_districts.geojson'), '-nln', 'zoning');
  const zipped = new AdmZip();
  zipped.addLocalFolder(geodatabaseFolder, 'zoning.gdb');
  const files = [
    { kind: '.topojson', file: path.join(OVERLAYS, 'roads_edge_of_pavement.topojson') },
    { kind: '.gpkg', file: path.join(dir, 'wetlands.gpkg'), from: 'wetlands.geojson', format: 'GPKG', options: ['-t_srs', 'EPSG:2249'] },
    { kind: '.kml', file: path.join(dir, 'water.kml'), from: 'water_bodies.geojson', format: 'KML', options: [] },
    { kind: '.kmz', file: path.join(dir, 'water.kmz'), from: 'water_bodies.geojson', format: 'LIBKML', options: [] },
    { kind: '.csv', file: path.join(dir, 'flood.csv'), from: 'fema_floodplains_100_year.geojson', format: 'CSV', options: ['-lco', 'GEOMETRY=AS_WKT'] },
    { kind: '.zip of a .gdb folder', file: await written(path.join(dir, 'zoning-gdb.zip'), zipped.toBuffer()) },
  ];
  for (const made of files) if ('from' in made) ogr2ogr('-f', made.format!, ...made.options!, made.file, path.join(OVERLAYS, made.from!));
  return [...files.map(({ kind, file }) => ({ kind, file })), { kind: '.gdb folder', file: geodatabaseFolder }];
}

async function runMode(mode: DbMode, context: HardeningContext): Promise<HardeningOutcome[]> {
  const fixture = await openApiFixture(`gdal-sources-${mode}`);
  const { database, drop } = await freshDatabase(mode, context, fixture, 'gdal_sources', 'testSquare');
  const listener = await loopbackListener();
  const outcomes: HardeningOutcome[] = [];
  const answers: string[] = [];
  try {
    const secretFile = path.join(fixture.workDir, 'outside', 'signing-key.csv');
    await mkdir(path.dirname(secretFile), { recursive: true });
    await writeFile(secretFile, `PIN,OWNER,WKT\nS-1,${SECRET},"POLYGON ((-80.86 35.62,-80.859 35.62,-80.859 35.621,-80.86 35.62))"\n`);
    await withDb(database, async (query) => {
      await query('CREATE TABLE IF NOT EXISTS hardening_canary (note text)');
      await query(`INSERT INTO hardening_canary VALUES ('${CANARY}')`);
    });
    const env = databaseEnv(database);
    const payloads = attacks(secretFile, listener, mode);

    // The import command: each attack as parcels and as an overlay, each run in another kind of file.
    const kinds = Object.entries({ ...CARRIERS, '.gdb folder': geodatabase });
    const commandRuns = Object.entries(payloads).flatMap(([attack, payload]) => (['parcels', 'overlay'] as const).map((target) => ({ attack, payload, target })));
    const commandFailures: string[] = [];
    const runs = commandRuns.length;
    const started = performance.now();
    // Refused before the database is opened, so runs can overlap without racing for it.
    await inTurns(commandRuns, COMMANDS_AT_ONCE, async ({ attack, payload, target }, index) => {
      const [kind, write] = kinds[index % kinds.length]!;
      const dir = path.join(fixture.workDir, 'command', `${index}`);
      await mkdir(dir, { recursive: true });
      const run = await importCommand(await write(dir, payload), target === 'parcels' ? [] : ['--overlay', 'attack'], env);
      answers.push(run.output);
      if (run.code === 0 || !run.output.includes(REFUSED)) commandFailures.push(`${attack} as a ${kind} (${target}): exit ${run.code}, ${run.output.trim().split('\n').slice(-2).join(' ')}`);
    });
    outcomes.push({
      tried: `gdalSources (${mode}): the import command given each GDAL virtual source as parcels and as an overlay, each run another kind of file (${runs} runs)`,
      held: commandFailures.length === 0,
      detail: commandFailures.length === 0 ? `all ${runs} refused (exit 1, "… ${REFUSED}") in ${((performance.now() - started) / 1000).toFixed(1)} s` : commandFailures.slice(0, 3).join('; '),
    });

    // A real county file of each format still imports: a .gdb folder through the command (a folder is not uploaded), the rest on the Data page.
    const county = await countyFiles(path.join(fixture.workDir, 'county'));
    const imported: string[] = [];
    const countyFailures: string[] = [];
    const countyImport = (kind: string, answer: string, report: { imported: number; refusal: string | null } | undefined) => {
      if (!report || report.refusal !== null || report.imported === 0) countyFailures.push(`${kind}: ${answer.trim().split('\n').slice(-2).join(' ').slice(0, 300)}`);
      else imported.push(`${kind} ${report.imported}`);
    };
    for (const { kind, file } of county.filter(({ kind }) => kind === '.gdb folder')) {
      const reportFile = path.join(fixture.workDir, 'county-gdb.json');
      const run = await importCommand(file, ['--overlay', 'county', '--dry-run', '--report', reportFile], env);
      countyImport(kind, run.output, run.code === 0 ? (JSON.parse(await readFile(reportFile, 'utf8')) as { imported: number; refusal: string | null }) : undefined);
    }

    // The Data page: every attack as every kind of file, uploaded and validated as parcels, and imported as an overlay.
    const email = `gdal-sources-${mode}-0@example.com`;
    const api = await startApiOn({ database, port: apiPorts(context)[0], jwt: fixture.identity.jwt, env: { ...env, ADMIN_EMAILS: email } });
    try {
      const [user] = await fixture.signInUsers(`gdal-sources-${mode}`, 1);
      const admin = adminClient(api.baseUrl, () => user!.jwt());
      const uploadFiles = await attackFiles(path.join(fixture.workDir, 'uploads'), payloads, CARRIERS);
      const uploadFailures: string[] = [];
      // Each validation starts a worker thread, mostly on one core: two at a time keep both busy (IMPORT_MAX_JOBS holds them).
      await inTurns(uploadFiles, UPLOADS_AT_ONCE, async ({ label, file }) => {
        const name = path.basename(file);
        const parcels = await validated(admin, await admin.upload(name, file), name);
        const overlay = await admin.call('POST', `/imports/${await admin.upload(name, file)}/overlay`, { file: name, overlay: 'attack' });
        answers.push(JSON.stringify(parcels), overlay.text);
        if (parcels.state !== 'failed' || !parcels.error?.includes(REFUSED)) uploadFailures.push(`${label} as parcels: ${parcels.state} ${parcels.error ?? ''}`);
        if (overlay.status !== 400 || !overlay.text.includes(REFUSED)) uploadFailures.push(`${label} as an overlay: ${overlay.status} ${overlay.text.slice(0, 200)}`);
      });
      for (const { kind, file } of county.filter(({ kind }) => kind !== '.gdb folder')) {
        const name = path.basename(file);
        const answer = await admin.call('POST', `/imports/${await admin.upload(name, file)}/overlay`, { file: name, overlay: 'county', dryRun: true });
        countyImport(kind, answer.text, answer.status === 200 ? (JSON.parse(answer.text) as { imported: number; refusal: string | null }) : undefined);
      }
      outcomes.push({
        tried: `gdalSources (${mode}): Cambridge's layers as each format GDAL reads, imported (dry run) on the Data page and, as a .gdb folder, by the command`,
        held: countyFailures.length === 0,
        detail: countyFailures.length === 0 ? `features imported: ${imported.join(', ')}` : countyFailures.join('; '),
      });
      outcomes.push({
        tried: `gdalSources (${mode}): the Data page given each GDAL virtual source as each kind of file, as parcels and as an overlay (${uploadFiles.length * 2} imports)`,
        held: uploadFailures.length === 0,
        detail: uploadFailures.length === 0 ? `all refused: parcels "failed", "… ${REFUSED}"; overlays 400 with the same message` : uploadFailures.slice(0, 3).join('; '),
      });
    } finally {
      await api.stop();
    }

    const [canary, leaked] = await withDb(database, async (query) => [
      (await query(`SELECT count(*)::int AS n FROM hardening_canary WHERE note = '${CANARY}'`))[0]!.n as number,
      (await query(`SELECT (SELECT count(*) FROM parcels p WHERE row_to_json(p)::text LIKE '%${SECRET}%') + (SELECT count(*) FROM overlay_features f WHERE row_to_json(f)::text LIKE '%${SECRET}%') AS n`))[0]!.n,
    ]);
    const inAnswers = answers.filter((answer) => answer.includes(SECRET)).length;
    outcomes.push({
      tried: `gdalSources (${mode}): after every attack, outside the job folder, on the network and in the database`,
      held: listener.connections() === 0 && canary === 1 && Number(leaked) === 0 && inAnswers === 0,
      detail: `${listener.connections()} connections to the loopback listener; canary row ${canary === 1 ? 'still there' : 'GONE'}; the secret file's text in ${Number(leaked)} stored features and ${inAnswers} answers`,
    });
    return outcomes;
  } finally {
    await listener.close();
    await drop();
    await fixture.close();
  }
}

const check: HardeningCheck = {
  name: 'gdalSources',
  run: (context) => inEachMode(context, 'gdalSources', (mode) => runMode(mode, context)),
};

export default check;
