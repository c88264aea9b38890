// `npm run import -- FILE --imagery NAME [--label TEXT] [--attribution TEXT] [--year YYYY] [--crs EPSG:NNNN]`: publishes
// an orthophoto or satellite image (GeoTIFF/COG, JPEG 2000, JPEG or PNG with a world file, or a folder
// or .zip of such tiles, mosaicked) as the next version of imagery layer NAME (imagery/importImagery.ts) — its tiled file under IMAGERY_DIR (else
// DATA_DIR/imagery), its row in the database the API uses.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { imageryDirFromEnv } from '@parcel-map/database';
import type { ImageryImportReport } from '@parcel-map/shared/contracts';
import { claimedImageryFormat, worldFileBeside } from '../imagery/imageryFormat.ts';
import { importImagery } from '../imagery/importImagery.ts';
import { openCliTarget } from './cliTarget.ts';
import { writeReport } from './reportFile.ts';

export interface ImageryImportCommand {
  file: string;
  name: string;
  label: string | undefined;
  attribution: string | undefined;
  year: number | undefined;
  crs: string | undefined;
  reportFile: string;
}

export async function importImageryCommand(command: ImageryImportCommand): Promise<void> {
  // A folder or .zip of tiles is mosaicked by the import itself, each tile checked there (imagery/imageryMosaic.ts).
  const folder = await stat(command.file).then((found) => found.isDirectory(), () => false);
  const zip = !folder && path.extname(command.file).toLowerCase() === '.zip';
  // Checked before the database is opened or the file sent: a file that is not what it claims changes nothing.
  const format = folder || zip ? undefined : await claimedImageryFormat(command.file);
  const target = await openCliTarget();
  let report: ImageryImportReport;
  try {
    if (target.kind === 'api') {
      if (folder) {
        throw new Error(`${target.where} holds the database, and it takes a tile set as a .zip, not a folder: zip the folder, or stop the API, and run the command again. Nothing was changed.`);
      }
      // A .zip goes as it is: the API's import unzips and checks its tiles.
      const worldFile = format ? await worldFileBeside(command.file, format) : undefined;
      const body = { file: path.basename(command.file), imagery: command.name, label: command.label, attribution: command.attribution, year: command.year, crs: command.crs };
      report = { ...(await target.api.importImagery([command.file, ...(worldFile ? [worldFile] : [])], body)), file: command.file };
    } else {
      report = await importImagery(target.db, { ...command, imageryDir: imageryDirFromEnv() });
    }
  } finally {
    await target.close();
  }
  await writeReport(command.reportFile, report);
  printSummary(report, command.reportFile, target.where);
}

function printSummary(report: ImageryImportReport, reportFile: string, where: string): void {
  const n = (value: number) => value.toLocaleString('en-US');
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const [west, south, east, north] = report.bbox.map((value) => value.toFixed(5));
  const { imagery } = report;
  console.log(
    [
      `published as version ${imagery.version} of imagery '${imagery.name}' ("${imagery.label}"${imagery.year === null ? '' : `, taken ${imagery.year}`}) in ${where}: ${report.file}`,
      `  format      ${report.format}, CRS ${report.crs}`,
      `  size        ${n(report.width)} × ${n(report.height)} px, ${report.bands} band${report.bands === 1 ? '' : 's'}, nodata ${report.nodata ?? 'none'}`,
      `  resolution  ${report.resolution} per pixel`,
      `  extent      ${west}, ${south} to ${east}, ${north} (lon, lat)`,
      `  tiles       ${report.tileFormat.toUpperCase()}, zoom ${report.minzoom}–${report.maxzoom}`,
      `  stored      ${mb(report.storedBytes)} (source ${mb(report.sourceBytes)}, ${(report.timings.totalMs / 1000).toFixed(1)} s)`,
      `  report      ${reportFile}`,
    ].join('\n'),
  );
}
