// The import and datasets commands while the API runs on PGlite: the API holds the data directory,
// so the commands hand their work to it (database/src/localHandover.ts) and the map serves the new
// data set at once — no restart (and overlays and imagery: imported, listed, rolled back, removed).
// Real processes: the API's server.ts and the two commands.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMBRIDGE_OVERLAYS_DIR, featureCollection, fixtureDir, OVERLAY_MAPPINGS_DIR, squarePolygon, writeFixture } from '@parcel-map/county-data/testing';
import { NAVY_PIER, writeJpegWithWorldFile, writeTileFolder, zipOf } from '@parcel-map/county-data/imagery/testing';
import { HANDOVER_FILE_NAME } from '@parcel-map/database';
import { copyTestDataDir, isPostgresRun } from '@parcel-map/database/testing';
import { lonLatToTile } from '../../tiles/kit/tileMath.ts';
import { COMPILED_PROGRAMS, REPO_DIR } from '../../../../scripts/productServers.mjs';
import { runProgram } from '../../../../scripts/programRun.mjs';

// The compiled programs npm start runs (built by vitest.databaseSetup.ts).
const SERVER = path.join(REPO_DIR, COMPILED_PROGRAMS.api);
const IMPORT_CLI = path.join(REPO_DIR, COMPILED_PROGRAMS.importCommand);
const DATASETS_CLI = path.join(REPO_DIR, COMPILED_PROGRAMS.datasetsCommand);

// PGlite whatever the run: the PostgreSQL run skips the file.
describe.skipIf(isPostgresRun)('the import and datasets commands while the API runs on PGlite', () => {
  let root: string;
  let env: NodeJS.ProcessEnv;
  let api: ChildProcess;
  let url: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'handover-'));
    const dataDir = path.join(root, 'pglite');
    await copyTestDataDir(dataDir);
    // The tiles show what is served; who may read them is tiles/parcels/parcelTilesRoute.test.ts's.
    env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', TEST_DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'warn', IMPORT_WORK_DIR: path.join(root, 'imports'), PUBLIC_PARCEL_TILES: 'true' };
    api = spawn(process.execPath, [SERVER], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    url = await new Promise<string>((resolve, reject) => {
      api.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /API listening on (\S+)/.exec(stdout);
        if (match) resolve(match[1]!);
      });
      api.once('exit', (code) => reject(new Error(`the API exited (${code}) before listening`)));
    });
  }, 60_000);
  afterAll(async () => {
    if (api.exitCode === null) {
      api.kill('SIGTERM');
      await once(api, 'exit');
    }
    await rm(root, { recursive: true, force: true });
  });

  it('imports through the running API, which serves the new data set at once; list, rollback and remove too', async () => {
    const dir = await fixtureDir();
    const file = (owner: string) =>
      writeFixture(dir, `${owner.toLowerCase()}.geojson`, featureCollection([0, 1].map((i) => ({ properties: { PIN: `H-${i}`, owner }, geometry: squarePolygon(-80 + i * 0.001, 36, 0.001) }))));

    const first = await runProgram(IMPORT_CLI, [await file('FIRST'), '--dataset', 'handed-over'], env);
    expect(first.output).toContain(`published as version 1 of data set 'handed-over' in the running API at ${url}`);
    expect(first.code).toBe(0);
    const second = await runProgram(IMPORT_CLI, [await file('SECOND'), '--dataset', 'handed-over'], env);
    expect(second.code).toBe(0);

    // The running API draws the second version's parcels at once, without a restart.
    const { x, y } = lonLatToTile(-79.9995, 36.0005, 16);
    const tile = await fetch(`${url}/tiles/16/${x}/${y}.pbf`);
    expect(tile.status).toBe(200);
    // fetch undoes the gzip content encoding.
    const body = Buffer.from(await tile.arrayBuffer()).toString('latin1');
    expect(body).toContain('SECOND');
    expect(body).not.toContain('FIRST');

    const listed = await runProgram(DATASETS_CLI, ['list', '--json'], env);
    expect(listed.code).toBe(0);
    const versions = JSON.parse(listed.stdout) as { name: string; version: number; current: boolean; parcels: number }[];
    expect(versions.map(({ name, version, current, parcels }) => ({ name, version, current, parcels }))).toEqual([
      { name: 'handed-over', version: 2, current: true, parcels: 2 },
      { name: 'handed-over', version: 1, current: false, parcels: 2 },
    ]);

    const rolledBack = await runProgram(DATASETS_CLI, ['rollback', 'handed-over'], env);
    expect(rolledBack.output).toContain("Data set 'handed-over' rolled back: version 1 (2 parcels) is current.");
    const refused = await runProgram(DATASETS_CLI, ['rollback', 'handed-over'], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("datasets: Data set 'handed-over' has no earlier version to roll back to");

    // A refused import through the API: exit 1, nothing changed.
    const empty = await runProgram(IMPORT_CLI, [await writeFixture(dir, 'empty.geojson', featureCollection([])), '--dataset', 'handed-over'], env);
    expect(empty.code).toBe(1);
    expect(empty.output).toContain('NOT imported, nothing changed (the file holds no features)');

    expect((await runProgram(DATASETS_CLI, ['remove', 'handed-over'], env)).output).toContain("Data set 'handed-over' removed, with all its versions.");
    expect((await runProgram(DATASETS_CLI, ['list'], env)).output).toContain('No data sets in the running API');
    // The uploads' folders are gone once published or discarded.
    expect(await readdir(path.join(root, 'imports'))).toEqual([]);
  }, 180_000);

  it('imports, lists, rolls back and removes overlays through the running API, which serves their tiles at once', async () => {
    const flood = path.join(CAMBRIDGE_OVERLAYS_DIR, 'fema_floodplains_100_year.geojson');
    const mapping = path.join(OVERLAY_MAPPINGS_DIR, 'cambridge_flood_zones.json');
    const first = await runProgram(IMPORT_CLI, [flood, '--overlay', 'flood-zones', '--mapping', mapping], env);
    expect(first.output).toContain(`published as version 1 of overlay 'flood-zones' ("Flood zones (FEMA 100-year)") in the running API at ${url}`);
    expect(first.code).toBe(0);

    // A vertex of the first flood zone (AE) by the Charles River.
    const { x, y } = lonLatToTile(-71.14370967832788, 42.365072706980534, 15);
    const tile = await fetch(`${url}/tiles/overlays/flood-zones/15/${x}/${y}.pbf`);
    expect(tile.status).toBe(200);
    expect(Buffer.from(await tile.arrayBuffer()).toString('latin1')).toContain('AE');

    expect((await runProgram(IMPORT_CLI, [flood, '--overlay', 'flood-zones', '--label', 'Flood zones'], env)).code).toBe(0);
    const listed = await runProgram(DATASETS_CLI, ['list', '--json', '--overlay'], env);
    const versions = JSON.parse(listed.stdout) as { name: string; version: number; current: boolean; features: number; label: string }[];
    expect(versions.map(({ name, version, current, features, label }) => ({ name, version, current, features, label }))).toEqual([
      { name: 'flood-zones', version: 2, current: true, features: 21, label: 'Flood zones' },
      { name: 'flood-zones', version: 1, current: false, features: 21, label: 'Flood zones (FEMA 100-year)' },
    ]);
    expect((await runProgram(DATASETS_CLI, ['rollback', 'flood-zones', '--overlay'], env)).output).toContain("Overlay 'flood-zones' rolled back: version 1 (21 features) is current.");
    expect((await runProgram(DATASETS_CLI, ['remove', 'flood-zones', '--overlay'], env)).output).toContain("Overlay 'flood-zones' removed, with all its versions.");
    expect((await fetch(`${url}/tiles/overlays/flood-zones/15/${x}/${y}.pbf`)).status).toBe(404);
    expect(await readdir(path.join(root, 'imports'))).toEqual([]);
  }, 120_000);

  it('imports imagery through the running API, the world file of a JPEG sent beside it, and serves its tiles at once', async () => {
    const jpeg = await writeJpegWithWorldFile(await fixtureDir());
    const imported = await runProgram(IMPORT_CLI, [jpeg, '--imagery', 'chicago-jpeg', '--label', 'SPOT 1990', '--crs', 'EPSG:26771'], env);
    expect(imported.output).toContain(`published as version 1 of imagery 'chicago-jpeg' ("SPOT 1990") in the running API at ${url} (pid ${api.pid}): ${jpeg}`);
    expect(imported.code).toBe(0);
    const { imagery } = (await (await fetch(`${url}/api/imagery`)).json()) as { imagery: { name: string; tiles: string }[] };
    const { x, y } = lonLatToTile(NAVY_PIER.lon, NAVY_PIER.lat, 14);
    const tile = await fetch(url + imagery.find(({ name }) => name === 'chicago-jpeg')!.tiles.replace('{z}/{x}/{y}', `14/${x}/${y}`));
    expect(tile.status).toBe(200);
    expect(await readdir(path.join(root, 'imports'))).toEqual([]);
  }, 120_000);

  it('imports imagery from a .zip of orthophoto tiles through the running API, mosaicked, and refuses a folder of them, changing nothing', async () => {
    const folder = await writeTileFolder(await fixtureDir());
    const zip = zipOf(folder, path.join(root, 'ortho-tiles.zip'));
    const imported = await runProgram(IMPORT_CLI, [zip, '--imagery', 'chicago-tiles', '--label', 'Tiles'], env);
    expect(imported.output).toContain('format      4 GeoTIFF tiles mosaicked (VRT/Virtual Raster), CRS NAD27 / Illinois East');
    expect(imported.code).toBe(0);
    const refused = await runProgram(IMPORT_CLI, [folder, '--imagery', 'chicago-folder'], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('takes a tile set as a .zip, not a folder: zip the folder, or stop the API');
    const { imagery } = (await (await fetch(`${url}/api/imagery`)).json()) as { imagery: { name: string; minzoom: number }[] };
    expect(imagery.filter(({ name }) => name.startsWith('chicago-t') || name === 'chicago-folder')).toEqual([expect.objectContaining({ name: 'chicago-tiles', minzoom: 10 })]);
    expect(await readdir(path.join(root, 'imports'))).toEqual([]);
  }, 120_000);

  it('lists, rolls back and removes imagery through the running API, which deletes the files and stops serving its tiles at once', async () => {
    const jpeg = await writeJpegWithWorldFile(await fixtureDir());
    expect((await runProgram(IMPORT_CLI, [jpeg, '--imagery', 'chicago-jpeg', '--label', 'SPOT 1990 (again)', '--crs', 'EPSG:26771'], env)).code).toBe(0);
    const listed = await runProgram(DATASETS_CLI, ['list', '--json', '--imagery'], env);
    expect(listed.code).toBe(0);
    const versions = (JSON.parse(listed.stdout) as { name: string; version: number; current: boolean; minzoom: number }[]).filter(({ name }) => name === 'chicago-jpeg');
    expect(versions.map(({ name, version, current, minzoom }) => ({ name, version, current, minzoom }))).toEqual([
      { name: 'chicago-jpeg', version: 2, current: true, minzoom: 10 },
      { name: 'chicago-jpeg', version: 1, current: false, minzoom: 10 },
    ]);
    const folder = path.join(root, 'pglite', 'imagery', 'chicago-jpeg');
    // Two versions, each its COG and the coarser one for z10.
    expect(await readdir(folder)).toHaveLength(4);

    const rolled = await runProgram(DATASETS_CLI, ['rollback', 'chicago-jpeg', '--imagery'], env);
    expect(rolled.output).toContain(`Imagery 'chicago-jpeg' rolled back: version 1 ("SPOT 1990", zoom 10–14) is current.`);
    const served = async () => ((await (await fetch(`${url}/api/imagery`)).json()) as { imagery: { name: string; version: number; tiles: string }[] }).imagery.find(({ name }) => name === 'chicago-jpeg');
    expect((await served())?.version).toBe(1);
    const tiles = (await served())!.tiles;

    const removed = await runProgram(DATASETS_CLI, ['remove', 'chicago-jpeg', '--imagery'], env);
    expect(removed.output).toContain("Imagery 'chicago-jpeg' removed, with all its versions and their files.");
    expect(removed.code).toBe(0);
    expect(await served()).toBeUndefined();
    const { x, y } = lonLatToTile(NAVY_PIER.lon, NAVY_PIER.lat, 14);
    expect((await fetch(url + tiles.replace('{z}/{x}/{y}', `14/${x}/${y}`))).status).toBe(404);
    expect(existsSync(folder)).toBe(false);
    const unknown = await runProgram(DATASETS_CLI, ['rollback', 'chicago-jpeg', '--imagery'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain("datasets: There is no imagery layer named 'chicago-jpeg'");
  }, 180_000);

  it('removes its handover file when it stops', async () => {
    expect(await readdir(path.join(root, 'pglite'))).toContain(HANDOVER_FILE_NAME);
    api.kill('SIGTERM');
    await once(api, 'exit');
    expect(await readdir(path.join(root, 'pglite'))).not.toContain(HANDOVER_FILE_NAME);
  }, 30_000);
});
