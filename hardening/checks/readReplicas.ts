// Issue #45 §3: an API instance reading from a streaming replica (DATABASE_READ_URL) and writing to the
// primary. A publish made through the primary is announced by the instance (GET /api/datasets, which the
// map polls) only once the replica holds it, so the map is never sent to a parcel the instance then
// answers 404 for; the replica replays each commit 2 s late on purpose (recovery_min_apply_delay), longer
// than the import command takes to exit after its commit, so the announcement always races the replay.
// Then the replica restarts and reads come back.
import { setTimeout as sleep } from 'node:timers/promises';
import { lonLatToTile } from '../../api-server/src/tiles/kit/tileMath.ts';
import { UNREACHED_RATE_LIMITS } from '../../bench/lib/unreachedRateLimits.ts';
import { apiPorts, didNotComplete, openApiFixture, seconds, skippedPostgres } from '../support/apiFixture.ts';
import { startApiOn } from '../support/apiOnDatabase.ts';
import { postgresBinDir, startPrivatePostgres, startPrivateReplica, type PrivatePostgres } from '../support/privatePostgres.ts';
import { publishOneParcel } from '../support/publishOneParcel.ts';
import { seedTestSquare } from '../support/seededTemplateDatabase.ts';
import type { HardeningCheck, HardeningContext, HardeningOutcome } from '../types.ts';

const PUBLISH_TRIED = 'read replicas: a publish through the primary, read through a streaming replica that replays 2 s late — announced only once readable, served within 5 s';
const RESTART_TRIED = 'read replicas: the replica restarted, API not restarted — reads come back';
const PUBLISH_BUDGET_MS = 5_000;
const RECOVERY_LIMIT_MS = 5_000;
const APPLY_DELAY_MS = 2_000;
const POLL_MS = 20;
const PUBLISHED = { pin: 'REPLICA-PUBLISH-1', owner: 'REPLICATED OWNER', lng: -79.5, lat: 36.1 };

interface Api {
  baseUrl: string;
  headers: Record<string, string>;
}

const announced = async ({ baseUrl, headers }: Api) => {
  const response = await fetch(`${baseUrl}/api/datasets`, { headers });
  return response.ok && ((await response.json()) as { datasets: { name: string }[] }).datasets.some((dataset) => dataset.name === 'published');
};
const detailsStatus = async ({ baseUrl, headers }: Api) => (await fetch(`${baseUrl}/api/parcels/${PUBLISHED.pin}`, { headers })).status;

/** The published parcel in its tile, its details and its search. */
async function servesPublished(api: Api): Promise<boolean> {
  const { x, y } = lonLatToTile(PUBLISHED.lng, PUBLISHED.lat, 16);
  const tile = await fetch(`${api.baseUrl}/tiles/16/${x}/${y}.pbf`, { headers: api.headers });
  const inTile = tile.status === 200 && Buffer.from(await tile.arrayBuffer()).includes(PUBLISHED.pin);
  const search = await fetch(`${api.baseUrl}/api/parcels/search?q=${encodeURIComponent(PUBLISHED.owner.toLowerCase())}`, { headers: api.headers });
  const found = search.ok && ((await search.json()) as { results: { pin: string }[] }).results.some((result) => result.pin === PUBLISHED.pin);
  return inTile && found && (await detailsStatus(api)) === 200;
}

/** While the import runs and after: every POLL_MS the instance's announcement, and at once the details of what it announced. */
async function publishReadThroughReplica(api: Api, primary: PrivatePostgres, workDir: string): Promise<HardeningOutcome> {
  if ((await detailsStatus(api)) !== 404 || (await announced(api))) throw new Error('the parcel was served before its publish');
  let importing = true;
  const before: number[] = [];
  // Reads during the import: what would keep the old version as current if the announcement came early.
  const reading = (async () => {
    while (importing) {
      before.push(await detailsStatus(api));
      await sleep(POLL_MS);
    }
  })();
  await publishOneParcel(PUBLISHED, primary.url, workDir).finally(() => {
    importing = false;
  });
  await reading;
  const imported = performance.now();
  let announcedAfter: number | undefined;
  const afterAnnouncement: number[] = [];
  let servedAfter: number | undefined;
  while (performance.now() - imported < PUBLISH_BUDGET_MS * 2 && servedAfter === undefined) {
    if (announcedAfter === undefined && (await announced(api))) announcedAfter = performance.now() - imported;
    if (announcedAfter !== undefined) {
      afterAnnouncement.push(await detailsStatus(api));
      if (await servesPublished(api)) servedAfter = performance.now() - imported;
    } else {
      await detailsStatus(api);
    }
    await sleep(POLL_MS);
  }
  const notFound = afterAnnouncement.filter((status) => status !== 200).length;
  return {
    tried: PUBLISH_TRIED,
    held: announcedAfter !== undefined && servedAfter !== undefined && servedAfter <= PUBLISH_BUDGET_MS && notFound === 0,
    detail:
      `after the import exited: announced in ${announcedAfter === undefined ? 'NEVER' : `${Math.round(announcedAfter)} ms`}, ` +
      `tile, details and search served in ${servedAfter === undefined ? 'NEVER' : `${Math.round(servedAfter)} ms`} (budget ${PUBLISH_BUDGET_MS} ms); ` +
      `${afterAnnouncement.length} details requests after the announcement, ${notFound} not 200; ${before.length} during the import`,
  };
}

async function readsSurviveRestart(api: Api, replica: PrivatePostgres): Promise<HardeningOutcome> {
  const restartStartedAt = performance.now();
  await replica.restart();
  const backAt = performance.now();
  let recoveredAfter: number | undefined;
  while (performance.now() - backAt < RECOVERY_LIMIT_MS * 2) {
    if ((await detailsStatus(api).catch(() => 0)) === 200 && (await servesPublished(api).catch(() => false))) {
      recoveredAfter = performance.now() - backAt;
      break;
    }
    await sleep(POLL_MS);
  }
  return {
    tried: RESTART_TRIED,
    held: recoveredAfter !== undefined && recoveredAfter <= RECOVERY_LIMIT_MS,
    detail: `restart took ${seconds(backAt - restartStartedAt)}; details, tile and search answered again ${recoveredAfter === undefined ? 'NEVER' : `${Math.round(recoveredAfter)} ms`} after the replica accepted connections (limit ${seconds(RECOVERY_LIMIT_MS)})`,
  };
}

async function readReplicas(context: HardeningContext): Promise<HardeningOutcome[]> {
  const startedAt = performance.now();
  // Beside faults' private server (5200 + the offset); offsets 4 apart never share one.
  const primary = await startPrivatePostgres(5201 + context.portOffset);
  const fixture = await openApiFixture('read-replicas');
  let replica: PrivatePostgres | undefined;
  try {
    await seedTestSquare(primary.url);
    replica = await startPrivateReplica(primary, 5202 + context.portOffset, { applyDelayMs: APPLY_DELAY_MS });
    const env = { ...UNREACHED_RATE_LIMITS, DATABASE_READ_URL: replica.url };
    const instance = await startApiOn({ database: { databaseUrl: primary.url }, port: apiPorts(context)[0], jwt: fixture.identity.jwt, env });
    try {
      const [user] = await fixture.signInUsers('read-replicas', 1);
      const api = { baseUrl: instance.baseUrl, headers: { authorization: `Bearer ${await user!.jwt()}` } };
      const publish = await publishReadThroughReplica(api, primary, fixture.workDir).catch((error: unknown) => didNotComplete(PUBLISH_TRIED, error));
      const restart = await readsSurviveRestart(api, replica).catch((error: unknown) => didNotComplete(RESTART_TRIED, error));
      context.log(`readReplicas: ${seconds(performance.now() - startedAt)} in all`);
      return [publish, restart];
    } finally {
      await instance.stop();
    }
  } finally {
    await replica?.destroy();
    await fixture.close();
    await primary.destroy();
  }
}

const check: HardeningCheck = {
  name: 'readReplicas',
  async run(context) {
    // The primary and its replica are the check's own (privatePostgres.ts); like every PostgreSQL check it runs where one answers.
    if (context.postgresUrl === undefined) return [skippedPostgres(PUBLISH_TRIED), skippedPostgres(RESTART_TRIED)];
    if (postgresBinDir() === undefined) return [PUBLISH_TRIED, RESTART_TRIED].map((tried) => ({ tried, held: true, detail: 'skipped: no PostgreSQL server binaries installed' }));
    return readReplicas(context).catch((error: unknown) => [didNotComplete(PUBLISH_TRIED, error), didNotComplete(RESTART_TRIED, error)]);
  },
};

export default check;
