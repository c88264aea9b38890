// Issue #45 §2, one tile cache for every API instance: the map's versioned parcel tiles through Debian's
// nginx running deploy/nginx/parcel-map.conf in front of two API instances on one PostgreSQL database.
// A map view's tiles (z15 and z16 around the centre, with a session) are asked for once each from an
// empty cache, then by wrk; nginx's access log then says how many were served from the cache, and how many
// requests each instance still saw (tile misses and the session checks). The same tiles from one
// instance directly, once it has built them, are the baseline. Needs TEST_DATABASE_URL (hardening/support/apiFixture.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import path from 'node:path';
import { DEMO_CENTRE } from '@parcel-map/county-data/demo';
import { datasetsAnswerSchema } from '@parcel-map/shared/contracts';
import { withInstancesOnOneDatabase } from '../hardening/support/apiFixture.ts';
import { startServerProcess } from '../hardening/support/childProcesses.ts';
import { NGINX, nginxMainFile, selfSignedCertificate } from '../hardening/support/nginxServer.ts';
import { renderNginxConfig } from '../scripts/renderNginxConfig.mjs';
import { runtimeConfigFromEnv } from '../scripts/runtimeConfig.mjs';
import { load, type LoadRun } from './lib/load.ts';
import { viewTilePaths } from './lib/mapView.ts';
import { get } from './lib/http.ts';
import { reported, round, type BenchRow } from './lib/report.ts';

const SECTION = 'edge cache';
/** nginx's https port, beside the nginx hardening check's (8400 + offset). */
const HTTPS_PORT_BASE = 8500;
const START_TIMEOUT_MS = 30_000;

/** The status of a GET through nginx (its certificate is the run's own: not checked here); 0 when none came. */
function statusThroughNginx(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise<number>((resolve) => {
    const sent = request(url, { headers, rejectUnauthorized: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    sent.on('error', () => resolve(0));
    sent.end();
  });
}

async function waitForNginx(origin: string, isRunning: () => boolean): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while ((await statusThroughNginx(`${origin}/styles/streets-local.json`)) !== 200) {
    if (!isRunning()) throw new Error('nginx exited');
    if (Date.now() > deadline) throw new Error(`nginx did not answer on ${origin}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface AccessLog {
  tiles: number;
  hits: number;
  /** Requests each instance answered (`host:port`), tile misses and session checks alike. */
  perInstance: Map<string, number>;
  sessionChecks: number;
}

/** Reads nginx's access log (hardening/support/nginxServer.ts's format). */
function readAccessLog(file: string): AccessLog {
  const log: AccessLog = { tiles: 0, hits: 0, perInstance: new Map(), sessionChecks: 0 };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [upstream, cacheStatus, , uri] = line.split(' ');
    if (!uri) continue;
    if (uri.startsWith('/tiles/')) {
      log.tiles += 1;
      if (cacheStatus === 'HIT') log.hits += 1;
    }
    if (uri === '/_parcel_map_tile_access' && upstream !== '-') log.sessionChecks += 1;
    if (upstream && upstream !== '-') log.perInstance.set(upstream, (log.perInstance.get(upstream) ?? 0) + 1);
  }
  return log;
}

export async function benchEdgeCache(portOffset: number, postgresUrl: string | undefined): Promise<{ rows: BenchRow[]; runs: LoadRun[] }> {
  if (postgresUrl === undefined) throw new Error('the edge cache bench needs PostgreSQL (TEST_DATABASE_URL)');
  const context = { quick: false, postgresUrl, portOffset, log: (line: string) => console.error(`[bench] ${line}`) };
  return withInstancesOnOneDatabase(context, 'edge-cache', { count: 2 }, async ({ instances, fixture }) => {
    const [user] = await fixture.signInUsers('edge-cache', 1);
    const session = { Authorization: `Bearer ${await user!.jwt()}` };
    const { dataVersion } = datasetsAnswerSchema.parse(JSON.parse((await get(`${instances[0]!.baseUrl}/api/datasets`, session)).body.toString('utf8')));
    const paths = [15, 16].flatMap((zoom) => viewTilePaths({ ...DEMO_CENTRE, zoom })).map((tile) => `${tile}?v=${dataVersion}`);

    const work = path.join(fixture.workDir, 'nginx');
    mkdirSync(path.join(work, 'tile-cache'), { recursive: true });
    const origin = `https://127.0.0.1:${HTTPS_PORT_BASE + portOffset}`;
    const runtimeConfig = path.join(work, 'config.json');
    writeFileSync(runtimeConfig, JSON.stringify(runtimeConfigFromEnv({ PUBLIC_ORIGIN: origin })));
    const { certificate, key } = selfSignedCertificate(work);
    const siteFile = path.join(work, 'parcel-map.conf');
    writeFileSync(
      siteFile,
      renderNginxConfig({
        SERVER_NAME: '127.0.0.1',
        HTTP_LISTEN: `127.0.0.1:${HTTPS_PORT_BASE + 50 + portOffset}`,
        HTTPS_LISTEN: new URL(origin).host,
        API_UPSTREAM: instances.map((api) => new URL(api.baseUrl).host).join(','),
        RUNTIME_CONFIG: runtimeConfig,
        TLS_CERTIFICATE: certificate,
        TLS_CERTIFICATE_KEY: key,
        TILE_CACHE_DIR: path.join(work, 'tile-cache'),
      }),
    );
    const nginx = startServerProcess(NGINX, ['-p', work, '-c', nginxMainFile(work, siteFile)], {});
    try {
      await waitForNginx(origin, nginx.isRunning);
      // The view's first visit fills the cache, one tile at a time (a cold build takes seconds on a loaded machine).
      for (const tile of paths) {
        const status = await statusThroughNginx(`${origin}${tile}`, session);
        if (status !== 200 && status !== 204) throw new Error(`${tile} through nginx → ${status}`);
      }
      const warm = await load('nginx, two instances, after the first visit', origin, paths, { headers: session });
      const log = readAccessLog(path.join(work, 'access.log'));
      // The baseline: the instance's own cached-tile fast path, once it has built every tile.
      await load('one instance directly, warming', instances[0]!.baseUrl, paths, { headers: session, seconds: 3 });
      const direct = await load('one instance directly, warm', instances[0]!.baseUrl, paths, { headers: session });
      const hitRatio = log.tiles === 0 ? 0 : log.hits / log.tiles;
      const perInstance = instances.map((api) => log.perInstance.get(new URL(api.baseUrl).host) ?? 0);
      const figures = (run: LoadRun) => `p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms`;
      return {
        rows: [
          reported(SECTION, 'tile hit ratio through nginx', round(hitRatio * 100, 2), '%', `${log.hits} of ${log.tiles} tiles from the cache, the first visit's ${paths.length} (a z15–16 view) included`),
          reported(SECTION, 'tiles through nginx, warm', warm.requestsPerSecond, 'req/s', figures(warm)),
          reported(SECTION, 'tiles through nginx, warm, p99', warm.p99Ms, 'ms'),
          reported(SECTION, 'tiles from one instance directly, warm', direct.requestsPerSecond, 'req/s', figures(direct)),
          reported(SECTION, 'requests the instances still saw', perInstance.reduce((sum, count) => sum + count, 0), 'requests', `${perInstance.join(' + ')} (${log.sessionChecks} session checks, the rest tile misses) of ${log.tiles} tiles`),
        ],
        runs: [warm, direct],
      };
    } finally {
      await nginx.stop();
    }
  });
}
