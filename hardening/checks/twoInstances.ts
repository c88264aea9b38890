// Issue #8 §6: two API processes behind one PostgreSQL serve a user consistently, as behind a load
// balancer: what one saves the other lists, what one deletes the other no longer lists.
// Issue #22 §4: a data set published by the import command reaches both within 5 s — tiles, details
// and search — without a restart.
import { setTimeout as sleep } from 'node:timers/promises';
import { lonLatToTile } from '../../api-server/src/tiles/kit/tileMath.ts';
import { didNotComplete, skippedPostgres, withInstancesOnOneDatabase } from '../support/apiFixture.ts';
import { sampleParcels } from '../support/parcelSample.ts';
import { publishOneParcel } from '../support/publishOneParcel.ts';
import { listSaved, removeSaved, save } from '../support/savedParcelsClient.ts';
import type { HardeningCheck, HardeningContext, HardeningOutcome } from '../types.ts';

/** Saves through each instance, alternating, so each direction is tried many times. */
const SAVES = 20;
const TRIED = 'two API instances on one PostgreSQL: save through one, list and delete through the other';

async function twoInstances(context: HardeningContext): Promise<HardeningOutcome> {
  return withInstancesOnOneDatabase(context, 'two-instances', { count: 2 }, async ({ instances: [a, b], fixture }) => {
    const [user] = await fixture.signInUsers('two-instances', 1);
    const jwt = await user!.jwt();
    const parcels = await sampleParcels(a!.baseUrl, jwt, SAVES);
    const problems: string[] = [];
    for (const [index, parcel] of parcels.entries()) {
      const [writer, reader] = index % 2 === 0 ? [a!, b!] : [b!, a!];
      const saved = await save(writer.baseUrl, jwt, parcel);
      if (typeof saved === 'number') {
        problems.push(`save ${parcel.parcel_pin} through ${writer.baseUrl} answered ${saved}`);
        continue;
      }
      if (!(await listSaved(reader.baseUrl, jwt)).some((record) => record.id === saved.id)) problems.push(`${saved.id} not listed by the other instance`);
      // Deleted through the instance that did not save it; gone from the one that did.
      const deleted = await removeSaved(reader.baseUrl, jwt, saved.id);
      if (deleted !== 204) problems.push(`delete of ${saved.id} through the other instance answered ${deleted}`);
      if ((await listSaved(writer.baseUrl, jwt)).some((record) => record.id === saved.id)) problems.push(`${saved.id} still listed by the saving instance after delete`);
    }
    return {
      tried: TRIED,
      held: problems.length === 0,
      detail:
        problems.length === 0
          ? `${SAVES} saves alternating between ${a!.baseUrl} and ${b!.baseUrl}: each listed by the other instance at once, deleted through it, and gone from the first`
          : problems.slice(0, 5).join('; '),
    };
  });
}

const PUBLISH_TRIED = 'two API instances on one PostgreSQL: a data set published by the import command is served by both within 5 s';
const PUBLISH_BUDGET_MS = 5_000;
const PUBLISHED = { pin: 'LIVE-PUBLISH-1', owner: 'PUBLISHED OWNER', lng: -79.5, lat: 36.1 };

/** Whether an instance serves the published parcel: in its tile, its details and its search. */
async function servesPublished(baseUrl: string, jwt: string): Promise<boolean> {
  const { x, y } = lonLatToTile(PUBLISHED.lng, PUBLISHED.lat, 16);
  const headers = { authorization: `Bearer ${jwt}` };
  const tile = await fetch(`${baseUrl}/tiles/16/${x}/${y}.pbf`, { headers });
  // fetch undoes the gzip content encoding; the PIN is a string in the tile's value table.
  const inTile = tile.status === 200 && Buffer.from(await tile.arrayBuffer()).includes(PUBLISHED.pin);
  const details = await fetch(`${baseUrl}/api/parcels/${PUBLISHED.pin}`, { headers });
  const search = await fetch(`${baseUrl}/api/parcels/search?q=${encodeURIComponent(PUBLISHED.owner.toLowerCase())}`, { headers });
  const found = search.ok && ((await search.json()) as { results: { pin: string }[] }).results.some((result) => result.pin === PUBLISHED.pin);
  return inTile && details.ok && found;
}

async function publishReachesBoth(context: HardeningContext): Promise<HardeningOutcome> {
  return withInstancesOnOneDatabase(context, 'two-instances-publish', { count: 2 }, async ({ instances, databaseUrl, fixture }) => {
    const [user] = await fixture.signInUsers('two-instances-publish', 1);
    const jwt = await user!.jwt();
    // Both have the tile cached before the publish: serving the new one means dropping the old.
    for (const api of instances) if (await servesPublished(api.baseUrl, jwt)) throw new Error('the parcel was served before its publish');

    await publishOneParcel(PUBLISHED, databaseUrl, fixture.workDir);
    const published = performance.now();
    const servedAfter = await Promise.all(
      instances.map(async (api) => {
        while (performance.now() - published < PUBLISH_BUDGET_MS * 2) {
          if (await servesPublished(api.baseUrl, jwt)) return Math.round(performance.now() - published);
          await sleep(50);
        }
        return Infinity;
      }),
    );
    return {
      tried: PUBLISH_TRIED,
      held: servedAfter.every((ms) => ms <= PUBLISH_BUDGET_MS),
      detail: `after the import exited, ${instances.map((api, i) => `${api.baseUrl} served the new parcel (tile, details, search) in ${servedAfter[i]} ms`).join('; ')} (budget ${PUBLISH_BUDGET_MS} ms)`,
    };
  });
}

const check: HardeningCheck = {
  name: 'twoInstances',
  async run(context) {
    if (context.postgresUrl === undefined) return [skippedPostgres(TRIED), skippedPostgres(PUBLISH_TRIED)];
    return [
      await twoInstances(context).catch((error: unknown) => didNotComplete(TRIED, error)),
      await publishReachesBoth(context).catch((error: unknown) => didNotComplete(PUBLISH_TRIED, error)),
    ];
  },
};

export default check;
