// One user's heavy reads take turns across every API instance on one Redis: one runs at a time, the
// rest wait in arrival order, and past the bound the next is refused — what an instance's own gate
// does (features/parcels/search/searchGate.ts), counted for all instances together.
//
// Each piece is a member of the user's sorted set, scored by its arrival time (Redis's clock, so the
// instances' clocks do not matter); the oldest member runs. A member older than TURN_TTL_MS counts no
// more, and the set expires that long after its last arrival: an instance that crashed holding a turn
// holds it at most that long.
import { randomUUID } from 'node:crypto';
import type { SharedRedis } from './redisClient.ts';

/** Far longer than a search or a list runs (milliseconds to seconds), so a live turn does not lapse; a lapsed one only lets the next piece start early. */
const TURN_TTL_MS = 60_000;
/** How often a waiting piece asks whether its turn has come. */
const POLL_MS = 10;
const KEY_PREFIX = 'parcel-map:turns:';

// KEYS[1]: the user's set. ARGV: ttl ms, running + waiting allowed, this piece's member. 1 if it is in, 0 if refused.
const ENTER = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
`;

export interface SharedTurnsPerUser {
  /** `work`'s result once it is the user's oldest piece on `gate`; `refused()` is thrown past `allowed` pieces. */
  run<T>(gate: string, user: string, allowed: number, refused: () => Error, work: () => Promise<T>): Promise<T>;
}

export function createSharedTurnsPerUser(redis: SharedRedis): SharedTurnsPerUser {
  return {
    async run(gate, user, allowed, refused, work) {
      const key = `${KEY_PREFIX}${gate}:${user}`;
      const member = randomUUID();
      if (Number(await redis.eval(ENTER, 1, key, TURN_TTL_MS, allowed, member)) === 0) throw refused();
      try {
        // null: the piece waited past the ttl and lapsed; it runs rather than waiting for nothing.
        for (let rank = await redis.zrank(key, member); rank !== null && rank > 0; rank = await redis.zrank(key, member)) {
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
        return await work();
      } finally {
        await redis.zrem(key, member);
      }
    },
  };
}
