// The datasets command's --imagery as a user runs it on the database itself (PGlite in DATA_DIR, no
// API holding it): the imagery layers' kept versions listed, a rollback, a removal that deletes the
// versions' files, and the refusals with their messages. Through a running API:
// api-server/src/features/dataAdmin/localHandover.test.ts.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDb } from '@parcel-map/database';
import { copyTestDataDir, isPostgresRun } from '@parcel-map/database/testing';
import type { ImageryVersion } from '@parcel-map/shared/contracts';
import { importImagery } from '../imagery/importImagery.ts';
import { SPOT_CHICAGO } from '../imagery/testing/imageryFixtures.ts';
import { imageryVersionFiles, listImageryVersions } from '../publish/imageryVersions.ts';
import { COMPILED_PROGRAMS, REPO_DIR } from '../../../scripts/productServers.mjs';
import { runProgram } from '../../../scripts/programRun.mjs';

// The compiled command npm start runs (built by vitest.databaseSetup.ts).
const CLI = path.join(REPO_DIR, COMPILED_PROGRAMS.datasetsCommand);

// The command opens PGlite whatever the run: the PostgreSQL run skips the file.
describe.skipIf(isPostgresRun || !existsSync(SPOT_CHICAGO))('npm run datasets -- … --imagery, on the database itself', () => {
  let root: string;
  let dataDir: string;
  let imageryDir: string;
  /** The files of the two versions imported, relative to the imagery directory. */
  let files: string[];

  const run = (args: string[]) => runProgram(CLI, args, { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', IMAGERY_DIR: '' });

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'datasets-cli-'));
    dataDir = path.join(root, 'pglite');
    // IMAGERY_DIR unset: DATA_DIR/imagery, where the command looks too.
    imageryDir = path.join(dataDir, 'imagery');
    await copyTestDataDir(dataDir);
    const db = await openPgliteDb(dataDir);
    try {
      await importImagery(db, { file: SPOT_CHICAGO, name: 'spot-chicago', label: 'SPOT 1990', imageryDir });
      await importImagery(db, { file: SPOT_CHICAGO, name: 'spot-chicago', label: 'SPOT 1990 (again)', year: 1990, imageryDir });
      files = (await listImageryVersions(db)).flatMap(imageryVersionFiles);
    } finally {
      await db.close();
    }
  }, 120_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('lists the kept versions of each imagery layer, as JSON with --imagery and as a table beside the data sets', async () => {
    const listed = await run(['list', '--json', '--imagery']);
    expect(listed.code).toBe(0);
    const versions = JSON.parse(listed.stdout) as ImageryVersion[];
    expect(versions.map(({ name, version, current, label, year, minzoom, maxzoom }) => ({ name, version, current, label, year, minzoom, maxzoom }))).toEqual([
      { name: 'spot-chicago', version: 2, current: true, label: 'SPOT 1990 (again)', year: 1990, minzoom: 10, maxzoom: 14 },
      { name: 'spot-chicago', version: 1, current: false, label: 'SPOT 1990', year: null, minzoom: 10, maxzoom: 14 },
    ]);
    // Its files are the server's business: not listed.
    expect(listed.stdout).not.toContain('.tif');
    expect(versions[0]!.sizeBytes).toBeGreaterThan(10_000);

    const table = await run(['list']);
    expect(table.code).toBe(0);
    expect(table.output).toMatch(/IMAGERY\s+VERSION\s+ZOOMS\s+SIZE\s+TAKEN\s+PUBLISHED\s+LABEL/);
    expect(table.output).toMatch(/\*\s+spot-chicago\s+2\s+10–14\s+0\.\d MB\s+1990\s+\S+Z\s+SPOT 1990 \(again\)/);
    expect(table.output).toContain(`* current version (served). Imagery in ${dataDir}.`);
  }, 60_000);

  it('rolls back to the previous version, its files kept, and says when there is none before it', async () => {
    const rolled = await run(['rollback', 'spot-chicago', '--imagery']);
    expect(rolled.output).toContain(`Imagery 'spot-chicago' rolled back: version 1 ("SPOT 1990", zoom 10–14) is current.`);
    expect(rolled.code).toBe(0);
    expect((await readdir(path.join(imageryDir, 'spot-chicago'))).sort()).toEqual(files.map((file) => path.basename(file)).sort());
    const again = await run(['rollback', 'spot-chicago', '--imagery']);
    expect(again.code).toBe(1);
    expect(again.output).toContain("datasets: Imagery layer 'spot-chicago' has no earlier version to roll back to");
  }, 60_000);

  it('removes every version and their files, and refuses a name it does not have, or --overlay with --imagery', async () => {
    const removed = await run(['remove', 'spot-chicago', '--imagery']);
    expect(removed.output).toContain("Imagery 'spot-chicago' removed, with all its versions and their files.");
    expect(removed.code).toBe(0);
    expect(existsSync(path.join(imageryDir, 'spot-chicago'))).toBe(false);
    expect(JSON.parse((await run(['list', '--json', '--imagery'])).stdout)).toEqual([]);

    const unknown = await run(['remove', 'spot-chicago', '--imagery']);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain("datasets: There is no imagery layer named 'spot-chicago'");
    const both = await run(['remove', 'spot-chicago', '--imagery', '--overlay']);
    expect(both.code).toBe(1);
    expect(both.output).toContain('datasets: give --overlay or --imagery, not both');
  }, 90_000);
});
