// Long work shares the event loop with what arrives meanwhile: one slice of it, of all the work there
// is, between two looks at timers and sockets.
import { describe, expect, it } from 'vitest';
import { eventLoopSlices } from './eventLoopSlices.ts';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('slices of the event loop', () => {
  it('runs one slice of all the long work in progress each turn, the longest waiting first', async () => {
    const order: string[] = [];
    const work = async (name: string) => {
      const slices = eventLoopSlices(1);
      for (let slice = 0; slice < 3; slice += 1) {
        busy(2);
        order.push(name);
        if (slices.spent) await slices.next();
      }
    };
    const done = Promise.all(['a', 'b', 'c', 'd', 'e'].map(work));
    // Each work ran its first slice as it began; a timer due now runs after at most one more.
    const before = order.length;
    const between = await new Promise<number>((resolve) => setTimeout(() => resolve(order.length - before), 0));
    await done;
    expect(between).toBeLessThanOrEqual(1);
    expect(order).toEqual(['a', 'b', 'c', 'd', 'e', 'a', 'b', 'c', 'd', 'e', 'a', 'b', 'c', 'd', 'e']);
  });
});
