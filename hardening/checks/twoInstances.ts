// Issue #8 §6: two API processes behind one PostgreSQL serve a user consistently, as behind a load
// balancer: what one saves the other lists, what one deletes the other no longer lists.
import { apiPorts, didNotComplete, freshDatabase, openApiFixture, skippedPostgres } from '../support/apiFixture.ts';
import { startApiOn } from '../support/apiOnDatabase.ts';
import { sampleParcels } from '../support/parcelSample.ts';
import { listSaved, removeSaved, save } from '../support/savedParcelsClient.ts';
import type { HardeningCheck, HardeningContext, HardeningOutcome } from '../types.ts';

/** Saves through each instance, alternating, so each direction is tried many times. */
const SAVES = 20;
const TRIED = 'two API instances on one PostgreSQL: save through one, list and delete through the other';

async function twoInstances(context: HardeningContext): Promise<HardeningOutcome> {
  const fixture = await openApiFixture('two-instances');
  const { database, drop } = await freshDatabase('postgres', context, fixture, 'two', 'testSquare');
  const [portA, portB] = apiPorts(context);
  try {
    const [a, b] = await Promise.all([startApiOn({ database, port: portA, jwt: fixture.identity.jwt }), startApiOn({ database, port: portB, jwt: fixture.identity.jwt })]);
    try {
      const [user] = await fixture.signInUsers('two-instances', 1);
      const jwt = await user!.jwt();
      const parcels = await sampleParcels(a.baseUrl, jwt, SAVES);
      const problems: string[] = [];
      for (const [index, parcel] of parcels.entries()) {
        const [writer, reader] = index % 2 === 0 ? [a, b] : [b, a];
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
            ? `${SAVES} saves alternating between ${a.baseUrl} and ${b.baseUrl}: each listed by the other instance at once, deleted through it, and gone from the first`
            : problems.slice(0, 5).join('; '),
      };
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  } finally {
    await drop();
    await fixture.close();
  }
}

const check: HardeningCheck = {
  name: 'twoInstances',
  async run(context) {
    if (context.postgresUrl === undefined) return [skippedPostgres(TRIED)];
    return [await twoInstances(context).catch((error: unknown) => didNotComplete(TRIED, error))];
  },
};

export default check;
