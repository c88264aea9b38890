// Cold tile builds per client address: a build takes the event loop for milliseconds (a dense parcel
// tile 10–50 ms), so one address asking for thousands of tiles nobody has asked for would otherwise
// keep every other user's tiles — cached ones included — waiting behind its builds (issue #39: a
// stranger's flood took another user's p99 from 30 to 1,274 ms). Each address runs a few builds at
// once; more wait their turn in arrival order, and past that the address is refused (429) until its
// builds catch up. Other addresses' builds start at once, so theirs never queue behind a flood.

export interface ColdBuildLimits {
  /** Builds one address runs at once (TILE_BUILDS_PER_ADDRESS). */
  runningPerAddress: number;
  /** Builds one address may have waiting beyond those; another request of its is refused (TILE_BUILDS_WAITING_PER_ADDRESS). */
  waitingPerAddress: number;
}

export const DEFAULT_COLD_BUILD_LIMITS: ColdBuildLimits = { runningPerAddress: 1, waitingPerAddress: 128 };

export interface ColdBuilds {
  /** Whether a request from `address` may wait for a build: its builds running and waiting are within the limits. */
  admits(address: string): boolean;
  /** `build`'s result, started once one of the address's running places is free (in arrival order). */
  run<T>(address: string, build: () => Promise<T>): Promise<T>;
}

interface AddressBuilds {
  running: number;
  waiting: (() => void)[];
}

export function createColdBuilds(limits: ColdBuildLimits): ColdBuilds {
  // Only addresses with a build running or waiting: the map stays as small as the work under way.
  const byAddress = new Map<string, AddressBuilds>();

  function finished(address: string, builds: AddressBuilds): void {
    const next = builds.waiting.shift();
    if (next) {
      next();
      return;
    }
    builds.running -= 1;
    if (builds.running === 0) byAddress.delete(address);
  }

  return {
    admits(address) {
      const builds = byAddress.get(address);
      return builds === undefined || builds.running + builds.waiting.length < limits.runningPerAddress + limits.waitingPerAddress;
    },

    async run(address, build) {
      let builds = byAddress.get(address);
      if (!builds) byAddress.set(address, (builds = { running: 0, waiting: [] }));
      if (builds.running < limits.runningPerAddress) builds.running += 1;
      // A finishing build hands its running place straight to the next one waiting.
      else await new Promise<void>((start) => builds.waiting.push(start));
      try {
        // Requests already arrived (another user's, cached tiles) are read before this build takes the event loop.
        await new Promise((resolve) => setImmediate(resolve));
        return await build();
      } finally {
        finished(address, builds);
      }
    },
  };
}
