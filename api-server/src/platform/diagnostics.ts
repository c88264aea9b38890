// The API's one diagnostics seam: what a running server reports about its own internals, for whoever
// watches it (the metrics of platform/metrics/metrics.ts; tests). Product code calls it; the default
// does nothing.

export interface Diagnostics {
  /** A fast path in front of Express answered a request of this route (e.g. '/tiles'). */
  fastPathAnswered(route: string): void;
  /** A tile set's cache (e.g. '/tiles') was asked for a tile on the Express path: had it (hit) or builds it. */
  tileCacheLookup(tileSet: string, hit: boolean): void;
}

export const NO_DIAGNOSTICS: Diagnostics = { fastPathAnswered: () => undefined, tileCacheLookup: () => undefined };
