// A PGlite directory holding the 3 km test square of the demo county, for API processes the checks
// start: seeded once per run (the whole county takes a minute), then copied for each API process so
// every check starts from the same data and none sees another's saved parcels.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { migrate } from '../../database/src/migrate.ts';
import { openPgliteDb } from '../../database/src/pgliteDb.ts';
import { TEST_EXTENT } from '../../county-data/src/demo/demoCounty.ts';
import { seedDemoDataIfEmpty } from '../../county-data/src/demo/seedDemoData.ts';

let template: Promise<string> | undefined;
const made: string[] = [];
process.on('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function tempDir(label: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `parcel-map-hardening-${label}-`));
  made.push(dir);
  return dir;
}

async function seedTemplate(): Promise<string> {
  const dir = tempDir('seed');
  const db = await openPgliteDb(dir);
  try {
    await migrate(db);
    await seedDemoDataIfEmpty(db, pino({ level: 'silent' }), { extent: TEST_EXTENT });
  } finally {
    await db.close();
  }
  return dir;
}

/** A fresh copy of the seeded directory, removed when the runner exits. */
export async function seededPgliteDir(): Promise<string> {
  template ??= seedTemplate();
  const copy = tempDir('api');
  cpSync(await template, copy, { recursive: true });
  return copy;
}
