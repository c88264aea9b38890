// A publish of one square parcel through the real import command, against a PostgreSQL database: what
// the checks of several processes (instances, replicas) wait to see served.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { COMPILED, REPO } from './childProcesses.ts';

export interface PublishedParcel {
  pin: string;
  owner: string;
  lng: number;
  lat: number;
}

/** Imports the parcel (a square about 100 m across) as the data set 'published'; resolves once the command has exited 0. */
export async function publishOneParcel(parcel: PublishedParcel, databaseUrl: string, workDir: string): Promise<void> {
  const size = 0.001;
  const { lng, lat } = parcel;
  const ring = [[lng - size, lat - size], [lng + size, lat - size], [lng + size, lat + size], [lng - size, lat + size], [lng - size, lat - size]];
  const file = path.join(workDir, 'published.geojson');
  await writeFile(file, JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { PIN: parcel.pin, owner: parcel.owner }, geometry: { type: 'Polygon', coordinates: [ring] } }] }));
  const child = spawn(process.execPath, [COMPILED.importCommand, file, '--dataset', 'published'], {
    cwd: REPO,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: '' },
    stdio: 'ignore',
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the import exited ${code}`);
}
