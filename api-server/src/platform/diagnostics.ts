// The API's one diagnostics seam: what a running server reports about its own internals, for whoever
// watches it (tests today; metrics can implement the same interface). Product code calls it; the
// default does nothing.

export interface Diagnostics {
  /** A fast path in front of Express answered a request of this route (e.g. '/tiles'). */
  fastPathAnswered(route: string): void;
}

export const NO_DIAGNOSTICS: Diagnostics = { fastPathAnswered: () => undefined };
