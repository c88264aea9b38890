// The import command as a user runs it: a file that would lose the county changes nothing, says why
// and exits non-zero, so a script that runs it stops there.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDb } from '@parcel-map/database';
import { featureCollection, fixtureDir, squarePolygon, writeFixture } from '../import/testing/importFixtures.ts';
import { currentDataset } from '../testing/readBack.ts';

const CLI = path.resolve(import.meta.dirname, 'importCli.ts');

async function runImport(dataDir: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

describe('npm run import', () => {
  let root: string;
  let dataDir: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'import-cli-'));
    dataDir = path.join(root, 'pglite');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('publishes a good file, then refuses one without a usable PIN: exit 1, the reason printed, the data as it was', async () => {
    const dir = await fixtureDir();
    const good = await writeFixture(dir, 'good.geojson', featureCollection([0, 1, 2].map((i) => ({ properties: { PIN: `G-${i}` }, geometry: squarePolygon(-80.9 + i * 0.001, 35.6, 0.001) }))));
    const published = await runImport(dataDir, [good]);
    expect(published.code).toBe(0);

    const renamed = await writeFixture(dir, 'renamed.geojson', featureCollection([0, 1].map((i) => ({ properties: { MAP_LOT: `R-${i}` }, geometry: squarePolygon(-80.9 + i * 0.001, 35.6, 0.001) }))));
    const refused = await runImport(dataDir, [renamed]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('NOT imported, nothing changed (none of its 2 features is a valid parcel)');
    expect(refused.output).toContain('no PIN');
    // Every run leaves its report, the refused one included.
    expect(await readdir(path.join(root, 'import-reports'))).toHaveLength(2);

    const db = await openPgliteDb(dataDir);
    try {
      expect(await currentDataset(db, 'good')).toMatchObject({ source_name: 'good.geojson', parcel_count: 3, version: 1 });
    } finally {
      await db.close();
    }
  });

  it('takes --max-rejected as a percentage and refuses a malformed one', async () => {
    const file = await writeFixture(await fixtureDir(), 'one.geojson', featureCollection([{ properties: { PIN: 'X-1' }, geometry: squarePolygon(-80.9, 35.6, 0.001) }]));
    const malformed = await runImport(dataDir, [file, '--max-rejected', 'lots', '--dry-run']);
    expect(malformed.code).toBe(1);
    expect(malformed.output).toContain("--max-rejected must be a percentage from 0 to 100, not 'lots'");
    expect((await runImport(dataDir, [file, '--max-rejected', '20%', '--dry-run'])).code).toBe(0);
  });
  it('publishes a file as an overlay with --overlay and --label, and refuses --label without --overlay', async () => {
    const file = await writeFixture(await fixtureDir(), 'rail.geojson', featureCollection([0, 1].map((i) => ({ properties: { name: `Line ${i}` }, geometry: { type: 'LineString', coordinates: [[-80.9, 35.6 + i * 0.001], [-80.8, 35.6]] } }))));
    const published = await runImport(dataDir, [file, '--overlay', 'rail', '--label', 'Railroads']);
    expect(published.code).toBe(0);
    expect(published.output).toContain(`published as version 1 of overlay 'rail' ("Railroads") in ${dataDir}`);
    expect(published.output).toContain('geometry    lines');
    const stray = await runImport(dataDir, [file, '--label', 'Railroads']);
    expect(stray.code).toBe(1);
    expect(stray.output).toContain('--label names an overlay or imagery: give it with --overlay NAME or --imagery NAME');

    const db = await openPgliteDb(dataDir);
    try {
      expect((await db.query('SELECT name, label, geometry_type, feature_count FROM overlays')).rows).toEqual([{ name: 'rail', label: 'Railroads', geometry_type: 'line', feature_count: 2 }]);
    } finally {
      await db.close();
    }
  });

  it('refuses a file that does not hold the format its name claims before it opens the database', async () => {
    const dir = await fixtureDir();
    const disguised = await writeFixture(dir, 'parcels.csv', '<OGRVRTDataSource><OGRVRTLayer name="p"><SrcDataSource>/etc/passwd</SrcDataSource></OGRVRTLayer></OGRVRTDataSource>');
    // A data directory that cannot be opened: only a command that never tries gets to say why the file is refused.
    const notADirectory = path.join(root, 'not-a-directory');
    await writeFile(notADirectory, 'a file');
    for (const args of [[disguised], [disguised, '--overlay', 'attack']]) {
      const refused = await runImport(notADirectory, args);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('but it holds a GDAL virtual source (<OGRVRTDataSource>)');
    }
  });
});
