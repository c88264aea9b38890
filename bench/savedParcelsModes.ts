// Runs savedParcels.bench.ts once per database mode: PGlite, and PostgreSQL when TEST_DATABASE_URL
// (else 127.0.0.1:5432) answers, in a throwaway database created and dropped around the run.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createScratchDatabase, type ScratchDatabase } from '../database/src/testing/scratchDatabase.ts';
import { ROOT } from './lib/processes.ts';
import { atMost, failedRow, type BenchRow } from './lib/report.ts';

const run = promisify(execFile);
const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const BUDGET_MS = 50;

interface SavedListResult {
  dbMode: string;
  rowsListed: number;
  responseBytes: number;
  httpMs: { p50: number; p95: number };
  queryMs: { p50: number };
}

async function runMode(databaseUrl: string): Promise<SavedListResult> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/savedParcels.bench.ts'], {
    cwd: ROOT,
    env: { ...process.env, TEST_DATABASE_URL: databaseUrl },
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = stdout.split('\n').find((candidate) => candidate.startsWith('BENCH_RESULT '));
  if (!line) throw new Error(`savedParcels.bench.ts printed no result:\n${stdout.slice(-500)}`);
  return JSON.parse(line.slice('BENCH_RESULT '.length)) as SavedListResult;
}

const row = (result: SavedListResult) =>
  atMost('api', `saved list, 10,000 rows, ${result.dbMode} (HTTP p50)`, result.httpMs.p50, 'ms', BUDGET_MS,
    `${result.rowsListed} rows, ${Math.round(result.responseBytes / 1024)} KB; p95 ${result.httpMs.p95} ms; query p50 ${result.queryMs.p50} ms`);

export async function benchSavedParcelLists(): Promise<{ rows: BenchRow[]; results: SavedListResult[] }> {
  const results: SavedListResult[] = [];
  const rows: BenchRow[] = [];
  try {
    results.push(await runMode(''));
    rows.push(row(results.at(-1)!));
  } catch (error) {
    rows.push(failedRow('api', 'saved list, 10,000 rows, pglite', error));
  }

  const serverUrl = process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES;
  let database: ScratchDatabase;
  try {
    database = await createScratchDatabase(serverUrl, 'bench', 'saved_list');
  } catch (error) {
    rows.push({ section: 'api', name: 'saved list, 10,000 rows, postgres', value: null, unit: '', target: '≤ 50 ms', pass: null,
      detail: `skipped: no PostgreSQL at ${new URL(serverUrl).host} (${error instanceof Error ? error.message : error})` });
    return { rows, results };
  }
  try {
    results.push(await runMode(database.url));
    rows.push(row(results.at(-1)!));
  } catch (error) {
    rows.push(failedRow('api', 'saved list, 10,000 rows, postgres', error));
  } finally {
    await database.drop();
  }
  return { rows, results };
}
