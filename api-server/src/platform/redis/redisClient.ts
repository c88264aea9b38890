// The Redis that several API instances share their counts through (REDIS_URL): request rate limits
// (platform/http/rateLimits.ts) and each user's turns at the gates of heavy reads
// (sharedTurnsPerUser.ts). ioredis queues commands until it is connected, so the app is built at once.
import { Redis } from 'ioredis';

export type SharedRedis = Redis;

export function openSharedRedis(url: string): SharedRedis {
  return new Redis(url, {
    // A command waits out a short outage, then fails (a 500) rather than hanging a request for good.
    maxRetriesPerRequest: 2,
  });
}

/** ioredis's generic command, in the shape rate-limit-redis asks for. */
export function sendCommandTo(redis: SharedRedis) {
  return (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<number | string | (number | string)[]>;
}
