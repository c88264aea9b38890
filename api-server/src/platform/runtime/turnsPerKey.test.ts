import { describe, expect, it } from 'vitest';
import { createTurnsPerKey } from './turnsPerKey.ts';

/** A piece of work that runs until released, recording how many of its key's run at once. */
function pieces() {
  const running = new Map<string, number>();
  const most = new Map<string, number>();
  const releases: (() => void)[] = [];
  const piece = (key: string, answer: string, fails = false) => async () => {
    running.set(key, (running.get(key) ?? 0) + 1);
    most.set(key, Math.max(most.get(key) ?? 0, running.get(key)!));
    await new Promise<void>((release) => releases.push(release));
    running.set(key, running.get(key)! - 1);
    if (fails) throw new Error(answer);
    return answer;
  };
  const releaseAll = async () => {
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { piece, most, releaseAll };
}

describe('createTurnsPerKey', () => {
  it("runs one key's work one piece at a time, in order, and other keys' at once", async () => {
    const turns = createTurnsPerKey();
    const { piece, most, releaseAll } = pieces();
    const answers = Promise.all([
      turns.run('stranger', piece('stranger', 'a')),
      turns.run('stranger', piece('stranger', 'b', true)).catch((error: Error) => `failed ${error.message}`),
      turns.run('stranger', piece('stranger', 'c')),
      turns.run('other', piece('other', 'x')),
      turns.run('another', piece('another', 'y')),
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    await releaseAll();
    expect(await answers).toEqual(['a', 'failed b', 'c', 'x', 'y']);
    expect(most.get('stranger')).toBe(1);
    // The others started while the stranger's first was running.
    expect([most.get('other'), most.get('another')]).toEqual([1, 1]);
  });
});
