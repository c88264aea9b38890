// Issue #22's bench rows, against the running product (PGlite, the API holding its directory): a
// generated 100,000-parcel county imported with `npm run import` while the map is served — the
// command hands the file to the running API, which validates it in a worker thread and publishes it
// — and the time from the publish to the API serving the new county's tiles. The data set is removed
// afterwards, leaving the bench's demo county as it was.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { lonLatToTile } from '../api-server/src/tiles/kit/tileMath.ts';
import { writeGeneratedParcels } from './generatedParcels.ts';
import { ROOT } from './lib/processes.ts';
import { atLeast, atMost, type BenchRow } from './lib/report.ts';

const PARCELS = 100_000;
const DATASET = 'bench-live';
// North-east of the demo county: no parcel or PIN of it is touched.
const ORIGIN = { lon: -79.0, lat: 36.0 };
const MIN_PARCELS_PER_SECOND = 3000;
const MAX_PUBLISH_TO_TILES_MS = 5000;

async function command(pgliteDir: string, args: string[]): Promise<{ output: string; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: pgliteDir, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${args.join(' ')} exited ${code}:\n${output}`);
  return { output, ms: performance.now() - started };
}

/** `jwt`: a session's token, which the parcel tiles are served to. */
export async function benchLivePublish(api: string, pgliteDir: string, jwt: string): Promise<BenchRow[]> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'parcel-bench-live-'));
  try {
    const file = path.join(scratch, 'live.geojson');
    await writeGeneratedParcels(file, PARCELS, ORIGIN);
    const imported = await command(pgliteDir, ['county-data/src/cli/importCli.ts', file, '--dataset', DATASET]);
    if (!imported.output.includes('in the running API')) throw new Error(`the import did not go through the running API:\n${imported.output}`);
    const published = performance.now();
    // The first generated lot's tile at z16: served once it holds that lot's PIN.
    const { x, y } = lonLatToTile(ORIGIN.lon + 0.0002, ORIGIN.lat + 0.00015, 16);
    let servedMs = Infinity;
    while (performance.now() - published < MAX_PUBLISH_TO_TILES_MS * 4) {
      const tile = await fetch(`${api}/tiles/16/${x}/${y}.pbf`, { headers: { Authorization: `Bearer ${jwt}` } });
      if (tile.status === 200 && Buffer.from(await tile.arrayBuffer()).includes('G000000001')) {
        servedMs = performance.now() - published;
        break;
      }
      await sleep(20);
    }
    const perSecond = Math.round(PARCELS / (imported.ms / 1000));
    return [
      atLeast('data', 'import through the running API (npm run import, PGlite)', perSecond, 'parcels/s', MIN_PARCELS_PER_SECOND,
        `${PARCELS.toLocaleString('en-US')} generated parcels: upload, validation in the API's worker thread and publish took ${(imported.ms / 1000).toFixed(1)} s end to end, the map served meanwhile`),
      atMost('data', 'publish → its tiles served', Math.round(servedMs), 'ms', MAX_PUBLISH_TO_TILES_MS, 'from the import command exiting to the API answering the new data set\'s z16 tile'),
    ];
  } finally {
    await command(pgliteDir, ['county-data/src/cli/datasetsCli.ts', 'remove', DATASET]).catch(() => undefined);
    await rm(scratch, { recursive: true, force: true });
  }
}
