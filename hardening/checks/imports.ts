// Issue #22 point 1: an import never loses the published data. On each database: a file that would
// lose the county (empty, or every feature rejected) changes nothing and exits non-zero; an import
// killed with SIGKILL while it writes leaves the data exactly as it was, and the API starts on it.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeGeneratedParcels } from '../../bench/generatedParcels.ts';
import { apiPorts, didNotComplete, freshDatabase, modesOf, openApiFixture, type ApiFixture, type DbMode } from '../support/apiFixture.ts';
import { startApiOn, type ApiDatabase } from '../support/apiOnDatabase.ts';
import { snapshotOf, untilWriting, withDb } from '../support/importObservation.ts';
import { COMPILED, REPO } from '../support/childProcesses.ts';
import type { HardeningCheck, HardeningContext, HardeningOutcome } from '../types.ts';

/** Enough parcels that the write takes seconds, so the kill lands inside it. */
const KILLED_IMPORT_PARCELS = 60_000;

function startImport(database: ApiDatabase, file: string): ChildProcess {
  return spawn(process.execPath, [COMPILED.importCommand, file], {
    cwd: REPO,
    env: { ...process.env, DATABASE_URL: 'databaseUrl' in database ? database.databaseUrl : '', DATA_DIR: 'dataDir' in database ? database.dataDir : '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function exitCodeOf(child: ChildProcess): Promise<number | null> {
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
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
      seen = await untilWriting(database, () => (child.exitCode === null ? undefined : `the import ended (exit ${child.exitCode})`));
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
