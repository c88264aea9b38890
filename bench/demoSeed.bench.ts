// Demo county from an empty database to a ready API (issue #7 point 4, budget 60 s): server.ts on
// a fresh PGlite directory, timed from process start to its 'API listening' line.
import { rm } from 'node:fs/promises';
import { startTsProcess, stopProcess } from './lib/processes.ts';
import { atMost, round, type BenchRow } from './lib/report.ts';

export async function benchDemoSeed(pgliteDir: string, port: number): Promise<BenchRow> {
  await rm(pgliteDir, { recursive: true, force: true });
  const { child, readyMs } = await startTsProcess(['api-server/src/server.ts'], { PORT: String(port), DATA_DIR: pgliteDir, LOG_LEVEL: 'warn' }, 'API listening', 10 * 60_000);
  await stopProcess(child);
  return atMost('data', 'demo county: empty database → API ready', round(readyMs / 1000), 's', 60, 'server.ts on a fresh PGlite directory, process start to listening');
}
