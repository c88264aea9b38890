// Limits that hold across instances (issue #45 point 1): two apps on one Redis count a user's searches
// together, so a burst spread over them meets the configured limit once, not once per app; a user's
// turns at the gates of heavy reads are taken across both. Without Redis each app counts alone.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEARCH_BUSY_MESSAGE } from '@parcel-map/shared/contracts';
import { createDatabaseGates } from '../../features/parcels/search/searchGate.ts';
import { startTestApp, type TestApp } from '../../testing/testApp.ts';
import { testRedisAnswers, testRedisUrl } from '../../testing/testRedis.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from '../http/rateLimits.ts';
import { openSharedRedis, type SharedRedis } from './redisClient.ts';
import { createSharedTurnsPerUser } from './sharedTurnsPerUser.ts';

const SEARCHES_PER_USER = 4;
const LIMITS: RateLimitSettings = {
  ...DEFAULT_RATE_LIMITS,
  refusalDelayMs: 20,
  routes: { ...DEFAULT_RATE_LIMITS.routes, search: { perUser: SEARCHES_PER_USER, perAddress: 100_000 } },
};
const BURST = 10;

const redisAnswers = await testRedisAnswers();

/** The burst's answers, sent to the apps in turn as one user; how many were searched (not 429). */
async function searchedOfBurst(apps: TestApp[]): Promise<number> {
  const user = `user-burst-${randomUUID()}`;
  const tokens = await Promise.all(apps.map((app) => app.identity.sign(user)));
  let searched = 0;
  for (let i = 0; i < BURST; i++) {
    const app = i % apps.length;
    const { status } = await apps[app]!.request('/api/parcels/search?q=main', { token: tokens[app] });
    expect([200, 429]).toContain(status);
    if (status === 200) searched += 1;
  }
  return searched;
}

describe('without REDIS_URL', () => {
  let apps: TestApp[];
  beforeAll(async () => {
    apps = await Promise.all([startTestApp({ config: { rateLimits: LIMITS } }), startTestApp({ config: { rateLimits: LIMITS } })]);
  });
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  it("counts each app's searches alone: a burst split over two is searched twice the limit", async () => {
    expect(await searchedOfBurst(apps)).toBe(2 * SEARCHES_PER_USER);
  });
});

describe.skipIf(!redisAnswers)(`with REDIS_URL (skipped when no Redis answers at ${testRedisUrl})`, () => {
  let clients: SharedRedis[];
  beforeAll(() => {
    clients = [openSharedRedis(testRedisUrl), openSharedRedis(testRedisUrl)];
  });
  afterAll(() => clients.forEach((client) => client.disconnect()));

  describe('rate limits', () => {
    let apps: TestApp[];
    beforeAll(async () => {
      apps = await Promise.all(clients.map((redis) => startTestApp({ config: { rateLimits: LIMITS }, redis })));
    });
    afterAll(() => Promise.all(apps.map((app) => app.close())));

    it('limits a burst split over two apps at the configured total, not twice it', async () => {
      expect(await searchedOfBurst(apps)).toBe(SEARCHES_PER_USER);
    });
  });

  describe("a user's turns at the gates of heavy reads", () => {
    const gatesOf = (client: SharedRedis) => createDatabaseGates({ singleSession: false }, createSharedTurnsPerUser(client));

    it("starts a user's search on one instance only once their search on the other has finished; another user's at once", async () => {
      const [first, second] = clients.map(gatesOf);
      const user = `user-turns-${randomUUID()}`;
      const events: string[] = [];
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const running = first!.searches(user, async () => {
        events.push('first started');
        await released;
        events.push('first finished');
      });
      await vi.waitFor(() => expect(events).toEqual(['first started']));
      const waiting = second!.searches(user, async () => {
        events.push('second started');
      });
      // Another user's search is not held by this one's turn.
      await second!.searches(`user-other-${randomUUID()}`, async () => events.push('other user'));
      expect(events).toEqual(['first started', 'other user']);
      release();
      await Promise.all([running, waiting]);
      expect(events).toEqual(['first started', 'other user', 'first finished', 'second started']);
    });

    it("refuses a user's search with SPEC's busy message once their searches waiting on both instances reach the bound", async () => {
      const [first, second] = clients.map(gatesOf);
      const user = `user-busy-${randomUUID()}`;
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const held = () => released;
      // One running and twenty waiting (searchGate.ts's bound), split over the two instances.
      const admitted = [first!.searches(user, held)];
      for (let i = 0; i < 20; i++) admitted.push((i % 2 === 0 ? second! : first!).searches(user, held));
      // Each client answers in the order it was asked: once both have answered, every search above has entered.
      await Promise.all(clients.map((client) => client.ping()));
      await expect(second!.searches(user, held)).rejects.toThrow(SEARCH_BUSY_MESSAGE);
      release();
      await Promise.all(admitted);
    });
  });
});
