// Work that takes its turn per key (a user, a client address): each key runs a set number of pieces
// at once, the rest wait in arrival order, and past a bound the key is refused until its work catches
// up. Other keys' work starts at once, so one key flooding the server never puts its work ahead of
// theirs. Each piece starts after a turn of the event loop, so requests already arrived — another
// user's, a cached answer — are read before a piece that may hold the thread for milliseconds.

export interface TurnLimits {
  /** Pieces one key runs at once. */
  runningPerKey: number;
  /** Pieces one key may have waiting beyond those; `admits` answers false past it. */
  waitingPerKey: number;
}

/** One piece at a time per key, any number waiting. */
const ONE_AT_A_TIME: TurnLimits = { runningPerKey: 1, waitingPerKey: Number.POSITIVE_INFINITY };

export interface TurnsPerKey {
  /** Whether `key` may queue another piece: its pieces running and waiting are within the limits. */
  admits(key: string): boolean;
  /** `work`'s result, started once one of the key's running places is free (in arrival order). */
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

interface KeyTurns {
  running: number;
  waiting: (() => void)[];
}

export function createTurnsPerKey(limits: TurnLimits = ONE_AT_A_TIME): TurnsPerKey {
  // Only keys with work running or waiting: the map stays as small as the work under way.
  const byKey = new Map<string, KeyTurns>();

  function finished(key: string, turns: KeyTurns): void {
    const next = turns.waiting.shift();
    if (next) {
      next();
      return;
    }
    turns.running -= 1;
    if (turns.running === 0) byKey.delete(key);
  }

  return {
    admits(key) {
      const turns = byKey.get(key);
      return turns === undefined || turns.running + turns.waiting.length < limits.runningPerKey + limits.waitingPerKey;
    },

    async run(key, work) {
      let turns = byKey.get(key);
      if (!turns) byKey.set(key, (turns = { running: 0, waiting: [] }));
      if (turns.running < limits.runningPerKey) turns.running += 1;
      // A finishing piece hands its running place straight to the next one waiting.
      else await new Promise<void>((start) => turns.waiting.push(start));
      try {
        await new Promise((resolve) => setImmediate(resolve));
        return await work();
      } finally {
        finished(key, turns);
      }
    },
  };
}
