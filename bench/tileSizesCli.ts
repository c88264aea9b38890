// `npx tsx bench/tileSizesCli.ts [demo] [cambridge]`: the tile size and cold build rows alone (both
// data sets unless named), without imports or servers: the demo county from the seeded PGlite
// directory of `npm run bench` (.data/bench-<PARCEL_MAP_PORT_OFFSET>/pglite, or BENCH_DATA_DIR),
// the Cambridge MA sample imported into a throwaway PGlite. Prints the table and each zoom's figures.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from '../database/src/migrate.ts';
import { openPgliteDb } from '../database/src/pgliteDb.ts';
import { readImportMapping } from '../county-data/src/import/importMapping.ts';
import { DEFAULT_IMPORT_FILE_LIMITS } from '../county-data/src/import/importFileLimits.ts';
import { importParcels } from '../county-data/src/import/importParcels.ts';
import { ROOT } from './lib/processes.ts';
import { formatTable, type BenchRow } from './lib/report.ts';
import { coldBuildRows, measureTileSizes, tileSizeRow, type ZoomStats } from './tileSizes.ts';

const CAMBRIDGE = path.resolve(ROOT, '../shared/data/cambridge_ma_parcels_fy2014/ASSESSING_ParcelsFY2014.converted.geojson');
const CAMBRIDGE_MAPPING = path.join(ROOT, 'county-data/mappings/cambridge_fy2014.json');
const DATA_SETS = ['demo', 'cambridge'] as const;

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !DATA_SETS.includes(name as (typeof DATA_SETS)[number]));
if (unknown.length > 0) throw new Error(`unknown data set(s) ${unknown.join(', ')}; data sets: ${DATA_SETS.join(', ')}`);
const dataSets = new Set(requested.length > 0 ? requested : DATA_SETS);
const rows: BenchRow[] = [];

function report(name: string, stats: ZoomStats[]) {
  console.table(stats.map(({ zoom, tiles, empty, avgKB, maxKB, maxTile, buildMs }) => ({ zoom, tiles, empty, avgKB, maxKB, maxTile, ...buildMs })));
  rows.push(tileSizeRow('tiles', name, stats), ...coldBuildRows('tiles', name, stats));
}

if (dataSets.has('demo')) {
  const pgliteDir = process.env.BENCH_DATA_DIR ?? path.join(ROOT, `.data/bench-${process.env.PARCEL_MAP_PORT_OFFSET ?? '0'}/pglite`);
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) throw new Error(`${pgliteDir} is not seeded: run \`npm run bench -- seed\` first`);
  const db = await openPgliteDb(pgliteDir);
  try {
    report('demo county', await measureTileSizes(db));
  } finally {
    await db.close();
  }
}

if (dataSets.has('cambridge')) {
  const scratch = await mkdtemp(path.join(tmpdir(), 'parcel-bench-tiles-'));
  const db = await openPgliteDb(path.join(scratch, 'pglite'));
  try {
    await migrate(db);
    await importParcels(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file: CAMBRIDGE, mapping: await readImportMapping(CAMBRIDGE_MAPPING) });
    report('Cambridge MA', await measureTileSizes(db));
  } finally {
    await db.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

console.log(formatTable(rows));
