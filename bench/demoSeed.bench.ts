// Demo county from an empty database to a ready API (issue #4 point 1 and issue #7 point 4, budget
// 60 s), then a later start on the seeded directory (issue #4 point 1, under 5 s): the demo seed and
// then the API on a PGlite directory, as `npm start` runs them, timed from the seed's start to the
// API's 'API listening' line.
import { rm } from 'node:fs/promises';
import { startApiProcess, stopProcess } from './lib/processes.ts';
import { atMost, round, type BenchRow } from './lib/report.ts';

async function secondsToReady(pgliteDir: string, port: number): Promise<number> {
  const { child, readyMs } = await startApiProcess(port, pgliteDir, 10 * 60_000);
  await stopProcess(child);
  return round(readyMs / 1000);
}

export async function benchDemoSeed(pgliteDir: string, port: number): Promise<BenchRow[]> {
  await rm(pgliteDir, { recursive: true, force: true });
  const firstStart = await secondsToReady(pgliteDir, port);
  const laterStart = await secondsToReady(pgliteDir, port);
  return [
    atMost('data', 'demo county: empty database → API ready', firstStart, 's', 60, 'the demo seed then the API on a fresh PGlite directory, from the seed\'s start to listening'),
    atMost('data', 'later start: seeded database → API ready', laterStart, 's', 5, 'the seed step (nothing to do) then the API again on the directory the first start seeded'),
  ];
}
