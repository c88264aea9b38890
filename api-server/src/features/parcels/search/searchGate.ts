// At most `slots` searches at the database at once; the rest wait here, in order. Other requests do
// not wait here: they go straight to the database and find at most `slots` searches ahead of them.
// On PGlite (one session, statements run in turn) a burst of searches would otherwise queue twenty
// statements in front of a saved-parcel list (issue #24: 13.7 s instead of 3 ms).
export function createSearchGate(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

export type SearchGate = ReturnType<typeof createSearchGate>;
