// The Redis the shared-limits tests count in: TEST_REDIS_URL, or this machine's 127.0.0.1:6379. Those
// tests run when it answers and are skipped, naming why, when it does not (as CI without Redis).
import { Redis } from 'ioredis';

export const testRedisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether a Redis answers at testRedisUrl within a second. */
export async function testRedisAnswers(): Promise<boolean> {
  const probe = new Redis(testRedisUrl, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
