import { describe, expect, it } from 'vitest';
import { createTurnsPerKey } from './turnsPerKey.ts';

/** A piece of work the test finishes (or fails) when it chooses, recording that it started. */
function heldBuild(started: string[], name: string) {
  let finish: (value: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const build = () => {
    started.push(name);
    return new Promise<string>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { build, finish: () => finish(name), fail: (error: Error) => fail(error) };
}

/** A few turns of the event loop: a piece starts one turn after its place is free. */
async function settled(): Promise<void> {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
}

describe('createTurnsPerKey', () => {
  it("runs a key's work a few pieces at a time, each after a turn of the event loop, the rest in arrival order, and another key's at once", async () => {
    const builds = createTurnsPerKey({ runningPerKey: 2, waitingPerKey: 10 });
    const started: string[] = [];
    const flood = ['f1', 'f2', 'f3', 'f4'].map((name) => heldBuild(started, name));
    const results = flood.map(({ build }) => builds.run('stranger', build));
    const other = heldBuild(started, 'other');
    const otherResult = builds.run('neighbour', other.build);
    await settled();
    expect(started).toEqual(['f1', 'f2', 'other']);

    flood[1]!.finish();
    expect(await results[1]).toBe('f2');
    await settled();
    expect(started).toEqual(['f1', 'f2', 'other', 'f3']);
    other.finish();
    expect(await otherResult).toBe('other');

    // A failed piece gives its place to the next one too, and its caller sees the failure.
    flood[0]!.fail(new Error('database gone'));
    await expect(results[0]).rejects.toThrow('database gone');
    await settled();
    expect(started).toEqual(['f1', 'f2', 'other', 'f3', 'f4']);
    flood[2]!.finish();
    flood[3]!.finish();
    expect(await Promise.all(results.slice(2))).toEqual(['f3', 'f4']);
  });

  it('admits a key while its pieces running and waiting are within the limits, and again once they finish', async () => {
    const builds = createTurnsPerKey({ runningPerKey: 1, waitingPerKey: 2 });
    const started: string[] = [];
    const held = ['a', 'b', 'c'].map((name) => heldBuild(started, name));
    const results = held.map(({ build }) => builds.run('stranger', build));
    expect(builds.admits('stranger')).toBe(false);
    expect(builds.admits('neighbour')).toBe(true);
    await settled();
    held[0]!.finish();
    await results[0];
    expect(builds.admits('stranger')).toBe(true);
    await settled();
    held[1]!.finish();
    await settled();
    held[2]!.finish();
    await Promise.all(results);
    expect(builds.admits('stranger')).toBe(true);
  });

  it('by default runs one piece per key at a time and admits any number waiting', async () => {
    const turns = createTurnsPerKey();
    const started: string[] = [];
    const held = Array.from({ length: 50 }, (_, index) => heldBuild(started, `p${index}`));
    const results = held.map(({ build }) => turns.run('user', build));
    expect(turns.admits('user')).toBe(true);
    await settled();
    expect(started).toEqual(['p0']);
    for (const [index, piece] of held.entries()) {
      piece.finish();
      await results[index];
      await settled();
    }
    expect(started).toEqual(held.map((_, index) => `p${index}`));
  });
});
