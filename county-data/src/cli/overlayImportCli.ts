// `npm run import -- FILE --overlay NAME [--label TEXT] [--mapping M.json]`: publishes the file as
// the next version of overlay NAME (import/importOverlay.ts) in the database the API uses — unless it
// yields no usable feature, mixes geometry kinds or rejects too many: then nothing changes, the report
// says why and the command exits 1.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { defaultOverlayMapping, readOverlayMapping } from '../import/overlayMapping.ts';
import type { OverlayImportReport } from '@parcel-map/shared/contracts';
import { importFileLimitsFromEnv } from '../import/importFileLimits.ts';
import { importOverlay } from '../import/importOverlay.ts';
import { checkOverlayName } from '../publish/overlayVersions.ts';
import { openCliTarget } from './cliTarget.ts';
import { writeReport } from './reportFile.ts';

export interface OverlayImportCommand {
  file: string;
  mappingFile: string | undefined;
  name: string;
  label: string | undefined;
  dryRun: boolean;
  maxRejectedShare: number | undefined;
  reportFile: string;
}

export async function importOverlayCommand(command: OverlayImportCommand): Promise<void> {
  const mapping = command.mappingFile ? await readOverlayMapping(command.mappingFile) : defaultOverlayMapping(path.basename(command.file));
  const name = checkOverlayName(command.name);
  const target = await openCliTarget();
  let report: OverlayImportReport;
  try {
    if (target.kind === 'api') {
      // The API holds the PGlite directory: the file and its mapping go up, the API imports them.
      if ((await stat(command.file)).isDirectory()) throw new Error(`${command.file} is a folder: while the API holds the PGlite directory, files go up one by one, so zip the .gdb folder and import the zip`);
      const files = [command.file, ...(command.mappingFile ? [command.mappingFile] : [])];
      report = await target.api.importOverlay(files, {
        file: path.basename(command.file), overlay: name, label: command.label, mapping: command.mappingFile && path.basename(command.mappingFile),
        dryRun: command.dryRun, maxRejectedShare: command.maxRejectedShare,
      });
    } else {
      report = await importOverlay(target.db, { file: command.file, name, label: command.label, mapping, dryRun: command.dryRun, maxRejectedShare: command.maxRejectedShare, limits: importFileLimitsFromEnv() });
    }
  } finally {
    await target.close();
  }
  await writeReport(command.reportFile, report);
  printSummary(report, command.reportFile, target.where);
  if (report.refusal !== null) process.exitCode = 1;
}

function printSummary(report: OverlayImportReport, reportFile: string, where: string): void {
  const n = (value: number) => value.toLocaleString('en-US');
  const { overlay } = report;
  const headline =
    report.refusal !== null ? `${report.dryRun ? 'dry run: would not be published' : 'NOT imported, nothing changed'} (${report.refusal})`
    : report.dryRun ? 'dry run (nothing written)'
    : `published as version ${overlay.version} of overlay '${overlay.name}' ("${overlay.label}") in ${where}`;
  const lines = [
    `${headline}: ${report.file}`,
    `  source      ${overlay.sourceName} · ${overlay.licence}`,
    `  format      ${report.format}, CRS ${report.crs.split('\n')[0]}`,
    `  geometry    ${overlay.geometryType ?? '—'}s${overlay.context ? `, drawn as base-map ${overlay.context}` : ''}`,
    `  features    ${n(report.features)}`,
    `  imported    ${n(report.imported)}  (${(report.timings.totalMs / 1000).toFixed(1)} s)`,
    `  repaired    ${n(report.repaired)} polygons made valid`,
    `  rejected    ${n(report.rejected)}`,
  ];
  for (const rejection of report.rejections.slice(0, 10)) lines.push(`    feature ${rejection.feature}: ${rejection.detail}`);
  if (report.rejections.length > 10) lines.push(`    … ${n(report.rejections.length - 10)} more in the report`);
  lines.push(`  report      ${reportFile}`);
  console.log(lines.join('\n'));
}
