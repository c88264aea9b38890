// Where an import command leaves its report: the --report file, else beside the PGlite directory (by
// default <repo>/.data/import-reports/), kept for every run.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { databaseLocationFromEnv } from '@parcel-map/database';

export function reportPath(given: string | undefined, cwd: string): string {
  if (given) return path.resolve(cwd, given);
  return path.join(path.dirname(databaseLocationFromEnv().dataDir), 'import-reports', `import-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
}

export async function writeReport(file: string, report: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
}
