// Importer speed and tile sizes of real data (issue #7 points 2 and 4): the Cambridge, MA sample
// in ../shared/data (with its assessor join) and a generated 100,000-parcel GeoJSON, each imported
// with the import CLI's own functions into a throwaway PGlite directory; then every zoom's tiles
// of the Cambridge data are built cold and weighed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from '../database/src/migrate.ts';
import { openPgliteDb } from '../database/src/pgliteDb.ts';
import { defaultMapping, readImportMapping, type ImportMapping } from '../county-data/src/import/importMapping.ts';
import { DEFAULT_IMPORT_FILE_LIMITS } from '../county-data/src/import/importFileLimits.ts';
import { importParcels } from '../county-data/src/import/importParcels.ts';
import type { ImportReport } from '../shared/src/datasets/importContract.ts';
import type { Db } from '../database/src/db.ts';
import { writeGeneratedParcels } from './generatedParcels.ts';
import { ROOT } from './lib/processes.ts';
import { atLeast, type BenchRow } from './lib/report.ts';
import { coldBuildRows, measureTileSizes, tileSizeRow, type ZoomStats } from './tileSizes.ts';

const CAMBRIDGE = path.resolve(ROOT, '../shared/data/cambridge_ma_parcels_fy2014/ASSESSING_ParcelsFY2014.converted.geojson');
const CAMBRIDGE_MAPPING = path.join(ROOT, 'county-data/mappings/cambridge_fy2014.json');
const GENERATED_COUNT = 100_000;
const MIN_PARCELS_PER_SECOND = 5000;

export interface ImportResults {
  rows: BenchRow[];
  cambridgeTiles: ZoomStats[];
  reports: Pick<ImportReport, 'file' | 'features' | 'imported' | 'rejected' | 'timings' | 'parcelsPerSecond'>[];
}

async function timedImport(db: Db, file: string, mapping: ImportMapping) {
  const report = await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file, mapping });
  const { features, imported, rejected, timings, parcelsPerSecond } = report;
  return { file: path.basename(file), features, imported, rejected, timings, parcelsPerSecond };
}

const importRow = (name: string, report: ImportResults['reports'][number]) =>
  atLeast('data', `import ${name}`, report.parcelsPerSecond, 'parcels/s', MIN_PARCELS_PER_SECOND,
    `${report.imported.toLocaleString('en-US')} imported, ${report.rejected} rejected in ${(report.timings.totalMs / 1000).toFixed(1)} s (read ${Math.round(report.timings.readMs)} ms, prepare ${Math.round(report.timings.prepareMs)} ms, write ${Math.round(report.timings.writeMs)} ms)`);

export async function benchImports(): Promise<ImportResults> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'parcel-bench-import-'));
  const db = await openPgliteDb(path.join(scratch, 'pglite'));
  try {
    await migrate(db);
    const cambridge = await timedImport(db, CAMBRIDGE, await readImportMapping(CAMBRIDGE_MAPPING));
    const cambridgeTiles = await measureTileSizes(db);
    const generatedFile = path.join(scratch, 'generated-100k.geojson');
    await writeGeneratedParcels(generatedFile, GENERATED_COUNT);
    const generated = await timedImport(db, generatedFile, defaultMapping('generated-100k.geojson'));
    return {
      rows: [
        importRow('Cambridge MA sample', cambridge),
        importRow('generated 100,000-parcel GeoJSON', generated),
        tileSizeRow('tiles', 'Cambridge MA', cambridgeTiles),
        ...coldBuildRows('tiles', 'Cambridge MA', cambridgeTiles),
      ],
      cambridgeTiles,
      reports: [cambridge, generated],
    };
  } finally {
    await db.close();
    await rm(scratch, { recursive: true, force: true });
  }
}
