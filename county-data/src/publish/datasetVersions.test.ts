// Several data sets side by side, their versions, rollback and removal (run on PGlite, and on
// PostgreSQL in the postgres stage).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@parcel-map/database';
import { openTestDb } from '@parcel-map/database/testing';
import { parseImportMapping } from '../import/importMapping.ts';
import { checkPreparedFile, importParcels, publishImport, validateImport } from '../import/importParcels.ts';
import { prepareImportFileInWorker } from '../import/prepareInWorker.ts';
import { featureCollection, fixtureDir, squarePolygon, writeFixture } from '../import/testing/importFixtures.ts';
import { checkDatasetName, datasetNameFrom, KEPT_VERSIONS, listDatasetVersions, removeDataset, rollbackDataset } from './datasetVersions.ts';
import { DEFAULT_IMPORT_FILE_LIMITS } from '../import/importFileLimits.ts';

const SIZE = 0.001;
const mapping = (sourceName: string) => parseImportMapping({ dataset: { sourceName, licence: `${sourceName} licence` }, fields: { PIN: 'PIN', owner: 'OWNER' } });

/** A file of parcels `pins` in a row from `lon`, each owned by `owner`. */
async function parcelFile(pins: string[], lon: number, owner: string): Promise<string> {
  const features = pins.map((pin, i) => ({ properties: { PIN: pin, OWNER: owner }, geometry: squarePolygon(lon + i * SIZE, 35.6, SIZE) }));
  return writeFixture(await fixtureDir(), 'parcels.geojson', featureCollection(features));
}

describe('data sets and their versions', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  const served = async () => {
    const { rows } = await db.query<{ pin: string; owner: string; name: string }>(
      'SELECT p.pin, p.owner, d.name FROM parcels p JOIN datasets d ON d.id = p.dataset_id ORDER BY p.pin',
    );
    return rows.map((row) => `${row.name}:${row.pin}:${row.owner}`);
  };
  /** The tables holding versions' parcels (parcelVersionTables.ts), and those the kept versions should have. */
  const versionTables = async () => (await db.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename ~ '^parcels_v[0-9]+$'`)).rows.map((row) => row.name).sort();
  const keptVersionTables = async () => (await listDatasetVersions(db)).map((row) => `parcels_v${row.id}`).sort();
  const dataVersion = async () => Number((await db.query<{ value: string }>('SELECT value FROM data_version')).rows[0]!.value);

  it('serves the parcels of every data set together, each under its own data set', async () => {
    await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'north', file: await parcelFile(['N-1', 'N-2'], -80.9, 'NORTH V1'), mapping: mapping('North GIS') });
    await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'south', file: await parcelFile(['S-1'], -80.8, 'SOUTH V1'), mapping: mapping('South GIS') });
    expect(await served()).toEqual(['north:N-1:NORTH V1', 'north:N-2:NORTH V1', 'south:S-1:SOUTH V1']);
    const versions = await listDatasetVersions(db);
    expect(versions.map(({ name, version, current, parcels, source, licence }) => ({ name, version, current, parcels, source, licence }))).toEqual([
      { name: 'north', version: 1, current: true, parcels: 2, source: 'North GIS', licence: 'North GIS licence' },
      { name: 'south', version: 1, current: true, parcels: 1, source: 'South GIS', licence: 'South GIS licence' },
    ]);
    expect(versions[1]!.bbox).toEqual([-80.8, 35.6, expect.closeTo(-80.799, 9), expect.closeTo(35.601, 9)]);
    expect(versions[0]!.publishedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it("rejects a PIN another data set serves, with that reason, and never replaces the other's parcel", async () => {
    const before = await served();
    const report = await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'south', file: await parcelFile(['S-2', 'N-1'], -80.8, 'SOUTH V2'), mapping: mapping('South GIS'), maxRejectedShare: 0.5 });
    expect(report.rejections).toEqual([{ feature: 2, pin: 'N-1', reason: 'PIN in another data set', detail: "PIN already served by data set 'north'" }]);
    expect(report).toMatchObject({ imported: 1, rejected: 1, dataset: { name: 'south', version: 2 } });
    expect(await served()).toEqual([...before.filter((row) => !row.startsWith('south:')), 'south:S-2:SOUTH V2']);
    expect((await listDatasetVersions(db)).find((row) => row.name === 'south' && row.current)).toMatchObject({ version: 2, parcels: 1, rejected: 1 });
  });

  it('names the feature of a PIN another data set serves when the file was read in the import worker', async () => {
    const options = { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'south', file: await parcelFile(['S-3', 'N-2'], -80.8, 'SOUTH V3'), mapping: mapping('South GIS'), maxRejectedShare: 0.5 };
    const { report } = await checkPreparedFile(db, await prepareImportFileInWorker(options), options);
    expect(report.rejections).toEqual([{ feature: 2, pin: 'N-2', reason: 'PIN in another data set', detail: "PIN already served by data set 'north'" }]);
  });

  it('rolls a data set back to its previous version, and refuses when there is none', async () => {
    const versionBefore = await dataVersion();
    expect(await rollbackDataset(db, 'south')).toMatchObject({ name: 'south', version: 1, current: true, parcels: 1 });
    expect(await served()).toEqual(['north:N-1:NORTH V1', 'north:N-2:NORTH V1', 'south:S-1:SOUTH V1']);
    expect(await dataVersion()).toBeGreaterThan(versionBefore);
    await expect(rollbackDataset(db, 'south')).rejects.toThrow("Data set 'south' has no earlier version to roll back to");
    await expect(rollbackDataset(db, 'nowhere')).rejects.toThrow("There is no data set named 'nowhere'");
  });

  it(`keeps the last ${KEPT_VERSIONS} versions of a data set`, async () => {
    for (const owner of ['NORTH V2', 'NORTH V3', 'NORTH V4']) {
      await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'north', file: await parcelFile(['N-1', 'N-2'], -80.9, owner), mapping: mapping('North GIS') });
    }
    expect((await listDatasetVersions(db)).filter((row) => row.name === 'north').map((row) => [row.version, row.current])).toEqual([[4, true], [3, false], [2, false]]);
    expect(await versionTables()).toEqual(await keptVersionTables());
    let retired = 0;
    for (const row of await listDatasetVersions(db)) {
      if (!row.current) retired += (await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM parcels_v${row.id}`)).rows[0]!.count;
    }
    expect(retired).toBe(2 * 2 + 1); // north v2 and v3, south v2
    await rollbackDataset(db, 'north');
    expect(await served()).toContain('north:N-1:NORTH V3');
  });

  it('refuses a rollback that would serve a PIN another data set serves now, and changes nothing', async () => {
    await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'east', file: await parcelFile(['E-1'], -80.7, 'EAST V1'), mapping: mapping('East GIS') });
    await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'east', file: await parcelFile(['E-2'], -80.7, 'EAST V2'), mapping: mapping('East GIS') });
    await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset: 'west', file: await parcelFile(['E-1'], -80.6, 'WEST V1'), mapping: mapping('West GIS') });
    const before = await served();
    await expect(rollbackDataset(db, 'east')).rejects.toThrow("PIN E-1 is already served by data set 'west'; nothing was changed");
    expect(await served()).toEqual(before);
  });

  // Each was validated before the other was published, so neither rejected the shared PINs (issue #39 §4).
  const validatedSideBySide = async (first: [string, string[]], second: [string, string[]]) => {
    const validated = [];
    for (const [i, [dataset, pins]] of [first, second].entries()) {
      validated.push(await validateImport(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, dataset, file: await parcelFile(pins, -80.5 + i * 0.1, dataset.toUpperCase()), mapping: mapping(`${dataset} GIS`) }));
    }
    expect(validated.map(({ report }) => report.rejected)).toEqual([0, 0]);
    return validated as [(typeof validated)[0], (typeof validated)[0]];
  };

  it('refuses to publish the second of two imports validated side by side that share PINs, naming them and the data set serving them', async () => {
    const [alpha, beta] = await validatedSideBySide(['alpha', ['A-1', 'SH-1', 'SH-2']], ['beta', ['B-1', 'SH-1', 'SH-2']]);
    await publishImport(db, alpha);
    const before = await served();
    await expect(publishImport(db, beta)).rejects.toThrow("2 PINs are already served by data set 'alpha' (SH-1, SH-2); nothing was published: validate the import again to leave them out");
    expect(await served()).toEqual(before);
    expect((await listDatasetVersions(db)).some((row) => row.name === 'beta')).toBe(false);
    expect(await versionTables()).toEqual(await keptVersionTables());
  });

  it('publishes one of two imports sharing a PIN published at the same moment, and refuses the other', async () => {
    const [gamma, delta] = await validatedSideBySide(['gamma', ['G-1', 'SH-3']], ['delta', ['D-1', 'SH-3']]);
    const outcomes = await Promise.allSettled([publishImport(db, gamma), publishImport(db, delta)]);
    const published = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.dataset.name] : []));
    expect(published).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(String(refused?.reason)).toContain(`PIN SH-3 is already served by data set '${published[0]}'; nothing was published`);
    const sharedPin = await db.query<{ name: string }>("SELECT d.name FROM parcels p JOIN datasets d ON d.id = p.dataset_id WHERE p.pin = 'SH-3'");
    expect(sharedPin.rows).toEqual([{ name: published[0] }]);
  });

  it('removes every version of a data set', async () => {
    const versionBefore = await dataVersion();
    await removeDataset(db, 'north');
    expect((await served()).some((row) => row.startsWith('north:'))).toBe(false);
    expect((await listDatasetVersions(db)).some((row) => row.name === 'north')).toBe(false);
    expect(await versionTables()).toEqual(await keptVersionTables());
    expect(await dataVersion()).toBeGreaterThan(versionBefore);
    await expect(removeDataset(db, 'north')).rejects.toThrow("There is no data set named 'north'");
  });
});

describe('data set names', () => {
  it('are slugs', () => {
    expect(checkDatasetName('iredell-nc')).toBe('iredell-nc');
    for (const bad of ['Iredell', 'iredell nc', '-x', 'x--y', '', 'a'.repeat(65)]) expect(() => checkDatasetName(bad)).toThrow('is not a data set name');
  });

  it('are made from file names', () => {
    expect(datasetNameFrom('Cambridge_MA parcels.zip')).toBe('cambridge-ma-parcels');
    expect(datasetNameFrom('Île-de-France.geojson')).toBe('ile-de-france');
    expect(datasetNameFrom('___.geojson')).toBe('county');
  });
});
