// `npm run datasets -- list [--json] | rollback NAME | remove NAME`: the data sets in the database the
// API uses (DATABASE_URL, else PGlite in DATA_DIR — through the running API when it holds that
// directory), their kept versions, rollback to the previous version and removal.
import { parseArgs } from 'node:util';
import type { DatasetVersionsAnswer } from '@parcel-map/shared/contracts';
import { listDatasetVersions, removeDataset, rollbackDataset } from '../publish/datasetVersions.ts';
import { openCliTarget, type CliTarget } from './cliTarget.ts';

const USAGE = 'usage: npm run datasets -- list [--json] | rollback NAME | remove NAME';

type Version = DatasetVersionsAnswer['versions'][number];

async function versions(target: CliTarget): Promise<Version[]> {
  if (target.kind === 'api') return (await target.api.listVersions()).versions;
  return (await listDatasetVersions(target.db)).map(({ id: _id, ...version }) => version);
}

function printTable(rows: Version[], where: string): void {
  if (rows.length === 0) {
    console.log(`No data sets in ${where}. Add one with: npm run import -- FILE --dataset NAME`);
    return;
  }
  const n = (value: number) => value.toLocaleString('en-US');
  const table = [
    ['', 'NAME', 'VERSION', 'PARCELS', 'REJECTED', 'PUBLISHED', 'AS OF', 'SOURCE'],
    ...rows.map((row) => [row.current ? '*' : '', row.name, String(row.version), n(row.parcels), n(row.rejected), row.publishedAt, row.asOf ?? '—', row.source]),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  for (const line of table) console.log(line.map((cell, column) => (column === line.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ').trimEnd());
  console.log(`\n* current version (served). Data sets in ${where}.`);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } } });
  const [command, name, ...extra] = positionals;
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const valid = (command === 'list' && name === undefined) || ((command === 'rollback' || command === 'remove') && name !== undefined && extra.length === 0);
  if (!valid) throw new Error(USAGE);

  const target = await openCliTarget();
  try {
    if (command === 'list') {
      const rows = await versions(target);
      if (values.json) console.log(JSON.stringify(rows, null, 2));
      else printTable(rows, target.where);
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

main().catch((error: unknown) => {
  console.error(`datasets: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
