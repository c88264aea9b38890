// Issue #45 §1: three API processes on one PostgreSQL and one Redis (REDIS_URL) count a user's
// searches together: a burst split across them is limited at the configured total, not three times it.
import { randomUUID } from 'node:crypto';
import { TOO_MANY_REQUESTS_MESSAGE } from '../../shared/src/wire/rateLimit.ts';
import { testRedisAnswers, testRedisUrl } from '../../api-server/src/testing/testRedis.ts';
import { didNotComplete, skippedPostgres, withInstancesOnOneDatabase } from '../support/apiFixture.ts';
import type { HardeningCheck, HardeningContext, HardeningOutcome } from '../types.ts';

const SEARCHES_PER_USER = 30;
/** Three times the limit: what three instances counting alone would all answer. */
const BURST = 3 * SEARCHES_PER_USER;
/** Searches in flight at once, one per instance each: fewer than the gate's bound of a user's waiting searches, so only the rate limit refuses. */
const AT_ONCE = 9;
const TRIED = `three API instances on one PostgreSQL and one Redis: a burst of ${BURST} searches by one user split across them is limited at ${SEARCHES_PER_USER} per minute`;

async function burstAcrossThree(context: HardeningContext): Promise<HardeningOutcome> {
  const env = { REDIS_URL: testRedisUrl, RATE_LIMIT_SEARCH_PER_USER: String(SEARCHES_PER_USER), RATE_LIMIT_SEARCH_PER_ADDRESS: '100000' };
  return withInstancesOnOneDatabase(context, 'shared-limits', { count: 3, env }, async ({ instances, fixture }) => {
    // A user of this run alone: Redis keeps earlier runs' counts for the window.
    const [user] = await fixture.signInUsers(`shared-limits-${randomUUID().slice(0, 8)}`, 1);
    const jwt = await user!.jwt();
    const statuses = new Map<string, number>();
    for (let sent = 0; sent < BURST; sent += AT_ONCE) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(AT_ONCE, BURST - sent) }, async (_, i) => {
          const api = instances[(sent + i) % instances.length]!;
          const response = await fetch(`${api.baseUrl}/api/parcels/search?q=main`, { headers: { authorization: `Bearer ${jwt}` } });
          const body = (await response.json()) as { message?: string };
          return response.status === 429 && body.message !== TOO_MANY_REQUESTS_MESSAGE ? `429 ${body.message}` : String(response.status);
        }),
      );
      for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    const searched = statuses.get('200') ?? 0;
    return {
      tried: TRIED,
      held: searched === SEARCHES_PER_USER && statuses.get('429') === BURST - SEARCHES_PER_USER,
      detail: `${[...statuses].map(([status, count]) => `${count}× ${status}`).join(', ')} across ${instances.map((api) => api.baseUrl).join(', ')} (Redis ${testRedisUrl})`,
    };
  });
}

const check: HardeningCheck = {
  name: 'sharedLimits',
  async run(context) {
    if (context.postgresUrl === undefined) return [skippedPostgres(TRIED)];
    if (!(await testRedisAnswers())) return [{ tried: TRIED, held: true, detail: `skipped: no Redis answers at ${testRedisUrl} (TEST_REDIS_URL)` }];
    return [await burstAcrossThree(context).catch((error: unknown) => didNotComplete(TRIED, error))];
  },
};

export default check;
