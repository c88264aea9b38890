// Issue #22 point 1: an import never loses the published data. On each database: a file that would
// lose the county (empty, or every feature rejected) changes nothing and exits non-zero; an import
// killed with SIGKILL while it writes leaves the data exactly as it was, and the API starts on it.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Queryable } from '../../database/src/db.ts';
import { openPgDb } from '../../database/src/pgDb.ts';
import { openPgliteDb } from '../../database/src/pgliteDb.ts';
import { writeGeneratedParcels } from '../../bench/generatedParcels.ts';
import { apiPorts, didNotComplete, freshDatabase, modesOf, openApiFixture, type ApiFixture, type DbMode } from '../support/apiFixture.ts';
import { startApiOn, type ApiDatabase } from '../support/apiOnDatabase.ts';
import { REPO, RUN_TYPESCRIPT } from '../support/childProcesses.ts';
import type { HardeningCheck, HardeningContext, HardeningOutcome } from '../types.ts';

/** Enough parcels that the write takes seconds, so the kill lands inside it. */
const KILLED_IMPORT_PARCELS = 60_000;
const WRITING_TIMEOUT_MS = 120_000;
const POLL_MS = 50;

interface Snapshot {
  current: number | null;
  datasets: number;
  parcels: number;
  checksum: string;
}

async function snapshotOf(db: Queryable): Promise<Snapshot> {
  const { rows } = await db.query<Snapshot>(
    `SELECT (SELECT id FROM datasets WHERE is_current) AS current,
            (SELECT count(*)::int FROM datasets) AS datasets,
            (SELECT count(*)::int FROM parcels) AS parcels,
            (SELECT md5(string_agg(pin || coalesce(owner, ''), ',' ORDER BY pin)) FROM parcels) AS checksum`,
  );
  return rows[0]!;
}

async function withDb<T>(database: ApiDatabase, fn: (db: Queryable) => Promise<T>): Promise<T> {
  const db = 'dataDir' in database ? await openPgliteDb(database.dataDir) : await openPgDb(database.databaseUrl, { max: 1 });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

function startImport(database: ApiDatabase, file: string): ChildProcess {
  return spawn(process.execPath, [...RUN_TYPESCRIPT, path.join(REPO, 'county-data/src/cli/importCli.ts'), file], {
    cwd: REPO,
    env: { ...process.env, DATABASE_URL: 'databaseUrl' in database ? database.databaseUrl : '', DATA_DIR: 'dataDir' in database ? database.dataDir : '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function exitCodeOf(child: ChildProcess): Promise<number | null> {
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

async function walBytes(dataDir: string): Promise<number> {
  const dir = path.join(dataDir, 'pg_wal');
  const files = await readdir(dir).catch(() => []);
  const sizes = await Promise.all(files.map((name) => stat(path.join(dir, name)).then((info) => (info.isFile() ? info.size : 0), () => 0)));
  return sizes.reduce((sum, size) => sum + size, 0);
}

/**
 * Resolves once the import is writing parcels: PostgreSQL shows its INSERT in pg_stat_activity;
 * PGlite (one process holds it) shows its write-ahead log growing by more than a megabyte.
 */
async function untilWriting(database: ApiDatabase, child: ChildProcess): Promise<string> {
  const deadline = Date.now() + WRITING_TIMEOUT_MS;
  const walBefore = 'dataDir' in database ? await walBytes(database.dataDir) : 0;
  const observer = 'databaseUrl' in database ? await openPgDb(database.databaseUrl, { max: 1 }) : undefined;
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the import ended (exit ${child.exitCode}) before it was seen writing`);
      if (observer) {
        const { rows } = await observer.query("SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'INSERT INTO parcels%' AND state = 'active'");
        if (rows.length > 0) return 'its INSERT INTO parcels active in pg_stat_activity';
      } else if ((await walBytes((database as { dataDir: string }).dataDir)) - walBefore > 1_000_000) {
        return 'its write-ahead log grown by over 1 MB';
      }
      await sleep(POLL_MS);
    }
    throw new Error(`the import was not seen writing within ${WRITING_TIMEOUT_MS} ms`);
  } finally {
    await observer?.close();
  }
}

async function refusedImports(mode: DbMode, context: HardeningContext, fixture: ApiFixture): Promise<HardeningOutcome> {
  const tried = `imports (${mode}): an empty file and a file whose every feature is rejected change nothing and exit non-zero`;
  const { database, drop } = await freshDatabase(mode, context, fixture, 'refused', 'testSquare');
  try {
    const before = await withDb(database, snapshotOf);
    const empty = path.join(fixture.workDir, 'empty.geojson');
    await writeFile(empty, JSON.stringify({ type: 'FeatureCollection', features: [] }));
    const renamed = path.join(fixture.workDir, 'renamed.geojson');
    const square = (x: number) => [[[x, 35.6], [x + 0.001, 35.6], [x + 0.001, 35.601], [x, 35.601], [x, 35.6]]];
    await writeFile(renamed, JSON.stringify({ type: 'FeatureCollection', features: [0, 1, 2].map((i) => ({ type: 'Feature', properties: { MAP_LOT: `M-${i}` }, geometry: { type: 'Polygon', coordinates: square(-80.9 + i * 0.001) } })) }));
    const codes = [await exitCodeOf(startImport(database, empty)), await exitCodeOf(startImport(database, renamed))];
    const after = await withDb(database, snapshotOf);
    const unchanged = JSON.stringify(after) === JSON.stringify(before);
    return {
      tried,
      held: codes.every((code) => code !== 0 && code !== null) && unchanged,
      detail: `exit codes ${codes.join(' and ')}; data ${unchanged ? 'unchanged' : 'CHANGED'} (data set ${after.current}, ${after.parcels} parcels, ${after.datasets} data set rows)`,
    };
  } finally {
    await drop();
  }
}

async function killedImport(mode: DbMode, context: HardeningContext, fixture: ApiFixture, file: string): Promise<HardeningOutcome> {
  const tried = `imports (${mode}): SIGKILL while an import of ${KILLED_IMPORT_PARCELS.toLocaleString('en-US')} parcels writes`;
  const { database, drop } = await freshDatabase(mode, context, fixture, 'killed', 'testSquare');
  try {
    const before = await withDb(database, snapshotOf);
    const child = startImport(database, file);
    let seen: string;
    try {
      seen = await untilWriting(database, child);
    } finally {
      child.kill('SIGKILL');
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    }
    const after = await withDb(database, snapshotOf);
    const unchanged = JSON.stringify(after) === JSON.stringify(before);
    const api = await startApiOn({ database, port: apiPorts(context)[0], jwt: fixture.identity.jwt });
    let healthy: boolean;
    try {
      healthy = (await fetch(`${api.baseUrl}/health`)).ok;
    } finally {
      await api.stop();
    }
    return {
      tried,
      held: unchanged && healthy,
      detail: `killed once the import was writing (${seen}); data ${unchanged ? 'exactly as before' : 'CHANGED'} (data set ${after.current}, ${after.parcels} parcels); the API then started and answered /health ${healthy ? '200' : 'with an error'}`,
    };
  } finally {
    await drop();
  }
}

const check: HardeningCheck = {
  name: 'imports',
  async run(context) {
    const fixture = await openApiFixture('imports');
    try {
      const file = path.join(fixture.workDir, 'generated.geojson');
      await writeGeneratedParcels(file, KILLED_IMPORT_PARCELS);
      const outcomes: HardeningOutcome[] = [];
      for (const mode of modesOf(context)) {
        outcomes.push(await refusedImports(mode, context, fixture).catch((error: unknown) => didNotComplete(`imports (${mode}): refused files`, error)));
        outcomes.push(await killedImport(mode, context, fixture, file).catch((error: unknown) => didNotComplete(`imports (${mode}): SIGKILL during an import`, error)));
      }
      return outcomes;
    } finally {
      await fixture.close();
    }
  },
};

export default check;
