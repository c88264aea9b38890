// Long work on the API's thread cut into slices of the event loop, so that what arrives meanwhile
// (health probes, other users' requests) is answered between slices rather than after all of it.
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long enough that the turns cost little; short enough that a queued request barely notices, even on
 * shared cores where a slice's wall time stretches to two or three times its CPU time (measured:
 * docs/decisions.md, nearby).
 */
const SLICE_MS = 4;

export interface EventLoopSlices {
  /** Whether the current slice has run its time: the caller then awaits `next()`. */
  readonly spent: boolean;
  /** Lets the event loop turn once, then starts a new slice. */
  next(): Promise<void>;
}

export function eventLoopSlices(sliceMs = SLICE_MS): EventLoopSlices {
  let started = performance.now();
  return {
    get spent() {
      return performance.now() - started >= sliceMs;
    },
    async next() {
      await nextTurn();
      started = performance.now();
    },
  };
}
