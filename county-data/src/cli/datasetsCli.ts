// `npm run datasets -- list [--json] [--overlay | --imagery] | rollback NAME [--overlay | --imagery] | remove NAME [--overlay | --imagery]`:
// the data sets, overlays and imagery layers in the database the API uses (DATABASE_URL, else PGlite in
// DATA_DIR — through the running API when it holds that directory), their kept versions, rollback to the
// previous version and removal. `--overlay`: NAME is an overlay's (and `list --json` lists the overlays);
// `--imagery`: an imagery layer's, whose removal deletes its files under IMAGERY_DIR (else DATA_DIR/imagery).
import { parseArgs } from 'node:util';
import { imageryDirFromEnv } from '@parcel-map/database';
import type { DatasetVersionsAnswer, ImageryVersion, OverlayVersion } from '@parcel-map/shared/contracts';
import { listDatasetVersions, removeDataset, rollbackDataset } from '../publish/datasetVersions.ts';
import { listImageryVersions, removeImagery, rollbackImagery, type ImageryVersionRow } from '../publish/imageryVersions.ts';
import { listOverlayVersions, removeOverlay, rollbackOverlay } from '../publish/overlayVersions.ts';
import { openCliTarget, type CliTarget } from './cliTarget.ts';

const USAGE = 'usage: npm run datasets -- list [--json] [--overlay | --imagery] | rollback NAME [--overlay | --imagery] | remove NAME [--overlay | --imagery]';

type Version = DatasetVersionsAnswer['versions'][number];

async function versions(target: CliTarget): Promise<Version[]> {
  if (target.kind === 'api') return (await target.api.listVersions()).versions;
  return (await listDatasetVersions(target.db)).map(({ id: _id, ...version }) => version);
}

const n = (value: number) => value.toLocaleString('en-US');

function printTable(rows: Version[], where: string): void {
  if (rows.length === 0) {
    console.log(`No data sets in ${where}. Add one with: npm run import -- FILE --dataset NAME`);
    return;
  }
  printColumns([
    ['', 'NAME', 'VERSION', 'PARCELS', 'REJECTED', 'PUBLISHED', 'AS OF', 'SOURCE'],
    ...rows.map((row) => [row.current ? '*' : '', row.name, String(row.version), n(row.parcels), n(row.rejected), row.publishedAt, row.asOf ?? '—', row.source]),
  ]);
  console.log(`\n* current version (served). Data sets in ${where}.`);
}

function printOverlays(rows: OverlayVersion[], where: string): void {
  if (rows.length === 0) return;
  console.log('');
  printColumns([
    ['', 'OVERLAY', 'VERSION', 'FEATURES', 'REJECTED', 'KIND', 'PUBLISHED', 'LABEL'],
    ...rows.map((row) => [row.current ? '*' : '', row.name, String(row.version), n(row.features), n(row.rejected), row.context ? `${row.geometryType}, ${row.context}` : row.geometryType, row.publishedAt, row.label]),
  ]);
  console.log(`\n* current version (served). Overlays in ${where}.`);
}

function printImagery(rows: ImageryVersion[], where: string): void {
  if (rows.length === 0) return;
  console.log('');
  printColumns([
    ['', 'IMAGERY', 'VERSION', 'ZOOMS', 'SIZE', 'TAKEN', 'PUBLISHED', 'LABEL'],
    ...rows.map((row) => [row.current ? '*' : '', row.name, String(row.version), zooms(row), megabytes(row.sizeBytes), row.year === null ? '-' : String(row.year), row.publishedAt, row.label]),
  ]);
  console.log(`\n* current version (served). Imagery in ${where}.`);
}

const zooms = (row: Pick<ImageryVersion, 'minzoom' | 'maxzoom'>) => `${row.minzoom}–${row.maxzoom}`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Left-aligned columns, the last one as long as it is. */
function printColumns(table: string[][]): void {
  const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  for (const line of table) console.log(line.map((cell, column) => (column === line.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ').trimEnd());
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { json: { type: 'boolean', default: false }, overlay: { type: 'boolean', default: false }, imagery: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } } });
  const [command, name, ...extra] = positionals;
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const valid = (command === 'list' && name === undefined) || ((command === 'rollback' || command === 'remove') && name !== undefined && extra.length === 0);
  if (!valid) throw new Error(USAGE);
  if (values.overlay && values.imagery) throw new Error(`give --overlay or --imagery, not both\n${USAGE}`);

  const target = await openCliTarget();
  try {
    if (command === 'list') {
      const rows = await versions(target);
      const overlays = await overlayVersions(target);
      const imagery = await imageryVersions(target);
      if (values.json) console.log(JSON.stringify(values.overlay ? overlays : values.imagery ? imagery : rows, null, 2));
      else {
        printTable(rows, target.where);
        printOverlays(overlays, target.where);
        printImagery(imagery, target.where);
      }
    } else if (values.imagery) {
      if (command === 'rollback') {
        const current = target.kind === 'api' ? await target.api.rollbackImagery(name!) : await rollbackImagery(target.db, name!);
        console.log(`Imagery '${name}' rolled back: version ${current.version} ("${current.label}", zoom ${zooms(current)}) is current.`);
      } else {
        if (target.kind === 'api') await target.api.removeImagery(name!);
        else await removeImagery(target.db, name!, imageryDirFromEnv());
        console.log(`Imagery '${name}' removed, with all its versions and their files.`);
      }
    } else if (values.overlay) {
      if (command === 'rollback') {
        const current = target.kind === 'api' ? await target.api.rollbackOverlay(name!) : await rollbackOverlay(target.db, name!);
        console.log(`Overlay '${name}' rolled back: version ${current.version} (${n(current.features)} features) is current.`);
      } else {
        if (target.kind === 'api') await target.api.removeOverlay(name!);
        else await removeOverlay(target.db, name!);
        console.log(`Overlay '${name}' removed, with all its versions.`);
      }
    } else if (command === 'rollback') {
      if (target.kind === 'api') await target.api.rollback(name!);
      else await rollbackDataset(target.db, name!);
      const current = (await versions(target)).find((row) => row.name === name && row.current);
      console.log(`Data set '${name}' rolled back: version ${current?.version} (${current?.parcels.toLocaleString('en-US')} parcels) is current.`);
    } else {
      if (target.kind === 'api') await target.api.remove(name!);
      else await removeDataset(target.db, name!);
      console.log(`Data set '${name}' removed, with all its versions.`);
    }
  } finally {
    await target.close();
  }
}

async function overlayVersions(target: CliTarget): Promise<OverlayVersion[]> {
  if (target.kind === 'api') return (await target.api.listOverlays()).versions;
  return (await listOverlayVersions(target.db)).map(({ id: _id, ...version }) => version);
}

async function imageryVersions(target: CliTarget): Promise<ImageryVersion[]> {
  if (target.kind === 'api') return (await target.api.listImagery()).versions;
  return (await listImageryVersions(target.db)).map(imageryVersionOf);
}

/** As the API lists it: its files are not shown. */
function imageryVersionOf({ id: _id, file: _file, lowerFiles: _lowerFiles, ...version }: ImageryVersionRow): ImageryVersion {
  return version;
}

main().catch((error: unknown) => {
  console.error(`datasets: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
