// The import command as a user runs it: a file that would lose the county changes nothing, says why
// and exits non-zero, so a script that runs it stops there. With --imagery, the real SPOT image of
// Chicago imported, its report printed, and the options imagery does not take refused.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDb } from '@parcel-map/database';
import { copyTestDataDir, isPostgresRun } from '@parcel-map/database/testing';
import { SPOT_CHICAGO, writeTileFolder } from '../imagery/testing/imageryFixtures.ts';
import { featureCollection, fixtureDir, squarePolygon, writeFixture } from '../import/testing/importFixtures.ts';
import { currentDataset } from '../testing/readBack.ts';
import { COMPILED_PROGRAMS, REPO_DIR } from '../../../scripts/productServers.mjs';
import { runProgram } from '../../../scripts/programRun.mjs';

// The compiled command npm start runs (built by vitest.databaseSetup.ts).
const CLI = path.join(REPO_DIR, COMPILED_PROGRAMS.importCommand);

const runImport = (dataDir: string, args: string[]) => runProgram(CLI, args, { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', IMAGERY_DIR: '' });

// Each test starts the command two or three times, each a Node.js process opening PGlite: 7–17 s a
// start on two cores busy with other test files, past the package's 30 s. The command opens PGlite
// whatever the run: the PostgreSQL run skips the file.
describe.skipIf(isPostgresRun)('npm run import', { timeout: 120_000 }, () => {
  let root: string;
  let dataDir: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'import-cli-'));
    dataDir = path.join(root, 'pglite');
    await copyTestDataDir(dataDir);
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

  it.skipIf(!existsSync(SPOT_CHICAGO))('publishes an image with --imagery: its report printed (extent, resolution, bands, CRS, size, nodata), its row and files beside the database', async () => {
    const published = await runImport(dataDir, [SPOT_CHICAGO, '--imagery', 'spot-chicago', '--label', 'SPOT 10 m', '--attribution', 'SPOT (OSGeo samples)', '--year', '1990']);
    expect(published.output).not.toContain('Error');
    expect(published.code).toBe(0);
    const lines = published.output.split('\n').map((line) => line.trim());
    expect(lines).toContain(`published as version 1 of imagery 'spot-chicago' ("SPOT 10 m", taken 1990) in ${dataDir}: ${SPOT_CHICAGO}`);
    expect(lines).toContain('format      GTiff/GeoTIFF, CRS NAD27 / Illinois East');
    expect(lines).toContain('size        699 × 929 px, 1 band, nodata none');
    expect(lines).toContain('resolution  32.8 US survey foot per pixel');
    expect(lines.find((line) => line.startsWith('extent'))).toMatch(/^extent\s+-87\.66\d+, 41\.8\d+ to -87\.5\d+, 41\.91\d+ \(lon, lat\)$/);
    expect(lines).toContain('tiles       JPEG, zoom 10–14');
    expect(lines.find((line) => line.startsWith('stored'))).toMatch(/^stored\s+\d+\.\d MB \(source 0\.6 MB, \d+\.\d s\)$/);
    expect(lines.find((line) => line.startsWith('report'))).toMatch(/import-reports/);

    const db = await openPgliteDb(dataDir);
    let files: string[];
    try {
      const { rows } = await db.query<{ file: string; lower_files: { file: string }[] }>(
        "SELECT name, version, is_current, label, attribution, acquired_year, crs, bands, width, height, nodata, minzoom, maxzoom, file, lower_files FROM imagery WHERE name = 'spot-chicago'",
      );
      expect(rows).toEqual([
        expect.objectContaining({
          name: 'spot-chicago', version: 1, is_current: true, label: 'SPOT 10 m', attribution: 'SPOT (OSGeo samples)', acquired_year: 1990, crs: 'NAD27 / Illinois East',
          bands: 1, width: 699, height: 929, nodata: null, minzoom: 10, maxzoom: 14,
        }),
      ]);
      files = [rows[0]!.file, ...rows[0]!.lower_files.map((lower) => lower.file)];
    } finally {
      await db.close();
    }
    // IMAGERY_DIR unset: the files are in DATA_DIR/imagery, one folder per layer.
    expect((await readdir(path.join(dataDir, 'imagery', 'spot-chicago'))).sort()).toEqual(files.map((file) => path.basename(file)).sort());
  }, 180_000);

  it.skipIf(!existsSync(SPOT_CHICAGO))('publishes a folder of orthophoto tiles with --imagery as one image, mosaicked', async () => {
    const folder = await writeTileFolder(root);
    const published = await runImport(dataDir, [folder, '--imagery', 'tiled', '--label', 'Tiles']);
    expect(published.code).toBe(0);
    const lines = published.output.split('\n').map((line) => line.trim());
    expect(lines).toContain(`published as version 1 of imagery 'tiled' ("Tiles") in ${dataDir}: ${folder}`);
    expect(lines).toContain('format      4 GeoTIFF tiles mosaicked (VRT/Virtual Raster), CRS NAD27 / Illinois East');
    expect(lines).toContain('tiles       JPEG, zoom 10–14');
  }, 120_000);

  it('refuses the options imagery does not take, and imagery options without --imagery, saying which, changing nothing', async () => {
    const refusals: [string[], string][] = [
      [[SPOT_CHICAGO, '--imagery', 'x', '--dataset', 'd'], '--imagery takes --label, --attribution, --year, --crs and --report only'],
      [[SPOT_CHICAGO, '--imagery', 'x', '--overlay', 'o'], '--imagery takes --label, --attribution, --year, --crs and --report only'],
      [[SPOT_CHICAGO, '--imagery', 'x', '--dry-run'], '--imagery takes --label, --attribution, --year, --crs and --report only'],
      [[SPOT_CHICAGO, '--imagery', 'x', '--max-rejected', '5%'], '--imagery takes --label, --attribution, --year, --crs and --report only'],
      [[SPOT_CHICAGO, '--crs', 'EPSG:26771'], '--attribution, --year and --crs are for imagery: give them with --imagery NAME'],
      [[SPOT_CHICAGO, '--attribution', 'SPOT'], '--attribution, --year and --crs are for imagery: give them with --imagery NAME'],
      [[SPOT_CHICAGO, '--year', '1990'], '--attribution, --year and --crs are for imagery: give them with --imagery NAME'],
      [[SPOT_CHICAGO, '--imagery', 'x', '--year', '90'], "--year must be the year the photos were taken, from 1900 to 2100, not '90'"],
      [[SPOT_CHICAGO, '--imagery', 'x', 'second-file.tif'], 'usage: npm run import -- FILE'],
      [[path.join(root, 'photo.gif'), '--imagery', 'x'], 'imagery is read from .tif .tiff .jp2 .j2k .jpg .jpeg .png files, not .gif'],
    ];
    for (const [args, message] of refusals) {
      const refused = await runImport(dataDir, args);
      expect(refused.code, args.join(' ')).toBe(1);
      expect(refused.output, args.join(' ')).toContain(message);
    }
    // Refused once the database is open: a name that is not a slug, a --crs that is a file name.
    const misnamed = await runImport(dataDir, [SPOT_CHICAGO, '--imagery', 'Orthophoto 2024']);
    expect(misnamed.code).toBe(1);
    expect(misnamed.output).toContain("'Orthophoto 2024' is not an imagery name: use lower-case letters, digits and hyphens");
    const fileAsCrs = await runImport(dataDir, [SPOT_CHICAGO, '--imagery', 'x', '--crs', '/etc/passwd']);
    expect(fileAsCrs.code).toBe(1);
    expect(fileAsCrs.output).toContain('--crs: it must be an EPSG or ESRI code');
    const db = await openPgliteDb(dataDir);
    try {
      expect((await db.query<{ name: string }>('SELECT name FROM imagery')).rows.map((row) => row.name)).not.toContain('x');
    } finally {
      await db.close();
    }
    expect(existsSync(path.join(dataDir, 'imagery', 'x'))).toBe(false);
  }, 180_000);
});
