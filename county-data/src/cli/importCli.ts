// `npm run import -- FILE [--dataset NAME | --overlay NAME [--label TEXT]] [--mapping FILE] [--max-rejected 5%] [--dry-run] [--report FILE]`:
// publishes a county's parcels as the next version of data set NAME in the database the API uses
// (DATABASE_URL, else PGlite in DATA_DIR — through the running API when it holds that directory) —
// unless the file yields no parcel or rejects too many of its features: then nothing changes, the
// report says why and the command exits 1. With `--overlay NAME [--label TEXT]` the file is an
// overlay layer instead (overlayImportCli.ts); with `--imagery NAME [--label TEXT] [--attribution TEXT]
// [--crs EPSG:NNNN]` an orthophoto or satellite image (imageryImportCli.ts).
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { changeCountsText, IMAGERY_FILE_EXTENSIONS, imageryYearFromText, IMPORT_FILE_EXTENSIONS, nonParcelText, outsizedText, type ImportReport, type ValidateImportBody } from '@parcel-map/shared/contracts';
import { defaultMapping, readImportMapping } from '../import/importMapping.ts';
import { importFileLimitsFromEnv } from '../import/importFileLimits.ts';
import { importParcels, type ImportProgress } from '../import/importParcels.ts';
import { checkImportFile } from '../import/readParcelSource.ts';
import { checkDatasetName } from '../publish/datasetVersions.ts';
import type { ApiHandoverClient } from './apiHandoverClient.ts';
import { openCliTarget } from './cliTarget.ts';
import { importImageryCommand } from './imageryImportCli.ts';
import { importOverlayCommand } from './overlayImportCli.ts';
import { createProgressBar } from './progressBar.ts';
import { reportPath, writeReport } from './reportFile.ts';

const USAGE = `usage: npm run import -- FILE (${IMPORT_FILE_EXTENSIONS.join(' ')}, or a .gdb folder) [--dataset NAME | --overlay NAME [--label TEXT]] [--mapping MAPPING.json] [--max-rejected 5%] [--dry-run] [--report REPORT.json]
   or: npm run import -- IMAGE (${IMAGERY_FILE_EXTENSIONS.join(' ')}, or a folder or .zip of such tiles) --imagery NAME [--label TEXT] [--attribution TEXT] [--year YYYY] [--crs EPSG:NNNN] [--report REPORT.json]`;

/** '20%', '20 %' or '20': a percentage of the file's features, 0–100. */
function parseShare(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*%?\s*$/.exec(text);
  const percent = match ? Number(match[1]) : NaN;
  if (!(percent >= 0 && percent <= 100)) throw new Error(`--max-rejected must be a percentage from 0 to 100, not '${text}'`);
  return percent / 100;
}

function parseYear(text: string): number {
  const year = imageryYearFromText(text);
  if (year === null) throw new Error(`--year must be the year the photos were taken, from 1900 to 2100, not '${text}'`);
  return year;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      mapping: { type: 'string' },
      dataset: { type: 'string' },
      overlay: { type: 'string' },
      imagery: { type: 'string' },
      label: { type: 'string' },
      attribution: { type: 'string' },
      year: { type: 'string' },
      crs: { type: 'string' },
      'max-rejected': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      report: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  // npm runs workspace scripts in the workspace folder: resolve paths against where the user typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const [fileArg, ...extra] = positionals;
  if (fileArg === undefined || extra.length > 0) throw new Error(USAGE);
  const file = path.resolve(cwd, fileArg);
  const mappingFile = values.mapping === undefined ? undefined : path.resolve(cwd, values.mapping);
  const maxRejectedShare = values['max-rejected'] === undefined ? undefined : parseShare(values['max-rejected']);
  const reportFile = reportPath(values.report, cwd);
  if (values.imagery !== undefined) {
    if (values.dataset !== undefined || values.overlay !== undefined || mappingFile !== undefined || maxRejectedShare !== undefined || values['dry-run']) {
      throw new Error('--imagery takes --label, --attribution, --year, --crs and --report only');
    }
    const year = values.year === undefined ? undefined : parseYear(values.year);
    await importImageryCommand({ file, name: values.imagery, label: values.label, attribution: values.attribution, year, crs: values.crs, reportFile });
    return;
  }
  if (values.attribution !== undefined || values.year !== undefined || values.crs !== undefined) {
    throw new Error('--attribution, --year and --crs are for imagery: give them with --imagery NAME');
  }
  // A file that is refused whatever its content is refused before the database is opened (and locked).
  await checkImportFile(file, importFileLimitsFromEnv());
  if (values.overlay !== undefined) {
    if (values.dataset !== undefined) throw new Error('give --dataset or --overlay, not both');
    await importOverlayCommand({ file, mappingFile, name: values.overlay, label: values.label, dryRun: values['dry-run'], maxRejectedShare, reportFile });
    return;
  }
  if (values.label !== undefined) throw new Error('--label names an overlay or imagery: give it with --overlay NAME or --imagery NAME');
  const mapping = mappingFile ? await readImportMapping(mappingFile) : defaultMapping(path.basename(file));
  const dryRun = values['dry-run'];
  const dataset = values.dataset === undefined ? undefined : checkDatasetName(values.dataset);

  const target = await openCliTarget();
  const bar = createProgressBar();
  let report: ImportReport;
  try {
    if (target.kind === 'database') {
      report = await importParcels(target.db, { file, mapping, dataset, dryRun, maxRejectedShare, limits: importFileLimitsFromEnv(), onProgress: bar.update });
    } else {
      // The API holds the PGlite directory: it validates and publishes; the join table travels with the mapping.
      if ((await stat(file)).isDirectory()) throw new Error(`${file} is a folder: while the API holds the PGlite directory, files go up one by one, so zip the .gdb folder and import the zip`);
      const files = [file, ...(mappingFile ? [mappingFile] : []), ...(mapping.join ? [path.resolve(path.dirname(file), mapping.join.file)] : [])];
      const choice = mappingFile ? { kind: 'uploaded' as const, file: path.basename(mappingFile) } : { kind: 'default' as const };
      report = await importThroughApi(target.api, files, { file: path.basename(file), dataset, mapping: choice, maxRejectedShare }, dryRun, bar.update);
    }
  } finally {
    bar.done();
    await target.close();
  }

  await writeReport(reportFile, report);
  printSummary(report, reportFile, target.where);
  if (report.refusal !== null) process.exitCode = 1;
}

async function importThroughApi(
  api: ApiHandoverClient,
  files: string[],
  body: ValidateImportBody,
  dryRun: boolean,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportReport> {
  const validated = await api.validate(files, body, onProgress);
  if (validated.state === 'failed' || !validated.report) throw new Error(validated.error ?? 'the API could not validate the file');
  if (dryRun || validated.state !== 'ready') {
    await api.discard(validated);
    return { ...validated.report, dryRun };
  }
  const published = await api.publish(validated, onProgress);
  if (published.state !== 'published' || !published.report) throw new Error(published.error ?? 'the API could not publish the file');
  return published.report;
}

function headline(report: ImportReport, target: string): string {
  if (report.refusal !== null) return `${report.dryRun ? 'dry run: would not be published' : 'NOT imported, nothing changed'} (${report.refusal})`;
  return report.dryRun ? 'dry run (nothing written)' : `published as version ${report.dataset.version} of data set '${report.dataset.name}' in ${target}`;
}

function printSummary(report: ImportReport, reportFile: string, target: string): void {
  const n = (value: number) => value.toLocaleString('en-US');
  const lines = [
    `${headline(report, target)}: ${report.file}`,
    `  source      ${report.dataset.sourceName} · ${report.dataset.licence}${report.dataset.asOf ? ` · as of ${report.dataset.asOf}` : ''}`,
    `  format      ${report.format}, CRS ${report.crs.split('\n')[0]}`,
    `  features    ${n(report.features)}`,
    `  imported    ${n(report.imported)}  (${n(report.parcelsPerSecond)} parcels/s, ${(report.timings.totalMs / 1000).toFixed(1)} s)`,
    `  repaired    ${n(report.repaired)} outlines made valid`,
    `  rejected    ${n(report.rejected)}${report.rejected > 0 ? `  (${Object.entries(report.rejectedByReason).filter(([, count]) => count > 0).map(([reason, count]) => `${reason}: ${n(count)}`).join(', ')})` : ''}`,
  ];
  for (const rejection of report.rejections.slice(0, 10)) {
    lines.push(`    feature ${rejection.feature}${rejection.pin ? ` PIN ${rejection.pin}` : ''}: ${rejection.reason} — ${rejection.detail}`);
  }
  if (report.rejections.length > 10) lines.push(`    … ${n(report.rejections.length - 10)} more in the report`);
  if (report.join) {
    lines.push(`  join        ${n(report.join.matched)} matched, ${n(report.join.unmatched)} without a row in ${path.basename(report.join.file)} (several rows per key: ${report.join.pick})`);
  }
  lines.push(`  TaxAcres    ${n(report.taxAcres.fromMapping)} from the mapping, ${n(report.taxAcres.computedFromGeometry)} computed from the outline`);
  for (const warning of report.warnings) {
    lines.push(`  unreadable  ${warning.field}: ${n(warning.count)} values left empty (e.g. ${warning.examples.map((e) => JSON.stringify(e)).join(', ')})`);
  }
  if (report.nonParcels.length > 0) {
    lines.push(`  not parcels ${report.nonParcels.map(nonParcelText).join(', ')}`);
  }
  if (report.outsized.length > 0) {
    lines.push(`  outsized    ${report.outsized.map(outsizedText).join(', ')}`);
  }
  for (const placeholder of report.placeholders) {
    lines.push(`  unknown     ${placeholder.field}: ${n(placeholder.count)} placeholders stored as missing (e.g. ${placeholder.examples.map((e) => JSON.stringify(e)).join(', ')})`);
  }
  if (report.changes !== undefined) {
    lines.push(`  changes     ${report.changes ? `${changeCountsText(report.changes)} against the version served` : 'none: no version of the data set was served'}`);
  }
  lines.push(`  report      ${reportFile}`);
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(`import failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
